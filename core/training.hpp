#pragma once
// "Train it": a one-head attention model learns the retrieval task under each fix for large scores, live in the page.
#include <Eigen/Core>
#include <cstdint>
#include <optional>

#include "names.hpp"
#include "retrieval_task.hpp"
#include "rng.hpp"
#include "row_matrix.hpp"
#include "training_kinds.hpp"

namespace attention_lab {

// The model, for one example with query input x̃ and items x₁…xₙ (rows of width modelDimension):
//   q = x̃·W_q,  kⱼ = xⱼ·W_k  (W_q, W_k: modelDimension × dₖ),  sⱼ = f(q, kⱼ) by the run kind (training_kinds.hpp),
//   p = softmax(s),  output o = Σⱼ pⱼxⱼ (the items are their own values),  loss = ‖o − x_t‖² / modelDimension,
//   correct when argmax s = t.
// W_q and W_k start N(0, 1/modelDimension) (t5-init: W_q also × 1/√dₖ): with ±1 inputs every component of q and k
// then has variance 1, so unscaled scores start with variance ≈ dₖ, the lesson's premise. Every kind of a seed
// starts from the same normal draws and sees the same batches (common random numbers): only the score map differs.
// Why the loss sits after the attention output, not cross-entropy on the scores: with cross-entropy the gradient at
// the scores is p − onehot(t), which saturation does not shrink (the log undoes the exp), so the lesson's mechanism
// (J = diag(p) − ppᵀ → 0) never acts; measured, the unscaled run then lagged only ~1.3× at dₖ 256. Reading the
// values out, as attention does in a transformer, sends the gradient through J, and the unscaled run stalls.
enum class Optimizer { Adam = 0, Sgd = 1 };
inline constexpr NameTable<Optimizer, 2> kOptimizerNames{{{Optimizer::Adam, "adam"}, {Optimizer::Sgd, "sgd"}}};

// Adam's usual β₁ = 0.9, β₂ = 0.999, ε = 1e-8 (Kingma & Ba), with bias correction. SGD is plain, no momentum.
constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;
// Tuned on the scaled model (n 8 to 128, dₖ 32 to 1024): fast and stable there (Adam 0.03 already diverges at
// dₖ 512). The unscaled run gets the same rate, as when a practitioner drops the scale from a working recipe.
// Measured (npm run bench prints it): steps to 90% accuracy at n 32, dₖ 256, seeds 1–5: scaled 27–29; unscaled
// 357, 861 or not within 2000. At Adam 0.003 the unscaled run does get there, 5–8× later than the scaled one.
constexpr double kDefaultAdamLearningRate = 0.01;
constexpr double kDefaultSgdLearningRate = 1.0;

// Limits on a configuration: memory stays under ~20 MB and one step under a few ms whatever the page asks for.
constexpr int kMinTrainingKeys = 2;
constexpr int kMaxTrainingKeys = 256;
constexpr int kMaxTrainingKeyDimension = 1024;
constexpr int kMaxTrainingModelDimension = 256;
constexpr int kMaxTrainingBatch = 256;
constexpr double kMinLearningRate = 1e-6;
constexpr double kMaxLearningRate = 10.0;
// batchSize·modelDimension·(keyCount + dₖ): the multiply-adds of a step are a small multiple of it.
constexpr std::int64_t kMaxTrainingStepWork = 2097152;
constexpr int kMaxStepsPerRun = 1000;
// steps × work per step in one run call: about a second of native time at most, so the worker stays responsive.
constexpr std::int64_t kMaxTrainingRunWork = 500000000;

struct TrainerConfig {
  int keyCount = 32;                               // n, 2..256
  int keyDimension = 64;                           // dₖ, 1..1024
  int modelDimension = 32;                         // width of an item, 1..256
  int batchSize = 16;                              // 1..256
  double learningRate = kDefaultAdamLearningRate;  // 1e-6..10
  Optimizer optimizer = Optimizer::Adam;
  RunKind kind = RunKind::Sqrt;      // how q·k becomes the score (the old `scaled`: sqrt, or unscaled)
  double softcap = kDefaultSoftcap;  // c of the softcap kind, 1e-3..1e6; ignored by the others
  std::uint64_t seed = 1;
};

double defaultLearningRate(Optimizer optimizer);

// A configuration as a caller gives it: unset fields take TrainerConfig's defaults, the learning rate the optimizer's.
struct TrainerOptions {
  std::optional<int> keyCount;
  std::optional<int> keyDimension;
  std::optional<int> modelDimension;
  std::optional<int> batchSize;
  std::optional<double> learningRate;
  std::optional<Optimizer> optimizer;
  std::optional<RunKind> kind;
  std::optional<double> softcap;
  std::uint64_t seed = 1;
};
// The filled-in configuration, validated (requireTrainerConfig) under the caller's function name.
TrainerConfig trainerConfig(const char* function, const TrainerOptions& options);
// Throws CoreError naming `function` and the first bad field (e.g. "Trainer: config.keyCount must be …").
void requireTrainerConfig(const char* function, const TrainerConfig& config);
// batchSize·modelDimension·(keyCount + dₖ), for the caps above. qk-norm also forms every ‖kⱼ‖ through
// W_kW_kᵀ (modelDimension² per key, modelDimension²·dₖ per step, twice): its work adds
// batchSize·keyCount·modelDimension² + 2·modelDimension²·dₖ.
std::int64_t trainingStepWork(const TrainerConfig& config);
// The formula above as the error messages name it, for the config's kind.
const char* trainingStepWorkFormula(RunKind kind);

// Loss, accuracy and the exact gradient of the mean loss over a batch, by backpropagation:
//   ∂L/∂o = 2(o − x_t) / (modelDimension·B),  aⱼ = ∂L/∂pⱼ = xⱼ·∂L/∂o,
//   ∂L/∂sⱼ = (J a)ⱼ = pⱼ(aⱼ − Σₖ pₖaₖ)  (the softmax Jacobian: this is where saturation cuts the gradient),
//   ∂L/∂kⱼ = (∂L/∂sⱼ)·q / divisor,  ∂L/∂q = Σⱼ (∂L/∂sⱼ)·kⱼ / divisor,  ∂L/∂W_k = Σ xⱼᵀ ∂L/∂kⱼ,  ∂L/∂W_q = x̃ᵀ ∂L/∂q.
// The other kinds change only ∂sⱼ/∂(q·kⱼ) and add their own terms:
//   learned-temperature  ∂L/∂θ = −Σ (∂L/∂sⱼ)·sⱼ  (s ∝ e^−θ), divisor τ = e^θ
//   softcap              ∂sⱼ/∂rⱼ = (1 − (sⱼ/c)²)/√dₖ  (tanh′ = 1 − tanh²)
//   qk-norm              ∂sⱼ/∂rⱼ = g/(‖q‖‖kⱼ‖),  ∂L/∂θ = Σ (∂L/∂sⱼ)·sⱼ,  ∂L/∂‖q‖ = −Σ (∂L/∂sⱼ)sⱼ/‖q‖,
//                        ∂L/∂‖kⱼ‖ = −(∂L/∂sⱼ)sⱼ/‖kⱼ‖; ‖kⱼ‖² = xⱼ(W_kW_kᵀ)xⱼᵀ, so ∂‖kⱼ‖/∂W_k = xⱼᵀxⱼW_k/‖kⱼ‖.
// Keys are never formed: s = X·(W_k q) / divisor and Σⱼ gⱼkⱼ = (Xᵀg)·W_k, so a step costs O(B·d·(n + dₖ)), not
// O(B·n·d·dₖ). Every sum runs in a fixed order (no Eigen reductions), so native and WASM agree to the last bit
// except where exp and log do.
struct RetrievalGradient {
  double loss = 0.0;  // mean over the batch of ‖o − x_t‖² / modelDimension (0 when the target is read out exactly)
  double accuracy = 0.0;  // fraction of examples whose top-scoring item is the target
  // Median over examples of ‖∂loss_b/∂s_b‖: the gradient that gets through the softmax to the scores.
  double scoreGradientNorm = 0.0;
  double meanEntropy = 0.0;  // mean over examples of the attention entropy −Σ pⱼ ln pⱼ, in nats
  double maxAbsScore = 0.0;  // largest |sⱼ| (the logit the softmax sees) in the batch
  RowMatrix queryWeights;    // ∂L/∂W_q
  RowMatrix keyWeights;      // ∂L/∂W_k
  double logScale = 0.0;     // ∂L/∂θ for the kinds that learn a scale, 0 for the others
};

// The model with scores sⱼ = q·kⱼ / divisor (the sqrt and unscaled kinds, any divisor > 0).
RetrievalGradient retrievalGradient(const RetrievalBatch& batch, const RowMatrix& queryWeights,
                                    const RowMatrix& keyWeights, double divisor);
// The model under any run kind (the score function's θ and cap as given; not validated: the trainer validates).
RetrievalGradient retrievalGradient(const RetrievalBatch& batch, const RowMatrix& queryWeights,
                                    const RowMatrix& keyWeights, const ScoreFunction& scores);

// One chunk of training, one entry per step: the batch's loss and accuracy before that step's update, the
// gradient's norm sqrt(‖∂L/∂W_q‖² + ‖∂L/∂W_k‖²), and the median per-example gradient at the scores (see above).
// Note the weight gradient of the unscaled model is not small: ∂s/∂W carries no 1/√dₖ, which outweighs the
// softmax's shrinkage; what dies is the gradient reaching the scores, and with it useful learning.
struct TrainingStepStats {
  std::int64_t firstStep = 0;  // steps completed before this chunk
  Eigen::VectorXd loss;
  Eigen::VectorXd accuracy;
  Eigen::VectorXd gradientNorm;
  Eigen::VectorXd scoreGradientNorm;
  Eigen::VectorXd entropy;       // mean attention entropy over the batch (nats; ln n is uniform, 0 one-hot)
  Eigen::VectorXd maxAbsScore;   // largest |score| in the batch
  Eigen::VectorXd learnedScale;  // e^θ (τ or g) before the step's update; NaN for kinds that learn no scale
};

class Trainer {
 public:
  // Validates (requireTrainerConfig) and draws the initial weights from stream 0 of the seed; batches come from
  // stream 1, so the weights do not depend on the batch size.
  explicit Trainer(const TrainerConfig& config);
  // steps optimisation steps, 1..kMaxStepsPerRun, and steps·trainingStepWork ≤ kMaxTrainingRunWork.
  TrainingStepStats run(int steps);
  std::int64_t steps() const { return steps_; }
  const TrainerConfig& config() const { return config_; }
  // What q·k is divided by now: √dₖ (sqrt, softcap), dₖ (linear), τ = e^θ (learned-temperature), else 1.
  double divisor() const;
  // θ now (ln τ or ln g); ln √dₖ at the start for the kinds that learn it, 0 for the others.
  double logScale() const { return logScale_; }
  ScoreFunction scoreFunction() const;
  const RowMatrix& queryWeights() const { return queryWeights_; }
  const RowMatrix& keyWeights() const { return keyWeights_; }

 private:
  void update(RowMatrix& weights, const RowMatrix& gradient, RowMatrix& firstMoment, RowMatrix& secondMoment);
  double adamStep(double gradient, double& firstMoment, double& secondMoment) const;

  TrainerConfig config_;
  double logScale_ = 0.0, logScaleFirstMoment_ = 0.0, logScaleSecondMoment_ = 0.0;
  Xoshiro256pp batchEngine_;
  RowMatrix queryWeights_, keyWeights_;
  RowMatrix queryFirstMoment_, querySecondMoment_, keyFirstMoment_, keySecondMoment_;  // Adam's m and v
  double beta1Power_ = 1.0, beta2Power_ = 1.0;  // β₁ᵗ, β₂ᵗ by repeated multiplication: no pow, same in every build
  std::int64_t steps_ = 0;
};

// Steps until the accuracy, averaged over the last `window` steps, first reaches `target`; −1 if not within maxSteps.
// For the lesson's race (one kind against another) and its tests. target 0.01..1, window 1..1000,
// maxSteps 1..100000, maxSteps·trainingStepWork(config) ≤ 100·kMaxTrainingRunWork.
std::int64_t stepsToAccuracy(const TrainerConfig& config, double target, int window, int maxSteps);

}  // namespace attention_lab
