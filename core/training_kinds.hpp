#pragma once
// The fixes for large scores, trained side by side: how each run kind turns q·k into the score s the softmax sees.
#include <cmath>

#include "names.hpp"

namespace attention_lab {

// With r = q·k (raw), dₖ the key width:
//   unscaled             s = r                                (the broken baseline)
//   sqrt                 s = r / √dₖ                          (Vaswani et al. 2017)
//   linear               s = r / dₖ                           (over-corrects: scores shrink like 1/√dₖ)
//   learned-temperature  s = r / τ, τ = e^θ learned with the weights, θ₀ = ln √dₖ (so it starts as sqrt)
//   qk-norm              s = g · (q/‖q‖)·(k/‖k‖), g = e^θ learned, θ₀ = ln √dₖ: what LayerNorm on q and k followed
//                        by ÷√dₖ gives at initialisation (‖q‖‖k‖ ≈ dₖ), as in Dehghani et al. 2023
//   softcap              s = c·tanh((r/√dₖ)/c): Gemma 2's cap on the already-scaled scores, c = softcap (default 50)
//   t5-init              s = r, but W_q starts with an extra 1/√dₖ, so the initial scores have variance 1 (T5)
// The learned scalars are parameterised by their logarithm θ so they stay positive whatever step Adam takes.
// Entropy collapse (Zhai et al. 2023; logit growth, Dehghani et al. 2023) on this task needs a high learning rate.
// Measured at n 32, dₖ 64, batch 16, Adam, seeds 1–3, over steps 51–300: mean attention entropy (nats), mean
// accuracy, largest |score|:
//   rate 0.3   sqrt 0.004, 0.05–0.08, 13 000–22 500;  qk-norm 0.18–0.21, 0.94, 34–42;
//              learned-temperature 0.25–0.28, 0.91; softcap 1.9–2.1, 0.67–0.70 (capped at 50, but learns slowly);
//              linear 0.03, 0.41; unscaled and t5-init ≤ 0.001, ≤ 0.06
//   rate 0.1   sqrt 0.03, 0.46–0.54, ~1 200–1 400;  qk-norm 0.19–0.21, 0.94, 27–29
//   rate 0.01  (default) no collapse: sqrt 0.23, 0.97; qk-norm 0.28–0.30, 0.97; unscaled 0.06, 0.88
// Retrieval rewards sharp attention, so every kind's entropy falls as it learns; the collapse is the fall that
// comes with runaway logits and failed learning.
enum class RunKind { Unscaled = 0, Sqrt = 1, Linear = 2, LearnedTemperature = 3, QkNorm = 4, Softcap = 5, T5Init = 6 };
inline constexpr NameTable<RunKind, 7> kRunKindNames{{{RunKind::Unscaled, "unscaled"},
                                                      {RunKind::Sqrt, "sqrt"},
                                                      {RunKind::Linear, "linear"},
                                                      {RunKind::LearnedTemperature, "learned-temperature"},
                                                      {RunKind::QkNorm, "qk-norm"},
                                                      {RunKind::Softcap, "softcap"},
                                                      {RunKind::T5Init, "t5-init"}}};

// Gemma 2 caps attention logits at 50 (Team Gemma 2024); |s| < c always, and s ≈ r/√dₖ while |r/√dₖ| ≪ c.
constexpr double kDefaultSoftcap = 50.0;
constexpr double kMinSoftcap = 1e-3;
constexpr double kMaxSoftcap = 1e6;

// True for the kinds that learn θ (learned-temperature, qk-norm).
inline bool learnsScale(RunKind kind) { return kind == RunKind::LearnedTemperature || kind == RunKind::QkNorm; }

// θ at initialisation: ln √dₖ for the kinds that learn it, 0 (unused) otherwise.
inline double initialLogScale(RunKind kind, int keyDimension) {
  return learnsScale(kind) ? 0.5 * std::log(static_cast<double>(keyDimension)) : 0.0;
}

// The constant r is divided by before anything else: √dₖ for sqrt and softcap, dₖ for linear, 1 otherwise.
inline double fixedDivisor(RunKind kind, int keyDimension) {
  if (kind == RunKind::Sqrt || kind == RunKind::Softcap) return std::sqrt(static_cast<double>(keyDimension));
  if (kind == RunKind::Linear) return static_cast<double>(keyDimension);
  return 1.0;
}

// The extra factor on W_q's initial standard deviation: 1/√dₖ for t5-init, 1 otherwise.
inline double queryInitFactor(RunKind kind, int keyDimension) {
  return kind == RunKind::T5Init ? 1.0 / std::sqrt(static_cast<double>(keyDimension)) : 1.0;
}

// How the scores of a batch are formed from q·k: the kind, dₖ, the learned θ and the cap.
struct ScoreFunction {
  RunKind kind = RunKind::Sqrt;
  int keyDimension = 1;
  double logScale = 0.0;  // θ (learned-temperature: τ = e^θ; qk-norm: g = e^θ); ignored by the other kinds
  double softcap = kDefaultSoftcap;
};

}  // namespace attention_lab
