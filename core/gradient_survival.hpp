#pragma once
// Gradient survival: the lesson's one verdict (healthy, fading, dying, dead) on how much gradient still passes back
// through the softmax, read from the weights the learner sees. Every widget that names a verdict shows this one.
//
// The measure is the trace of the softmax Jacobian J = diag(p) − ppᵀ, relative to its value at uniform weights:
//   share(p) = tr J / tr J_uniform = Σᵢ pᵢ(1 − pᵢ) / (1 − 1/n),  in [0, 1].
// tr J = Σᵢ ∂pᵢ/∂sᵢ says how strongly the weights answer a nudge of their own scores. It is also the expected size
// zᵀJz of the signal a random unit-variance gradient z passes back through the softmax (J is positive semidefinite,
// so tr J is its nuclear norm, the sum of its eigenvalues). Properties a learner can rely on:
//   - 1 at uniform weights and only there (Σpᵢ² ≥ 1/n, with equality only at uniform), so never above 100 %;
//   - 0 exactly at a one-hot vector, and near it about 2(1 − max p)/(1 − 1/n): one towering bar is never healthy;
//   - for fixed scores s, share(softmax(s/c)) never rises as c shrinks: d/dt ln Σpᵢ² = 2(E_{2t}[s] − E_t[s]) ≥ 0
//     for p = softmax(t·s), since E_t[s] grows with t. The widgets' query keeps its direction as dₖ is dragged
//     (scores.hpp draws |q| first, in one χ² draw that almost always takes the same stream values) and its length
//     grows like √dₖ, so unscaled the verdict only falls, ÷dₖ it only rises and ÷√dₖ it holds: no flicker (tested
//     over 200 seeds along every stop of the dₖ slider).
// Under ÷dₖ the verdict only rises with dₖ and is healthy from dₖ = 16 on (2 to 64 keys): its failure is the opposite
// one, weights so flat that attention cannot tell the keys apart (the entropy shows it), not a gradient that cannot
// pass.
#include <Eigen/Core>
#include <string>

#include "names.hpp"

namespace attention_lab {

enum class GradientSurvival { Healthy = 0, Fading = 1, Dying = 2, Dead = 3 };
inline constexpr NameTable<GradientSurvival, 4> kGradientSurvivalNames{{{GradientSurvival::Healthy, "healthy"},
                                                                        {GradientSurvival::Fading, "fading"},
                                                                        {GradientSurvival::Dying, "dying"},
                                                                        {GradientSurvival::Dead, "dead"}}};

// The bands by share (≥ healthy: healthy; ≥ fading: fading; ≥ dying: dying; else dead). Since tr J ≤ 2(1 − max p),
// a share below an edge forces a top weight above 1 − edge·(1 − 1/n)/2. With one query against 8 keys, sampled as
// the widgets sample it (2000 queries each):
//   healthy ≥ 1/2:    at least half of uniform weights' response. ÷√dₖ scores (variance 1) give a median share of
//                     0.90 and 99 % of queries are healthy; the median unscaled query is healthy up to dₖ ≈ 11;
//   fading  ≥ 1/10:   down to an order of magnitude less; below it the top weight exceeds 0.956. The median
//                     unscaled query is fading from dₖ ≈ 12 to 55;
//   dying   ≥ 1/1000: the bars look one-hot (top weight up to 0.99956); the median unscaled query from dₖ ≈ 56 to 330;
//   dead    below:    no gradient worth the name; the median unscaled query from dₖ ≈ 330 on (1.3e-4 at 512).
struct GradientSurvivalThresholds {
  double healthy = 0.5;
  double fading = 0.1;
  double dying = 1e-3;
};
inline constexpr GradientSurvivalThresholds kGradientSurvivalThresholds{};

struct GradientSurvivalResult {
  double share = 0.0;  // tr J / tr J_uniform, in [0, 1]
  GradientSurvival state = GradientSurvival::Dead;
};

// weights: a probability vector of length 2..kMaxSoftmaxLength (one position has nothing to compare with). The trace
// is summed without cancellation (pᵢ times the sum of the others), so a share of 1e-169 stays 1e-169, not 0; rounding
// at uniform weights is clamped to 1.
GradientSurvivalResult gradientSurvival(const Eigen::VectorXd& weights);
// The band of a share in [0, 1].
GradientSurvival survivalState(double share);
// "healthy", "fading", "dying", "dead".
std::string survivalName(GradientSurvival state);

}  // namespace attention_lab
