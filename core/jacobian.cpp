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

// ‖x‖₂ with every entry divided by the largest before squaring: entries near 1e-170 square to 1e-340, below the
// smallest double, so squaring them as they are would report 0 for a Jacobian whose largest entry is not 0.
double scaledNorm(const Eigen::VectorXd& x) {
  double largest = 0.0;
  for (Eigen::Index i = 0; i < x.size(); ++i) largest = std::max(largest, std::abs(x[i]));
  if (largest == 0.0) return 0.0;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < x.size(); ++i) sum += (x[i] / largest) * (x[i] / largest);
  return largest * std::sqrt(sum);
}

// √(Σ_{j≠i} xⱼ²) for every i, each scaled by the largest of the other entries: the others of a dominant weight
// (e^-390 beside 1) keep their size instead of underflowing when squared.
Eigen::VectorXd normsOfOthers(const Eigen::VectorXd& x) {
  const Eigen::Index n = x.size();
  Eigen::Index top = 0;
  for (Eigen::Index i = 1; i < n; ++i) {
    if (x[i] > x[top]) top = i;
  }
  double second = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (i != top) second = std::max(second, x[i]);
  }
  const double first = x[top];
  const auto scaledSquaresOfOthers = [&](double scale) {
    if (scale == 0.0) return Eigen::VectorXd::Zero(n).eval();
    return sumsOfOthers((x / scale).array().square().matrix());
  };
  const Eigen::VectorXd byFirst = scaledSquaresOfOthers(first);
  const Eigen::VectorXd bySecond = scaledSquaresOfOthers(second);
  Eigen::VectorXd norms(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    norms[i] = i == top ? second * std::sqrt(bySecond[i]) : first * std::sqrt(byFirst[i]);
  }
  return norms;
}

double frobeniusUnchecked(const Eigen::VectorXd& p) {
  // ‖J‖²_F = Σᵢ (pᵢ·restᵢ)² + Σᵢ (pᵢ·‖p without i‖)²: the diagonal, then each row's off-diagonal part.
  const Eigen::Index n = p.size();
  const Eigen::VectorXd rest = sumsOfOthers(p);
  const Eigen::VectorXd others = normsOfOthers(p);
  Eigen::VectorXd parts(2 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    parts[i] = p[i] * rest[i];
    parts[n + i] = p[i] * others[i];
  }
  return scaledNorm(parts);
}

}  // namespace

Eigen::MatrixXd softmaxJacobian(const Eigen::VectorXd& weights) {
  Eigen::MatrixXd jacobian;
  softmaxJacobianInto(weights, jacobian);
  return jacobian;
}

void softmaxJacobianInto(const Eigen::VectorXd& weights, Eigen::MatrixXd& jacobian) {
  requireLength("softmaxJacobian", "weights", weights.size(), 1, kMaxJacobianLength);
  requireProbabilities("softmaxJacobian", "weights", weights);
  jacobian.noalias() = -weights * weights.transpose();
  jacobian.diagonal() = weights.cwiseProduct(sumsOfOthers(weights));
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

double jacobianTrace(const Eigen::VectorXd& weights) {
  requireProbabilities("jacobianTrace", "weights", weights);
  return weights.dot(sumsOfOthers(weights));
}

SoftmaxStats softmaxStatsOfScores(const Eigen::VectorXd& scores, const SoftmaxOptions& options) {
  requireLength("softmaxStats", "scores", scores.size(), 2, kMaxSoftmaxLength);
  return softmaxStats(softmax("softmaxStats", scores, options));
}

SoftmaxStats softmaxStats(const Eigen::VectorXd& weights) {
  requireProbabilities("softmaxStats", "weights", weights, 2);
  SoftmaxStats stats;
  stats.entropy = entropy(weights);
  stats.perplexity = std::exp(stats.entropy);
  stats.maxWeight = weights.maxCoeff();
  stats.jacobianMaxAbs = jacobianMaxAbs(weights);
  stats.jacobianFrobenius = frobeniusUnchecked(weights);
  stats.jacobianTrace = weights.dot(sumsOfOthers(weights));
  const GradientSurvivalResult survival = gradientSurvival(weights);
  stats.survivalShare = survival.share;
  stats.survival = survival.state;
  return stats;
}

}  // namespace attention_lab
