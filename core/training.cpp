#include "training.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

#include "errors.hpp"
#include "random_matrix.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// out[r, :] += a · in[:] over a contiguous row: the compiler vectorises it without reordering any single sum.
inline void addScaledRow(double* out, double a, const double* in, Eigen::Index length) {
  for (Eigen::Index i = 0; i < length; ++i) out[i] += a * in[i];
}

inline double dot(const double* a, const double* b, Eigen::Index length) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < length; ++i) sum += a[i] * b[i];
  return sum;
}

RowMatrix initialWeights(NormalSampler& normal, int rows, int cols) {
  const double std = 1.0 / std::sqrt(static_cast<double>(rows));  // N(0, 1/modelDimension)
  return normalMatrix(normal, rows, cols, std);
}

double squaredNorm(const RowMatrix& m) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < m.size(); ++i) sum += m.data()[i] * m.data()[i];
  return sum;
}

// The typical example's value: a mean would be carried by the few examples whose top two scores nearly tie.
double median(std::vector<double> values) {
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  return 0.5 * (*std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle)) + upper);
}

}  // namespace

double defaultLearningRate(Optimizer optimizer) {
  return optimizer == Optimizer::Sgd ? kDefaultSgdLearningRate : kDefaultAdamLearningRate;
}

TrainerConfig trainerConfig(const char* function, const TrainerOptions& options) {
  TrainerConfig config;
  config.keyCount = options.keyCount.value_or(config.keyCount);
  config.keyDimension = options.keyDimension.value_or(config.keyDimension);
  config.modelDimension = options.modelDimension.value_or(config.modelDimension);
  config.batchSize = options.batchSize.value_or(config.batchSize);
  config.optimizer = options.optimizer.value_or(config.optimizer);
  config.learningRate = options.learningRate.value_or(defaultLearningRate(config.optimizer));
  config.scaled = options.scaled;
  config.seed = options.seed;
  requireTrainerConfig(function, config);
  return config;
}

void requireTrainerConfig(const char* function, const TrainerConfig& config) {
  requireIntegerInRange(function, "keyCount", config.keyCount, kMinTrainingKeys, kMaxTrainingKeys);
  requireIntegerInRange(function, "dk", config.keyDimension, 1, kMaxTrainingKeyDimension);
  requireIntegerInRange(function, "modelDim", config.modelDimension, 1, kMaxTrainingModelDimension);
  requireIntegerInRange(function, "batchSize", config.batchSize, 1, kMaxTrainingBatch);
  requireInRange(function, "learningRate", config.learningRate, kMinLearningRate, kMaxLearningRate);
  if (!isNamed(kOptimizerNames, config.optimizer)) {
    failArgument(ErrorKind::Range, function, "optimizer", listNumbered(kOptimizerNames),
                 static_cast<int>(config.optimizer));
  }
  requireAtMost(function, "batchSize*modelDim*(keyCount+dk)", trainingStepWork(config), kMaxTrainingStepWork);
}

std::int64_t trainingStepWork(const TrainerConfig& config) {
  return static_cast<std::int64_t>(config.batchSize) * config.modelDimension *
         (static_cast<std::int64_t>(config.keyCount) + config.keyDimension);
}

RetrievalGradient retrievalGradient(const RetrievalBatch& batch, const RowMatrix& queryWeights,
                                    const RowMatrix& keyWeights, double divisor) {
  const Eigen::Index batchSize = batch.batchSize;
  const Eigen::Index n = batch.keyCount;
  const Eigen::Index d = batch.modelDimension;
  const Eigen::Index dk = queryWeights.cols();

  // q_b = x̃_b·W_q, then u_b = W_k·q_b (length d), so that s_bj = x_bj·u_b / divisor.
  RowMatrix q = RowMatrix::Zero(batchSize, dk);
  RowMatrix u(batchSize, d);
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    for (Eigen::Index i = 0; i < d; ++i) addScaledRow(&q(b, 0), batch.queries(b, i), &queryWeights(i, 0), dk);
    for (Eigen::Index i = 0; i < d; ++i) u(b, i) = dot(&keyWeights(i, 0), &q(b, 0), dk);
  }

  RetrievalGradient result;
  RowMatrix r = RowMatrix::Zero(batchSize, d);  // r_b = X_bᵀ·(∂L/∂s_b): how the loss pulls on u_b
  Eigen::VectorXd scores(n), weights(n), pull(n);
  Eigen::VectorXd output(d);
  double lossSum = 0.0;
  std::vector<double> scoreGradients(static_cast<std::size_t>(batchSize));  // per example, so without the ÷B
  int correct = 0;
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    const Eigen::Index first = b * n;
    const int target = batch.targets[static_cast<std::size_t>(b)];
    Eigen::Index best = 0;
    for (Eigen::Index j = 0; j < n; ++j) {
      scores[j] = dot(&batch.items(first + j, 0), &u(b, 0), d) / divisor;
      if (scores[j] > scores[best]) best = j;  // ties go to the lower index
    }
    if (best == target) ++correct;
    double total = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) total += weights[j] = std::exp(scores[j] - scores[best]);  // stable
    output.setZero();
    for (Eigen::Index j = 0; j < n; ++j)
      addScaledRow(output.data(), weights[j] /= total, &batch.items(first + j, 0), d);
    // loss_b = ‖o − x_t‖² / d; ∂loss_b/∂o = 2(o − x_t)/d, and the batch mean divides by B.
    const double* targetItem = &batch.items(first + target, 0);
    double squaredError = 0.0;
    for (Eigen::Index i = 0; i < d; ++i) {
      const double error = output[i] - targetItem[i];
      squaredError += error * error;
      output[i] = 2.0 * error / static_cast<double>(d * batchSize);  // output now holds ∂L/∂o
    }
    lossSum += squaredError / static_cast<double>(d);
    // aⱼ = ∂L/∂pⱼ = (∂L/∂o)·xⱼ; through the softmax Jacobian, ∂L/∂sⱼ = pⱼ(aⱼ − Σₖ pₖaₖ).
    double mean = 0.0;
    for (Eigen::Index j = 0; j < n; ++j)
      mean += weights[j] * (pull[j] = dot(output.data(), &batch.items(first + j, 0), d));
    double scoreGradientSquared = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) {
      const double scoreGradient = weights[j] * (pull[j] - mean);
      scoreGradientSquared += scoreGradient * scoreGradient;
      addScaledRow(&r(b, 0), scoreGradient, &batch.items(first + j, 0), d);
    }
    scoreGradients[static_cast<std::size_t>(b)] = std::sqrt(scoreGradientSquared) * static_cast<double>(batchSize);
  }
  result.loss = lossSum / static_cast<double>(batchSize);
  result.accuracy = static_cast<double>(correct) / static_cast<double>(batchSize);
  result.scoreGradientNorm = median(scoreGradients);

  // ∂L/∂q_b = r_b·W_k / divisor; ∂L/∂W_k = Σ_b r_bᵀ q_b / divisor; ∂L/∂W_q = Σ_b x̃_bᵀ ∂L/∂q_b.
  RowMatrix dq = RowMatrix::Zero(batchSize, dk);
  result.keyWeights = RowMatrix::Zero(d, dk);
  result.queryWeights = RowMatrix::Zero(d, dk);
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    for (Eigen::Index i = 0; i < d; ++i) addScaledRow(&dq(b, 0), r(b, i) / divisor, &keyWeights(i, 0), dk);
    for (Eigen::Index i = 0; i < d; ++i) {
      addScaledRow(&result.keyWeights(i, 0), r(b, i) / divisor, &q(b, 0), dk);
      addScaledRow(&result.queryWeights(i, 0), batch.queries(b, i), &dq(b, 0), dk);
    }
  }
  return result;
}

Trainer::Trainer(const TrainerConfig& config) : config_(config), batchEngine_(config.seed, 1) {
  requireTrainerConfig("Trainer", config);
  divisor_ = config.scaled ? std::sqrt(static_cast<double>(config.keyDimension)) : 1.0;
  Xoshiro256pp weightEngine(config.seed, 0);
  NormalSampler normal(weightEngine);
  queryWeights_ = initialWeights(normal, config.modelDimension, config.keyDimension);
  keyWeights_ = initialWeights(normal, config.modelDimension, config.keyDimension);
  for (RowMatrix* moment : {&queryFirstMoment_, &querySecondMoment_, &keyFirstMoment_, &keySecondMoment_}) {
    *moment = RowMatrix::Zero(config.modelDimension, config.keyDimension);
  }
}

void Trainer::update(RowMatrix& weights, const RowMatrix& gradient, RowMatrix& firstMoment, RowMatrix& secondMoment) {
  const double rate = config_.learningRate;
  double* w = weights.data();
  const double* g = gradient.data();
  if (config_.optimizer == Optimizer::Sgd) {
    for (Eigen::Index i = 0; i < weights.size(); ++i) w[i] -= rate * g[i];
    return;
  }
  double* m = firstMoment.data();
  double* v = secondMoment.data();
  const double firstCorrection = 1.0 - beta1Power_;
  const double secondCorrection = 1.0 - beta2Power_;
  for (Eigen::Index i = 0; i < weights.size(); ++i) {
    m[i] = kAdamBeta1 * m[i] + (1.0 - kAdamBeta1) * g[i];
    v[i] = kAdamBeta2 * v[i] + (1.0 - kAdamBeta2) * g[i] * g[i];
    w[i] -= rate * (m[i] / firstCorrection) / (std::sqrt(v[i] / secondCorrection) + kAdamEpsilon);
  }
}

TrainingStepStats Trainer::run(int steps) {
  requireIntegerInRange("Trainer.run", "steps", steps, 1, kMaxStepsPerRun);
  requireAtMost("Trainer.run", "steps*batchSize*modelDim*(keyCount+dk)", trainingStepWork(config_) * steps,
                kMaxTrainingRunWork);
  TrainingStepStats stats;
  stats.firstStep = steps_;
  stats.loss.resize(steps);
  stats.accuracy.resize(steps);
  stats.gradientNorm.resize(steps);
  stats.scoreGradientNorm.resize(steps);
  for (int s = 0; s < steps; ++s) {
    const RetrievalBatch batch =
        sampleRetrievalBatch(batchEngine_, config_.batchSize, config_.keyCount, config_.modelDimension);
    const RetrievalGradient gradient = retrievalGradient(batch, queryWeights_, keyWeights_, divisor_);
    stats.loss[s] = gradient.loss;
    stats.accuracy[s] = gradient.accuracy;
    stats.gradientNorm[s] = std::sqrt(squaredNorm(gradient.queryWeights) + squaredNorm(gradient.keyWeights));
    stats.scoreGradientNorm[s] = gradient.scoreGradientNorm;
    beta1Power_ *= kAdamBeta1;
    beta2Power_ *= kAdamBeta2;
    update(queryWeights_, gradient.queryWeights, queryFirstMoment_, querySecondMoment_);
    update(keyWeights_, gradient.keyWeights, keyFirstMoment_, keySecondMoment_);
    ++steps_;
  }
  return stats;
}

std::int64_t stepsToAccuracy(const TrainerConfig& config, double target, int window, int maxSteps) {
  const char* function = "stepsToAccuracy";
  requireTrainerConfig(function, config);
  requireInRange(function, "target", target, 0.01, 1.0);
  requireIntegerInRange(function, "window", window, 1, kMaxStepsPerRun);
  requireIntegerInRange(function, "maxSteps", maxSteps, 1, 100000);
  requireAtMost(function, "maxSteps*batchSize*modelDim*(keyCount+dk)", trainingStepWork(config) * maxSteps,
                100 * kMaxTrainingRunWork);
  Trainer trainer(config);
  // Counts of correct examples, not a running mean of fractions, so rounding never decides a threshold crossing.
  const double needed = target * window * config.batchSize;
  std::deque<long> recent;
  long recentCorrect = 0;
  for (int step = 1; step <= maxSteps; ++step) {
    const long correct = std::lround(trainer.run(1).accuracy[0] * config.batchSize);
    recent.push_back(correct);
    recentCorrect += correct;
    if (static_cast<int>(recent.size()) > window) {
      recentCorrect -= recent.front();
      recent.pop_front();
    }
    if (static_cast<int>(recent.size()) == window && static_cast<double>(recentCorrect) >= needed) return step;
  }
  return -1;
}

}  // namespace attention_lab
