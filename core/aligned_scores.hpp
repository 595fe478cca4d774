#pragma once
// After training, a query and the key it should attend to point the same way: scores of aligned q and k.
#include <Eigen/Core>
#include <array>
#include <cstdint>

#include "scale.hpp"

namespace attention_lab {

// The three scales the alignment widget compares, in this order: none, ÷√dₖ, ÷dₖ.
inline constexpr std::array<ScaleMode, 3> kAlignedScaleModes{ScaleMode::None, ScaleMode::Sqrt, ScaleMode::Linear};

// Mean, variance and std of q·k ÷ divisor when q ~ N(0, I) and k = ρ·q + √(1−ρ²)·z with z ~ N(0, I) independent:
// each component product has mean ρ and variance 1 + ρ², so q·k has mean ρ·dₖ and variance dₖ(1 + ρ²).
// ÷√dₖ leaves the mean ρ√dₖ (growing with dₖ); ÷dₖ leaves ρ (bounded). ρ = 0 is the lesson's independent case.
// dₖ 1..kMaxKeyDimension, alignment ρ in [−1, 1], any valid scale (temperature τ divides like the others).
ScoreStatistics alignedScoreStatistics(const Scale& scale, int keyDimension, double alignment);

struct AlignedScaleScores {
  ScaleMode mode = ScaleMode::None;
  Eigen::VectorXd scores;  // pairs samples of q·k ÷ divisor
  double mean = 0.0;       // sample mean
  double std = 0.0;        // sample standard deviation (÷(N−1))
  ScoreStatistics theory;  // alignedScoreStatistics for this scale
};

// One entry per kAlignedScaleModes, in that order.
struct AlignedScores {
  int keyDimension = 0;
  double alignment = 0.0;
  std::array<AlignedScaleScores, 3> byScale;
};

// pairs independent (q, k) pairs of alignment ρ, each scored under the three scales (the same draws for all three).
// Sampled exactly in O(1) per pair whatever dₖ is: q·k = ρ‖q‖² + √(1−ρ²)‖q‖·Z with ‖q‖² ~ χ²(dₖ), Z ~ N(0, 1).
// dₖ 1..kMaxKeyDimension, ρ in [−1, 1], pairs 2..kMaxSamples, any seed.
AlignedScores alignedScores(int keyDimension, double alignment, int pairs, std::uint64_t seed);

}  // namespace attention_lab
