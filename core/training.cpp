#include "training.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "errors.hpp"
#include "random_matrix.hpp"
#include "training_loops.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

RowMatrix initialWeights(NormalSampler& normal, int rows, int cols, double factor) {
  const double std = factor / std::sqrt(static_cast<double>(rows));  // N(0, factor²/modelDimension)
  return normalMatrix(normal, rows, cols, std);
}

double squaredNorm(const RowMatrix& m) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < m.size(); ++i) sum += m.data()[i] * m.data()[i];
  return sum;
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
  config.kind = options.kind.value_or(config.kind);
  config.softcap = options.softcap.value_or(config.softcap);
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
  if (!isNamed(kRunKindNames, config.kind)) {
    failArgument(ErrorKind::Range, function, "kind", listNumbered(kRunKindNames), static_cast<int>(config.kind));
  }
  requireInRange(function, "softcap", config.softcap, kMinSoftcap, kMaxSoftcap);
  requireAtMost(function, trainingStepWorkFormula(config.kind), trainingStepWork(config), kMaxTrainingStepWork);
}

std::int64_t trainingStepWork(const TrainerConfig& config) {
  // Sizes within the trainer's caps, so the products below cannot overflow whoever calls.
  const char* function = "trainingStepWork";
  requireIntegerInRange(function, "keyCount", config.keyCount, kMinTrainingKeys, kMaxTrainingKeys);
  requireIntegerInRange(function, "dk", config.keyDimension, 1, kMaxTrainingKeyDimension);
  requireIntegerInRange(function, "modelDim", config.modelDimension, 1, kMaxTrainingModelDimension);
  requireIntegerInRange(function, "batchSize", config.batchSize, 1, kMaxTrainingBatch);
  const std::int64_t batch = config.batchSize, n = config.keyCount, d = config.modelDimension;
  const std::int64_t base = batch * d * (n + config.keyDimension);
  return config.kind == RunKind::QkNorm ? base + batch * n * d * d + 2 * d * d * config.keyDimension : base;
}

const char* trainingStepWorkFormula(RunKind kind) {
  return kind == RunKind::QkNorm ? "batchSize*modelDim*(keyCount+dk)+batchSize*keyCount*modelDim^2+2*modelDim^2*dk"
                                 : "batchSize*modelDim*(keyCount+dk)";
}

double Trainer::divisor() const {
  if (config_.kind == RunKind::LearnedTemperature) return std::exp(logScale_);
  return fixedDivisor(config_.kind, config_.keyDimension);
}

ScoreFunction Trainer::scoreFunction() const {
  return ScoreFunction{config_.kind, config_.keyDimension, logScale_, config_.softcap};
}

Trainer::Trainer(const TrainerConfig& config) : config_(config), batchEngine_(config.seed, 1) {
  requireTrainerConfig("Trainer", config);
  logScale_ = initialLogScale(config.kind, config.keyDimension);
  Xoshiro256pp weightEngine(config.seed, 0);
  NormalSampler normal(weightEngine);
  const double queryFactor = queryInitFactor(config.kind, config.keyDimension);
  queryWeights_ = initialWeights(normal, config.modelDimension, config.keyDimension, queryFactor);
  keyWeights_ = initialWeights(normal, config.modelDimension, config.keyDimension, 1.0);
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

// The change to one scalar (θ) by the same rule and rate as the weights, so every kind honours learningRate.
double Trainer::adamStep(double gradient, double& firstMoment, double& secondMoment) const {
  const double rate = config_.learningRate;
  if (config_.optimizer == Optimizer::Sgd) return -rate * gradient;
  firstMoment = kAdamBeta1 * firstMoment + (1.0 - kAdamBeta1) * gradient;
  secondMoment = kAdamBeta2 * secondMoment + (1.0 - kAdamBeta2) * gradient * gradient;
  return -rate * (firstMoment / (1.0 - beta1Power_)) / (std::sqrt(secondMoment / (1.0 - beta2Power_)) + kAdamEpsilon);
}

TrainingStepStats Trainer::run(int steps) {
  requireIntegerInRange("Trainer.run", "steps", steps, 1, kMaxStepsPerRun);
  const std::string work = std::string("steps*(") + trainingStepWorkFormula(config_.kind) + ")";
  const bool plainWork = config_.kind != RunKind::QkNorm;
  requireAtMost("Trainer.run", plainWork ? "steps*batchSize*modelDim*(keyCount+dk)" : work.c_str(),
                trainingStepWork(config_) * steps, kMaxTrainingRunWork);
  TrainingStepStats stats;
  stats.firstStep = steps_;
  stats.loss.resize(steps);
  stats.accuracy.resize(steps);
  stats.gradientNorm.resize(steps);
  stats.scoreGradientNorm.resize(steps);
  stats.entropy.resize(steps);
  stats.maxAbsScore.resize(steps);
  stats.learnedScale.resize(steps);
  for (int s = 0; s < steps; ++s) {
    const RetrievalBatch batch =
        sampleRetrievalBatch(batchEngine_, config_.batchSize, config_.keyCount, config_.modelDimension);
    const RetrievalGradient gradient = retrievalGradient(batch, queryWeights_, keyWeights_, scoreFunction());
    stats.loss[s] = gradient.loss;
    stats.accuracy[s] = gradient.accuracy;
    stats.gradientNorm[s] = std::sqrt(squaredNorm(gradient.queryWeights) + squaredNorm(gradient.keyWeights));
    stats.scoreGradientNorm[s] = gradient.scoreGradientNorm;
    stats.entropy[s] = gradient.meanEntropy;
    stats.maxAbsScore[s] = gradient.maxAbsScore;
    stats.learnedScale[s] = learnsScale(config_.kind) ? std::exp(logScale_) : std::nan("");
    beta1Power_ *= kAdamBeta1;
    beta2Power_ *= kAdamBeta2;
    update(queryWeights_, gradient.queryWeights, queryFirstMoment_, querySecondMoment_);
    update(keyWeights_, gradient.keyWeights, keyFirstMoment_, keySecondMoment_);
    if (learnsScale(config_.kind)) {
      logScale_ += adamStep(gradient.logScale, logScaleFirstMoment_, logScaleSecondMoment_);
    }
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
  const std::string work = std::string("maxSteps*(") + trainingStepWorkFormula(config.kind) + ")";
  const bool plainWork = config.kind != RunKind::QkNorm;
  requireAtMost(function, plainWork ? "maxSteps*batchSize*modelDim*(keyCount+dk)" : work.c_str(),
                trainingStepWork(config) * maxSteps, 100 * kMaxTrainingRunWork);
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
