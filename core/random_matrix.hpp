#pragma once
// Matrices of normal draws: model weights at initialisation, and the random Q, K, V of tests and benchmarks.
#include <Eigen/Core>

#include "rng.hpp"
#include "row_matrix.hpp"

namespace attention_lab {

// rows × cols independent N(0, std²) draws, filled in storage order, so one sampler state gives one matrix everywhere.
// rows·cols ≤ kMaxMatrixCells; std finite and ≥ 0.
RowMatrix normalMatrix(NormalSampler& normal, Eigen::Index rows, Eigen::Index cols, double std = 1.0);

// count standard normal draws from the start of the seed's stream 0 (count 1..kMaxSamples).
Eigen::VectorXd sampleNormals(std::int64_t count, std::uint64_t seed);

}  // namespace attention_lab
