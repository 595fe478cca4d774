#pragma once
// Attention scores of one random query against n random keys, sampled exactly at any dₖ.
#include <Eigen/Core>
#include <cstdint>

namespace attention_lab {

// q, k ~ N(0, I_dₖ). Given q the n scores q·kⱼ are i.i.d. N(0, |q|²) with |q|² ~ χ²(dₖ), so the cost is O(n + dₖ)
// rather than O(n·dₖ); the result has exactly the distribution of the direct dot products.
Eigen::VectorXd sampleQueryScores(int keyDimension, int keyCount, std::uint64_t seed);

}  // namespace attention_lab
