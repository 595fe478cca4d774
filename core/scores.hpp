#pragma once
// Attention scores of one random query against n random keys, sampled exactly at any dₖ.
#include <Eigen/Core>
#include <cstdint>

#include "rng.hpp"

namespace attention_lab {

// q, k ~ N(0, I_dₖ). Given q the n scores q·kⱼ are i.i.d. N(0, |q|²) with |q|² ~ χ²(dₖ), so one χ² draw (gamma,
// O(1)) and n normals give exactly the distribution of the direct dot products in O(n), whatever dₖ is.
// keyDimension 1..kMaxKeyDimension, keyCount 1..kMaxKeys.
Eigen::VectorXd sampleQueryScores(int keyDimension, int keyCount, std::uint64_t seed);
// The same, continuing an existing stream (for Monte Carlo loops that draw many queries).
Eigen::VectorXd sampleQueryScores(NormalSampler& normal, int keyDimension, int keyCount);
// The same draw written into scores (keyCount = its size, 1..kMaxKeys), for loops that draw many without allocating.
void sampleQueryScoresInto(NormalSampler& normal, int keyDimension, Eigen::Ref<Eigen::VectorXd> scores);

// The same draw kept in its two parts: |q| and each key's alignment zⱼ = kⱼ·q/|q| (i.i.d. N(0, 1), independent of
// |q|), so scores = |q|·z exactly as sampleQueryScores returns them from the same stream.
struct QueryDraw {
  double queryNorm = 0.0;
  Eigen::VectorXd alignments;
};
QueryDraw sampleQuery(NormalSampler& normal, int keyDimension, int keyCount);

}  // namespace attention_lab
