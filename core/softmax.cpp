#include "softmax.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

// Validates, then returns (scoreᵢ − max) / temperature, with −∞ at masked positions; the max is over unmasked ones.
Eigen::ArrayXd shiftedLogits(const char* function, const Eigen::VectorXd& scores, const SoftmaxOptions& options) {
  const Eigen::Index n = scores.size();
  requireLength(function, "scores", n, 1, kMaxSoftmaxLength);
  for (Eigen::Index i = 0; i < n; ++i) {
    // −∞ is a legitimate mask; +∞ would make every other weight 0/0 after the shift.
    if (!std::isfinite(scores[i]) && !(scores[i] == kMinusInfinity)) {
      const std::string name = "scores[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, function, name.c_str(), "finite or -inf", scores[i]);
    }
  }
  requirePositiveFinite(function, "temperature", options.temperature);
  const bool masked = !options.mask.empty();
  if (masked && static_cast<Eigen::Index>(options.mask.size()) != n) {
    failArgument(ErrorKind::Shape, function, "mask",
                 "empty (no mask) or of length " + std::to_string(n) + " (one per score)",
                 std::to_string(options.mask.size()) + " elements");
  }
  double maxScore = kMinusInfinity;
  Eigen::Index visible = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (masked && options.mask[i] > 1) {
      const std::string name = "mask[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, function, name.c_str(), "0 or 1", static_cast<int>(options.mask[i]));
    }
    if ((masked && options.mask[i] == 0) || scores[i] == kMinusInfinity) continue;
    ++visible;
    maxScore = std::max(maxScore, scores[i]);
  }
  if (visible == 0) {
    failArgument(ErrorKind::Range, function, "scores", "at least partly unmasked (a finite score whose mask is 1)",
                 "all " + std::to_string(n) + " positions masked");
  }
  Eigen::ArrayXd shifted(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const bool hidden = (masked && options.mask[i] == 0) || scores[i] == kMinusInfinity;
    shifted[i] = hidden ? kMinusInfinity : (scores[i] - maxScore) / options.temperature;
  }
  return shifted;
}

}  // namespace

Eigen::VectorXd exactExp(const Eigen::ArrayXd& x) {
  Eigen::VectorXd result(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) result[i] = std::exp(x[i]);
  return result;
}

Eigen::VectorXd softmax(const Eigen::VectorXd& scores, double temperature) {
  SoftmaxOptions options;
  options.temperature = temperature;
  return softmax(scores, options);
}

Eigen::VectorXd softmax(const Eigen::VectorXd& scores, const SoftmaxOptions& options) {
  return softmax("softmax", scores, options);
}

Eigen::VectorXd softmax(const char* function, const Eigen::VectorXd& scores, const SoftmaxOptions& options) {
  const Eigen::VectorXd weights = exactExp(shiftedLogits(function, scores, options));
  return weights / weights.sum();
}

Eigen::VectorXd logSoftmax(const Eigen::VectorXd& scores, const SoftmaxOptions& options) {
  const Eigen::ArrayXd shifted = shiftedLogits("logSoftmax", scores, options);
  // The maximum contributes exp(0) = 1, so the log of the sum is ≥ 0 and never −∞.
  return (shifted - std::log(exactExp(shifted).sum())).matrix();
}

double entropy(const Eigen::VectorXd& weights) {
  requireProbabilities("entropy", "weights", weights);
  double sum = 0.0;
  for (Eigen::Index i = 0; i < weights.size(); ++i) {
    if (weights[i] > 0) sum -= weights[i] * std::log(weights[i]);  // 0·log 0 = 0, its limit
  }
  return std::max(0.0, sum);
}

double perplexity(const Eigen::VectorXd& weights) {
  requireProbabilities("perplexity", "weights", weights);
  return std::exp(entropy(weights));
}

double maxWeight(const Eigen::VectorXd& weights) {
  requireProbabilities("maxWeight", "weights", weights);
  return weights.maxCoeff();
}

double saturationCrossing(double threshold, int n) {
  requireOpenInterval("saturationCrossing", "threshold", threshold, 0.0, 1.0);
  requireIntegerInRange("saturationCrossing", "n", n, 2, kMaxSoftmaxLength);
  return std::log(threshold) + std::log(static_cast<double>(n - 1)) - std::log1p(-threshold);
}

}  // namespace attention_lab
