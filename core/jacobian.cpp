#include "jacobian.hpp"

#include <algorithm>
#include <cmath>

#include "errors.hpp"
#include "softmax.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// Σ_{j≠i} xⱼ for every i from prefix and suffix sums: no subtraction, so no cancellation near one-hot.
Eigen::VectorXd sumsOfOthers(const Eigen::VectorXd& x) {
  const Eigen::Index n = x.size();
  Eigen::VectorXd others(n);
  double prefix = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    others[i] = prefix;
    prefix += x[i];
  }
  double suffix = 0.0;
  for (Eigen::Index i = n - 1; i >= 0; --i) {
    others[i] += suffix;
    suffix += x[i];
  }
  return others;
}

double frobeniusUnchecked(const Eigen::VectorXd& p) {
  // ‖J‖²_F = Σᵢ (pᵢ·restᵢ)² + Σᵢ pᵢ²·Σ_{j≠i} pⱼ².
  const Eigen::VectorXd rest = sumsOfOthers(p);
  const Eigen::VectorXd squares = p.array().square().matrix();
  const Eigen::VectorXd restSquares = sumsOfOthers(squares);
  double sum = 0.0;
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    const double diagonal = p[i] * rest[i];
    sum += diagonal * diagonal + squares[i] * restSquares[i];
  }
  return std::sqrt(sum);
}

}  // namespace

Eigen::MatrixXd softmaxJacobian(const Eigen::VectorXd& weights) {
  requireLength("softmaxJacobian", "weights", weights.size(), 1, kMaxJacobianLength);
  requireProbabilities("softmaxJacobian", "weights", weights);
  Eigen::MatrixXd jacobian = -weights * weights.transpose();
  jacobian.diagonal() = weights.cwiseProduct(sumsOfOthers(weights));
  return jacobian;
}

double jacobianMaxAbs(const Eigen::VectorXd& weights) {
  requireProbabilities("jacobianMaxAbs", "weights", weights);
  const Eigen::VectorXd rest = sumsOfOthers(weights);
  const double diagonal = weights.cwiseProduct(rest).maxCoeff();
  if (weights.size() < 2) return diagonal;
  // The largest off-diagonal |pᵢpⱼ| is the product of the two largest weights.
  double first = 0.0, second = 0.0;
  for (Eigen::Index i = 0; i < weights.size(); ++i) {
    if (weights[i] > first) {
      second = first;
      first = weights[i];
    } else if (weights[i] > second) {
      second = weights[i];
    }
  }
  return std::max(diagonal, first * second);
}

double jacobianFrobenius(const Eigen::VectorXd& weights) {
  requireProbabilities("jacobianFrobenius", "weights", weights);
  return frobeniusUnchecked(weights);
}

double uniformJacobianFrobenius(int n) {
  requireIntegerInRange("uniformJacobianFrobenius", "n", n, 2, kMaxSoftmaxLength);
  return std::sqrt(static_cast<double>(n - 1)) / n;
}

GradientSurvival survivalState(double ratio) {
  if (!(std::isfinite(ratio) && ratio >= 0)) {
    failArgument(ErrorKind::Range, "survivalState", "ratio", "a finite number at least 0", ratio);
  }
  if (ratio >= kHealthyRatio) return GradientSurvival::Healthy;
  if (ratio >= kFadingRatio) return GradientSurvival::Fading;
  if (ratio >= kDyingRatio) return GradientSurvival::Dying;
  return GradientSurvival::Dead;
}

std::string survivalName(GradientSurvival state) {
  switch (state) {
    case GradientSurvival::Healthy:
      return "healthy";
    case GradientSurvival::Fading:
      return "fading";
    case GradientSurvival::Dying:
      return "dying";
    case GradientSurvival::Dead:
      return "dead";
  }
  failArgument(ErrorKind::Range, "survivalName", "state", "0 (healthy), 1 (fading), 2 (dying) or 3 (dead)",
               static_cast<int>(state));
}

GradientSurvivalResult gradientSurvival(const Eigen::VectorXd& weights) {
  requireProbabilities("gradientSurvival", "weights", weights, 2);
  GradientSurvivalResult result;
  const int n = static_cast<int>(weights.size());
  result.ratio = frobeniusUnchecked(weights) / uniformJacobianFrobenius(n);
  result.state = survivalState(result.ratio);
  return result;
}

SoftmaxStats softmaxStats(const Eigen::VectorXd& weights) {
  requireProbabilities("softmaxStats", "weights", weights, 2);
  SoftmaxStats stats;
  stats.entropy = entropy(weights);
  stats.perplexity = std::exp(stats.entropy);
  stats.maxWeight = weights.maxCoeff();
  stats.jacobianMaxAbs = jacobianMaxAbs(weights);
  stats.jacobianFrobenius = frobeniusUnchecked(weights);
  const GradientSurvivalResult survival = gradientSurvival(weights);
  stats.survivalRatio = survival.ratio;
  stats.survival = survival.state;
  return stats;
}

}  // namespace attention_lab
