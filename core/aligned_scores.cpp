#include "aligned_scores.hpp"

#include <algorithm>
#include <cmath>

#include "gamma.hpp"
#include "rng.hpp"
#include "stats.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

void requireAlignment(const char* function, double alignment) {
  requireInRange(function, "alignment", alignment, -1.0, 1.0);
}

}  // namespace

ScoreStatistics alignedScoreStatistics(const Scale& scale, int keyDimension, double alignment) {
  const char* function = "alignedScoreStatistics";
  requireScale(function, scale);
  requireIntegerInRange(function, "dk", keyDimension, 1, kMaxKeyDimension);
  requireAlignment(function, alignment);
  const double dk = static_cast<double>(keyDimension);
  ScoreStatistics statistics;
  statistics.divisor = scaleDivisor(scale, keyDimension);
  statistics.mean = alignment * dk / statistics.divisor;
  statistics.variance = dk * (1.0 + alignment * alignment) / (statistics.divisor * statistics.divisor);
  statistics.std = std::sqrt(statistics.variance);
  return statistics;
}

AlignedScores alignedScores(int keyDimension, double alignment, int pairs, std::uint64_t seed) {
  const char* function = "alignedScores";
  requireIntegerInRange(function, "dk", keyDimension, 1, kMaxKeyDimension);
  requireAlignment(function, alignment);
  requireIntegerInRange(function, "pairs", pairs, 2, kMaxSamples);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  // The part of k independent of q: at ρ = ±1 it vanishes and k = ±q.
  const double rest = std::sqrt(std::max(0.0, 1.0 - alignment * alignment));
  Eigen::VectorXd raw(pairs);
  for (int i = 0; i < pairs; ++i) {
    const double squaredNorm = sampleChiSquared(normal, keyDimension);
    raw[i] = alignment * squaredNorm + rest * std::sqrt(squaredNorm) * normal.next();
  }
  AlignedScores result;
  result.keyDimension = keyDimension;
  result.alignment = alignment;
  for (std::size_t s = 0; s < kAlignedScaleModes.size(); ++s) {
    AlignedScaleScores& entry = result.byScale[s];
    entry.mode = kAlignedScaleModes[s];
    entry.theory = alignedScoreStatistics(Scale{entry.mode}, keyDimension, alignment);
    entry.scores = raw / entry.theory.divisor;
    const Moments moments = sampleMoments(entry.scores);
    entry.mean = moments.mean;
    entry.std = std::sqrt(moments.variance);
  }
  return result;
}

}  // namespace attention_lab
