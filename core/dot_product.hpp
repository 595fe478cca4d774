#pragma once
// The variance explorer: sample q·k for random q, k ∈ ℝ^dₖ and compare the spread with theory, scaled or not.
#include <Eigen/Core>
#include <cstdint>

#include "names.hpp"
#include "scale.hpp"
#include "stats.hpp"

namespace attention_lab {

// Direct: each sample draws q and k (2·dₖ normals) and sums dₖ products: O(dₖ), the definition itself.
// Fast: each sample is sqrt(χ²(dₖ))·N(0, 1): O(1). Exact, since given q, q·k ~ N(0, |q|²) and |q|² ~ χ²(dₖ).
enum class DotProductMethod { Direct = 0, Fast = 1 };
inline constexpr NameTable<DotProductMethod, 2> kDotProductMethodNames{
    {{DotProductMethod::Direct, "direct"}, {DotProductMethod::Fast, "fast"}}};

struct DotProductExperiment {
  Eigen::VectorXd samples;             // q·k / divisor, one per sample
  double mean = 0.0;                   // sample mean
  double variance = 0.0;               // unbiased sample variance s²
  double std = 0.0;                    // s
  double meanStandardError = 0.0;      // s / √N
  double varianceStandardError = 0.0;  // sqrt((m4 − s⁴) / N), distribution-free (see stats.hpp)
  double stdStandardError = 0.0;       // delta method: SE(s²) / (2s)
  double theoryVariance = 0.0;         // dₖ / divisor²
  double theoryStd = 0.0;              // scoreStd: √theoryVariance
  Histogram histogram;                 // bins over ±4·theoryStd (samples beyond are in below/above)
  Eigen::VectorXd densityCounts;       // N(0, theoryVariance) density at bin centres × N × bin width
};

// keyDimension 1..kMaxKeyDimension; count 2..kMaxSamples; bins 1..kMaxBins;
// Direct also needs keyDimension·count ≤ kMaxDirectProducts. Same seed and arguments give the same samples.
DotProductExperiment dotProductExperiment(int keyDimension, int count, std::uint64_t seed, const Scale& scale,
                                          DotProductMethod method, int bins);

}  // namespace attention_lab
