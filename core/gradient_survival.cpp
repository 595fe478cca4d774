#include "gradient_survival.hpp"

#include <algorithm>
#include <cmath>

#include "errors.hpp"
#include "jacobian.hpp"
#include "validate.hpp"

namespace attention_lab {

GradientSurvival survivalState(double share) {
  if (!(share >= 0.0 && share <= 1.0)) {
    failArgument(ErrorKind::Range, "survivalState", "share", "a number from 0 to 1", share);
  }
  if (share >= kGradientSurvivalThresholds.healthy) return GradientSurvival::Healthy;
  if (share >= kGradientSurvivalThresholds.fading) return GradientSurvival::Fading;
  if (share >= kGradientSurvivalThresholds.dying) return GradientSurvival::Dying;
  return GradientSurvival::Dead;
}

std::string survivalName(GradientSurvival state) {
  return nameOf(kGradientSurvivalNames, state, "survivalName", "state");
}

GradientSurvivalResult gradientSurvival(const Eigen::VectorXd& weights) {
  requireProbabilities("gradientSurvival", "weights", weights, 2);
  const double n = static_cast<double>(weights.size());
  GradientSurvivalResult result;
  // Weights may sum to 1 ± 1e-9·n: the share then strays as far past 1 at uniform, which is still uniform.
  result.share = std::clamp(jacobianTrace(weights) / (1.0 - 1.0 / n), 0.0, 1.0);
  result.state = survivalState(result.share);
  return result;
}

}  // namespace attention_lab
