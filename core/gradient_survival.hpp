#pragma once
// Does the gradient still reach the query? The lesson's verdict (healthy, fading, dying, dead) for a scale and dₖ,
// from the size of ∂p/∂q that a typical random query gets.
//
// One query q against n keys kⱼ (the rows of K), every entry N(0, 1); scores sⱼ = q·kⱼ / c, where c is the scale's
// divisor (1 unscaled, √dₖ, dₖ, or a temperature τ); weights p = softmax(s). The weights move with the query as
//   ∂p/∂q = J·K / c,  J = diag(p) − ppᵀ.
// Two things can make it small. Unscaled, the scores spread like √dₖ, the softmax saturates and J → 0. Under ÷dₖ the
// scores shrink like 1/√dₖ: the weights stay near uniform and J is fine, but the 1/c factor makes them barely respond
// to the query (the lesson's "opposite failure"). Under ÷√dₖ neither happens, and the gradient stays O(1) at any dₖ.
//
// Exact in O(n) per query at any dₖ: given q, each key splits into its alignment zⱼ = kⱼ·q/|q|, which alone sets its
// score (sⱼ = |q|zⱼ/c), and a part orthogonal to q: dₖ − 1 independent N(0, 1) coordinates that never touch the
// scores. So ‖JK‖²_F = ‖Jz‖² + ‖JK⊥‖²_F, and over those orthogonal parts E‖JK⊥‖²_F = (dₖ − 1)‖J‖²_F
// = Σᵢ pᵢ²(dₖ − 1)(1 − 2pᵢ + Σⱼ pⱼ²). One query's gradient size is then the root mean square
//   g = √(‖Jz‖² + (dₖ − 1)‖J‖²_F) / c,
// and its ratio is r = g / (√(n − 1)/n): the reference is the expected ‖JK/√dₖ‖_F at uniform attention with
// unit-variance scores ((n − 1)/n² in square), so r ≈ 1 means "as much gradient as an unsaturated softmax gives".
//
// The expected verdict is the geometric mean of r over many random queries (the typical query, on the log scale the
// thresholds use). Not the arithmetic mean: unscaled, a rare query whose two best keys nearly tie keeps g ≈ √dₖ, and
// those ties hold the arithmetic mean near 4 at n = 8 for every dₖ from 128 to 4096, while the typical query's
// gradient, g ≈ √dₖ·e^(−√dₖ·gap), has died. A query whose gradient underflows to exactly 0 counts as kRatioFloor.
// The sample verdict is r for the one query the widget shows: the draw sampleQueryScores(dk, keyCount, seed) makes.
#include <cstdint>

#include "jacobian.hpp"
#include "scale.hpp"
#include "scores.hpp"

namespace attention_lab {

// The four states by the ratio r (r ≥ healthy: healthy; ≥ fading: fading; ≥ dying: dying; else dead). r above 1 is
// healthy too. Why these values, with n = 8 and the default 1024 queries (measured, see the tests):
//   healthy ≥ 0.7: at least 70% of an unsaturated softmax's gradient. ÷√dₖ stays at 0.78–1.11 for every dₖ and
//                  seed; unscaled at dₖ 64 is at 0.27–0.57 over 200 seeds (mean 0.42), already fading;
//   fading ≥ 0.1:  an order of magnitude down; ÷dₖ (r ≈ 1/√dₖ once dₖ ≳ 16) passes it at dₖ ≈ 100;
//   dying ≥ 1e-3:  three orders down; unscaled passes it between dₖ 256 (r ≈ 0.01) and 512 (r ≈ 3e-4), while ÷dₖ
//                  would only at dₖ ≈ 10⁶.
struct QuerySurvivalThresholds {
  double healthy = 0.7;
  double fading = 0.1;
  double dying = 1e-3;
};
constexpr QuerySurvivalThresholds kQuerySurvivalThresholds{};
// Stands in for r = 0 (an exactly one-hot softmax) in the geometric mean.
constexpr double kRatioFloor = 1e-300;
constexpr int kDefaultSurvivalTrials = 1024;

// The state of a ratio r ≥ 0 (finite) under the thresholds above.
GradientSurvival querySurvivalState(double ratio);

// Limits on the parts of one query that keep every intermediate of r finite: |q| and each |zⱼ| at most this, and
// c in [kMinScaleTemperature, kMaxScaleTemperature] (every scale's divisor is: 1, √dₖ ≤ 256, dₖ ≤ 65536 or τ).
// Sampled queries are far inside (|q| ≈ √dₖ, |zⱼ| < 9).
constexpr double kMaxQueryGradientPart = 1e6;

// r for one query: |q| = queryNorm in [0, kMaxQueryGradientPart], alignments z (length 2..kMaxKeys, each within
// ±kMaxQueryGradientPart), keyDimension 1..kMaxKeyDimension, divisor c in [kMinScaleTemperature,
// kMaxScaleTemperature].
double queryGradientRatio(double queryNorm, const Eigen::VectorXd& alignments, int keyDimension, double divisor);

struct GradientSurvivalEstimate {
  double ratio = 0.0;          // geometric mean of r over the queries
  double standardError = 0.0;  // of that mean: ratio · sd(ln r) / √trials
  GradientSurvival state = GradientSurvival::Dead;
  int trials = 0;
};

struct GradientSurvivalSample {
  double ratio = 0.0;
  GradientSurvival state = GradientSurvival::Dead;
};

struct QueryGradientSurvival {
  GradientSurvivalEstimate expected;  // queries from stream 1 of the seed
  GradientSurvivalSample sample;      // the query of sampleQueryScores(keyDimension, keyCount, seed), stream 0
};

// keyDimension 1..kMaxKeyDimension, keyCount 2..kMaxKeys, a valid scale, trials 2..kMaxTrials with
// trials·keyCount ≤ kMaxSweepWork. Same seed, same numbers.
QueryGradientSurvival gradientSurvival(int keyDimension, int keyCount, const Scale& scale, int trials,
                                       std::uint64_t seed);

}  // namespace attention_lab
