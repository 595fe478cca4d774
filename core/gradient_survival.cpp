#include "gradient_survival.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "errors.hpp"
#include "softmax.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// ‖Jz‖ with (Jz)ᵢ = pᵢ(zᵢ − Σⱼ pⱼzⱼ). The mean is taken relative to the top key, so at a saturated softmax the top
// entry, p_top·Σⱼ pⱼ(z_top − zⱼ), keeps its tiny true size instead of cancelling; entries are scaled before squaring.
double jacobianTimesAlignments(const Eigen::VectorXd& weights, const Eigen::VectorXd& alignments) {
  const Eigen::Index n = weights.size();
  Eigen::Index top = 0;
  for (Eigen::Index i = 1; i < n; ++i) {
    if (weights[i] > weights[top]) top = i;
  }
  double meanOffset = 0.0;
  for (Eigen::Index j = 0; j < n; ++j) meanOffset += weights[j] * (alignments[j] - alignments[top]);
  Eigen::VectorXd entries(n);
  double largest = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    entries[i] = weights[i] * ((alignments[i] - alignments[top]) - meanOffset);
    largest = std::max(largest, std::abs(entries[i]));
  }
  if (largest == 0.0) return 0.0;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) sum += (entries[i] / largest) * (entries[i] / largest);
  return largest * std::sqrt(sum);
}

}  // namespace

GradientSurvival querySurvivalState(double ratio) {
  if (!(std::isfinite(ratio) && ratio >= 0)) {
    failArgument(ErrorKind::Range, "querySurvivalState", "ratio", "a finite number at least 0", ratio);
  }
  if (ratio >= kQuerySurvivalThresholds.healthy) return GradientSurvival::Healthy;
  if (ratio >= kQuerySurvivalThresholds.fading) return GradientSurvival::Fading;
  if (ratio >= kQuerySurvivalThresholds.dying) return GradientSurvival::Dying;
  return GradientSurvival::Dead;
}

double queryGradientRatio(double queryNorm, const Eigen::VectorXd& alignments, int keyDimension, double divisor) {
  constexpr const char* kFunction = "queryGradientRatio";
  if (!(std::isfinite(queryNorm) && queryNorm >= 0)) {
    failArgument(ErrorKind::Range, kFunction, "queryNorm", "a finite number at least 0", queryNorm);
  }
  requireInRange(kFunction, "queryNorm", queryNorm, 0, kMaxQueryGradientPart);
  requireLength(kFunction, "alignments", alignments.size(), 2, kMaxKeys);
  requireFinite(kFunction, "alignments", alignments);
  for (Eigen::Index j = 0; j < alignments.size(); ++j) {
    // Bounded so that zᵢ − z_top and |q|·z/c stay finite: r is a number for every accepted query.
    if (std::abs(alignments[j]) > kMaxQueryGradientPart) {
      const std::string name = "alignments[" + std::to_string(j) + "]";
      requireInRange(kFunction, name.c_str(), alignments[j], -kMaxQueryGradientPart, kMaxQueryGradientPart);
    }
  }
  requireIntegerInRange(kFunction, "dk", keyDimension, 1, kMaxKeyDimension);
  requirePositiveFinite(kFunction, "divisor", divisor);
  requireInRange(kFunction, "divisor", divisor, kMinScaleTemperature, kMaxScaleTemperature);
  const Eigen::VectorXd weights = softmax((queryNorm / divisor) * alignments);
  const double along = jacobianTimesAlignments(weights, alignments);
  const double across = std::sqrt(static_cast<double>(keyDimension - 1)) * jacobianFrobenius(weights);
  // hypot: the two parts' squares may underflow even where their sum of squares, taken whole, would not.
  const double size = std::hypot(along, across) / divisor;
  return size / uniformJacobianFrobenius(static_cast<int>(alignments.size()));
}

QueryGradientSurvival gradientSurvival(int keyDimension, int keyCount, const Scale& scale, int trials,
                                       std::uint64_t seed) {
  constexpr const char* kFunction = "gradientSurvival";
  requireIntegerInRange(kFunction, "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange(kFunction, "keyCount", keyCount, 2, kMaxKeys);
  requireScale(kFunction, scale);
  requireIntegerInRange(kFunction, "trials", trials, 2, kMaxTrials);
  requireAtMost(kFunction, "trials*keyCount", static_cast<std::int64_t>(trials) * keyCount, kMaxSweepWork);
  const double divisor = scaleDivisor(scale, keyDimension);

  QueryGradientSurvival result;
  {
    Xoshiro256pp engine(seed);
    NormalSampler normal(engine);
    const QueryDraw shown = sampleQuery(normal, keyDimension, keyCount);
    result.sample.ratio = queryGradientRatio(shown.queryNorm, shown.alignments, keyDimension, divisor);
    result.sample.state = querySurvivalState(result.sample.ratio);
  }

  Xoshiro256pp engine(seed, 1);
  NormalSampler normal(engine);
  double sum = 0.0, sumSquares = 0.0;
  for (int t = 0; t < trials; ++t) {
    const QueryDraw query = sampleQuery(normal, keyDimension, keyCount);
    const double ratio = queryGradientRatio(query.queryNorm, query.alignments, keyDimension, divisor);
    const double logRatio = std::log(std::max(ratio, kRatioFloor));
    sum += logRatio;
    sumSquares += logRatio * logRatio;
  }
  const double meanLog = sum / trials;
  const double varianceLog = std::max(0.0, (sumSquares - trials * meanLog * meanLog) / (trials - 1));
  result.expected.ratio = std::exp(meanLog);
  result.expected.standardError = result.expected.ratio * std::sqrt(varianceLog / trials);
  result.expected.state = querySurvivalState(result.expected.ratio);
  result.expected.trials = trials;
  return result;
}

}  // namespace attention_lab
