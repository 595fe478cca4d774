#pragma once
// The softmax Jacobian J = diag(p) − p pᵀ and how much gradient it lets through: the "gradients die" step.
#include <Eigen/Core>
#include <string>

#include "gradient_survival.hpp"
#include "softmax.hpp"

namespace attention_lab {

// Weights p below: finite, ≥ 0, summing to 1 within 1e-9·n (length 1..65536 unless stated).

// ∂pᵢ/∂sⱼ = pᵢ(δᵢⱼ − pⱼ). The diagonal uses pᵢ·Σ_{j≠i} pⱼ instead of pᵢ − pᵢ², so near one-hot it keeps its
// tiny true value instead of cancelling to 0; rows then sum to 0 up to rounding and J is exactly symmetric.
Eigen::MatrixXd softmaxJacobian(const Eigen::VectorXd& weights);
// The same J written into `jacobian` (resized only when n changes): a caller that keeps one buffer across calls
// neither allocates nor copies n² doubles per call (JS reads it through a view, see web/bindings).
void softmaxJacobianInto(const Eigen::VectorXd& weights, Eigen::MatrixXd& jacobian);
// max |Jᵢⱼ| and ‖J‖_F in O(n), without forming J. ‖J‖_F is scaled by the largest entries before squaring, so it
// is > 0 whenever max |Jᵢⱼ| > 0 (softmax([0, −390]) has entries ≈ 4.2e-170, whose squares would underflow).
double jacobianMaxAbs(const Eigen::VectorXd& weights);
double jacobianFrobenius(const Eigen::VectorXd& weights);
// ‖J‖_F at the uniform distribution over n positions: sqrt(n − 1) / n (n ≥ 2).
double uniformJacobianFrobenius(int n);
// tr J = Σᵢ pᵢ(1 − pᵢ), summed as pᵢ times the sum of the other weights: near one-hot it keeps its tiny true value.
// Gradient survival (gradient_survival.hpp) is this relative to uniform weights'.
double jacobianTrace(const Eigen::VectorXd& weights);

// Everything the "watch the softmax die" readout shows for one weight vector (length 2..65536).
struct SoftmaxStats {
  double entropy = 0.0;     // nats
  double perplexity = 0.0;  // exp(entropy)
  double maxWeight = 0.0;
  double jacobianMaxAbs = 0.0;
  double jacobianFrobenius = 0.0;
  double jacobianTrace = 0.0;  // Σ ∂pᵢ/∂sᵢ
  double survivalShare = 0.0;  // gradient survival: tr J / tr J_uniform (gradient_survival.hpp)
  GradientSurvival survival = GradientSurvival::Dead;
};

SoftmaxStats softmaxStats(const Eigen::VectorXd& weights);
// The same for softmax(scores, options), with errors naming softmaxStats and scores (length 2..65536).
SoftmaxStats softmaxStatsOfScores(const Eigen::VectorXd& scores, const SoftmaxOptions& options);

}  // namespace attention_lab
