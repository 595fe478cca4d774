#pragma once
// The softmax Jacobian J = diag(p) − p pᵀ and how much gradient it lets through: the "gradients die" step.
#include <Eigen/Core>
#include <string>

#include "names.hpp"
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

// How much gradient flows back through the softmax, from r = ‖J‖_F / ‖J_uniform‖_F (same n), for one weight vector.
// The lesson's verdict for a scale and dₖ (what reaches the query, over many queries) is gradient_survival.hpp's.
// Thresholds, by what r means for a learner's model:
//   Healthy r ≥ 0.5   — at least half the uniform distribution's gradient: learning proceeds normally.
//   Fading  r ≥ 0.1   — one order of magnitude down: learning slows visibly.
//   Dying   r ≥ 1e-3  — up to three orders down: the score weights barely move per step.
//   Dead    r < 1e-3  — effectively no gradient (exactly 0 at one-hot).
// r can exceed 1: mass shared by two positions beats uniform (two-hot at n = 3 gives r ≈ 1.06, and r grows like
// √n/2 for two-hot at large n, because the uniform Jacobian's entries shrink like 1/n).
enum class GradientSurvival { Healthy = 0, Fading = 1, Dying = 2, Dead = 3 };
inline constexpr NameTable<GradientSurvival, 4> kGradientSurvivalNames{{{GradientSurvival::Healthy, "healthy"},
                                                                        {GradientSurvival::Fading, "fading"},
                                                                        {GradientSurvival::Dying, "dying"},
                                                                        {GradientSurvival::Dead, "dead"}}};

constexpr double kHealthyRatio = 0.5;
constexpr double kFadingRatio = 0.1;
constexpr double kDyingRatio = 1e-3;

struct GradientSurvivalResult {
  double ratio = 0.0;
  GradientSurvival state = GradientSurvival::Dead;
};

// weights of length 2..65536 (one position has no gradient to compare).
GradientSurvivalResult gradientSurvival(const Eigen::VectorXd& weights);
// The state for a ratio r ≥ 0 (finite).
GradientSurvival survivalState(double ratio);
// "healthy", "fading", "dying", "dead".
std::string survivalName(GradientSurvival state);

// Everything the "watch the softmax die" readout shows for one weight vector (length 2..65536).
struct SoftmaxStats {
  double entropy = 0.0;     // nats
  double perplexity = 0.0;  // exp(entropy)
  double maxWeight = 0.0;
  double jacobianMaxAbs = 0.0;
  double jacobianFrobenius = 0.0;
  double survivalRatio = 0.0;  // r above
  GradientSurvival survival = GradientSurvival::Dead;
};

SoftmaxStats softmaxStats(const Eigen::VectorXd& weights);
// The same for softmax(scores, options), with errors naming softmaxStats and scores (length 2..65536).
SoftmaxStats softmaxStatsOfScores(const Eigen::VectorXd& scores, const SoftmaxOptions& options);

}  // namespace attention_lab
