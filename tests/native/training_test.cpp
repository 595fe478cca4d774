#include "training.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "errors.hpp"
#include "random_matrix.hpp"
#include "retrieval_task.hpp"
#include "rng.hpp"

using namespace attention_lab;

// ---- Pinned training curves — tests/js/core-training.test.mjs asserts the same constants from WASM. ----
// keyCount 8, dk 16, modelDim 8, batchSize 4, seed 42; the first 6 steps.
// Scaled, Adam at its default rate (0.01): loss, then gradient norm.
constexpr std::array<double, 6> kPinnedScaledAdamLoss = {1.1154378230716686, 1.2954993946375097, 0.94113810604260828,
                                                         1.2413029903457233, 1.2600060697077866, 0.62888113255104416};
constexpr std::array<double, 6> kPinnedScaledAdamGradientNorm = {0.88396618987042186, 0.84663081961975273,
                                                                 0.97271154507226965, 0.90366694083773813,
                                                                 1.0615191923447107,  0.690754625565141};
// Unscaled, SGD at its default rate (1.0): loss.
constexpr std::array<double, 6> kPinnedUnscaledSgdLoss = {1.4527365365247291, 1.6984334986154046,  1.5138510817474664,
                                                          1.1287552430392649, 0.83984789825655282, 1.2581678040520439};
// ---- end of pinned constants ----

namespace {

TrainerConfig smallConfig() {
  TrainerConfig config;
  config.keyCount = 8;
  config.keyDimension = 16;
  config.modelDimension = 8;
  config.batchSize = 4;
  config.seed = 42;
  return config;
}

RowMatrix randomMatrix(Xoshiro256pp& engine, int rows, int cols, double std) {
  NormalSampler normal(engine);
  return normalMatrix(normal, rows, cols, std);
}

// Central differences of the batch loss against every weight; relative error at the end of the check.
void checkGradientAgainstFiniteDifferences(double divisor, double weightStd) {
  Xoshiro256pp engine(11);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 3, 5, 4);
  RowMatrix wq = randomMatrix(engine, 4, 3, weightStd);
  RowMatrix wk = randomMatrix(engine, 4, 3, weightStd);
  const RetrievalGradient analytic = retrievalGradient(batch, wq, wk, divisor);
  // h ≈ (ε·|L|/|L'''|)^(1/3) balances truncation O(h²) against rounding O(ε/h): both near 1e-11 here.
  const double h = 1e-5;
  double worst = 0.0;
  for (RowMatrix* weights : {&wq, &wk}) {
    const RowMatrix& exact = weights == &wq ? analytic.queryWeights : analytic.keyWeights;
    const double scale = exact.cwiseAbs().maxCoeff();
    for (Eigen::Index i = 0; i < weights->size(); ++i) {
      const double saved = weights->data()[i];
      weights->data()[i] = saved + h;
      const double up = retrievalGradient(batch, wq, wk, divisor).loss;
      weights->data()[i] = saved - h;
      const double down = retrievalGradient(batch, wq, wk, divisor).loss;
      weights->data()[i] = saved;
      const double numeric = (up - down) / (2 * h);
      // Relative to the gradient's largest entry, so entries near 0 are not held to an impossible 1e-6 of 0.
      worst = std::max(worst, std::abs(numeric - exact.data()[i]) / scale);
    }
  }
  CAPTURE(divisor);
  CHECK(worst < 1e-6);
}

}  // namespace

TEST_CASE("the backpropagated gradient matches central finite differences") {
  checkGradientAgainstFiniteDifferences(std::sqrt(3.0), 1.0);  // scaled, soft attention
  checkGradientAgainstFiniteDifferences(1.0, 1.0);             // unscaled, sharper
  checkGradientAgainstFiniteDifferences(1.0, 0.1);             // near-uniform attention
}

TEST_CASE("the analytic gradient is the whole gradient: a wrong divisor in it would be caught") {
  Xoshiro256pp engine(3);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 2, 4, 3);
  const RowMatrix wq = randomMatrix(engine, 3, 2, 1.0), wk = randomMatrix(engine, 3, 2, 1.0);
  const RetrievalGradient g = retrievalGradient(batch, wq, wk, 2.0);
  // L(W_q, W_k / 2) with divisor 1 equals L(W_q, W_k) with divisor 2; the chain rule halves ∂L/∂W_k.
  const RetrievalGradient same = retrievalGradient(batch, wq, wk / 2.0, 1.0);
  CHECK(same.loss == doctest::Approx(g.loss).epsilon(1e-14));
  CHECK((same.keyWeights / 2.0 - g.keyWeights).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((same.queryWeights - g.queryWeights).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("a retrieval batch: ±1 items, targets in range, queries are the target with 1/8 of signs flipped") {
  Xoshiro256pp engine(5);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 64, 16, 32);
  CHECK(batch.items.rows() == 64 * 16);
  CHECK(batch.items.cwiseAbs().minCoeff() == 1.0);
  CHECK(batch.items.cwiseAbs().maxCoeff() == 1.0);
  CHECK(std::abs(batch.items.mean()) < 0.02);  // 32768 signs: σ of the mean ≈ 0.0055
  int flipped = 0;
  for (int b = 0; b < 64; ++b) {
    const int t = batch.targets[static_cast<std::size_t>(b)];
    REQUIRE(t >= 0);
    REQUIRE(t < 16);
    for (int i = 0; i < 32; ++i) {
      const double item = batch.items(b * 16 + t, i);
      REQUIRE(std::abs(batch.queries(b, i)) == 1.0);
      if (batch.queries(b, i) != item) ++flipped;
    }
  }
  CHECK(std::abs(flipped / 2048.0 - 0.125) < 0.025);  // 2048 coins of p = 1/8: σ ≈ 0.0073
}

TEST_CASE("at initialisation unscaled scores have variance ≈ dₖ, the lesson's premise") {
  TrainerConfig config = smallConfig();
  config.keyDimension = 256;
  config.modelDimension = 32;
  config.kind = RunKind::Unscaled;
  const Trainer trainer(config);
  Xoshiro256pp engine(9);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 64, 16, 32);
  const RowMatrix keys = batch.items * trainer.keyWeights();
  double sum = 0, sumSquares = 0;
  int count = 0;
  for (int b = 0; b < 64; ++b) {
    const Eigen::RowVectorXd q = batch.queries.row(b) * trainer.queryWeights();
    for (int j = 0; j < 16; ++j) {
      if (j == batch.targets[static_cast<std::size_t>(b)]) continue;  // the target's score is correlated with q
      const double s = q.dot(keys.row(b * 16 + j));
      sum += s;
      sumSquares += s * s;
      ++count;
    }
  }
  // One draw of the weights: W_q W_kᵀ's spread makes this ±10% or so; 0.7..1.3 still rules out dₖ² or 1.
  CHECK(sumSquares / count / 256.0 == doctest::Approx(1.0).epsilon(0.3));
  CHECK(trainer.divisor() == 1.0);
  config.kind = RunKind::Sqrt;
  CHECK(Trainer(config).divisor() == 16.0);
}

TEST_CASE("the same seed gives the same curve, bit for bit, however the steps are chunked") {
  Trainer once(smallConfig());
  Trainer chunked(smallConfig());
  const TrainingStepStats all = once.run(20);
  const TrainingStepStats first = chunked.run(7);
  const TrainingStepStats rest = chunked.run(13);
  CHECK(rest.firstStep == 7);
  CHECK(chunked.steps() == 20);
  for (int i = 0; i < 20; ++i) {
    const TrainingStepStats& part = i < 7 ? first : rest;
    const int k = i < 7 ? i : i - 7;
    REQUIRE(part.loss[k] == all.loss[i]);
    REQUIRE(part.gradientNorm[k] == all.gradientNorm[i]);
    REQUIRE(part.accuracy[k] == all.accuracy[i]);
  }
  TrainerConfig other = smallConfig();
  other.seed = 43;
  CHECK(Trainer(other).run(1).loss[0] != all.loss[0]);
}

TEST_CASE("the pinned curves (the WASM build must reproduce them)") {
  const TrainingStepStats adam = Trainer(smallConfig()).run(6);
  for (int i = 0; i < 6; ++i) {
    CHECK(adam.loss[i] == doctest::Approx(kPinnedScaledAdamLoss[static_cast<std::size_t>(i)]).epsilon(1e-12));
    CHECK(adam.gradientNorm[i] ==
          doctest::Approx(kPinnedScaledAdamGradientNorm[static_cast<std::size_t>(i)]).epsilon(1e-12));
  }
  TrainerConfig sgd = smallConfig();
  sgd.kind = RunKind::Unscaled;
  sgd.optimizer = Optimizer::Sgd;
  sgd.learningRate = defaultLearningRate(Optimizer::Sgd);
  const TrainingStepStats plain = Trainer(sgd).run(6);
  for (int i = 0; i < 6; ++i) {
    CHECK(plain.loss[i] == doctest::Approx(kPinnedUnscaledSgdLoss[static_cast<std::size_t>(i)]).epsilon(1e-12));
  }
}

TEST_CASE("the scaled model learns: loss falls and accuracy rises (n 32, dₖ 64)") {
  for (Optimizer optimizer : {Optimizer::Adam, Optimizer::Sgd}) {
    TrainerConfig config;
    config.keyDimension = 64;
    config.optimizer = optimizer;
    config.learningRate = defaultLearningRate(optimizer);
    Trainer trainer(config);
    const TrainingStepStats early = trainer.run(20);
    trainer.run(160);
    const TrainingStepStats late = trainer.run(20);
    CAPTURE(static_cast<int>(optimizer));
    CHECK(late.loss.mean() < 0.25 * early.loss.mean());
    CHECK(late.accuracy.mean() > 0.85);
    CHECK(early.accuracy.mean() < 0.5);
  }
}

TEST_CASE("the lesson's claim: without ÷√dₖ the same model lags far behind (n 32, dₖ 256, Adam)") {
  for (std::uint64_t seed : {1u, 2u}) {
    TrainerConfig config;
    config.keyDimension = 256;
    config.seed = seed;
    const std::int64_t scaled = stepsToAccuracy(config, 0.9, 20, 600);
    config.kind = RunKind::Unscaled;
    const std::int64_t unscaled = stepsToAccuracy(config, 0.9, 20, 600);
    CAPTURE(seed);
    CHECK(scaled > 0);
    CHECK(scaled < 60);
    CHECK((unscaled == -1 || unscaled > 4 * scaled));
  }
}

TEST_CASE("the gradient reaching the scores shrinks as unscaled scores saturate") {
  Xoshiro256pp engine(21);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 32, 32, 32);
  double previous = 1e9;
  for (int dk : {16, 256, 1024}) {
    TrainerConfig config;
    config.keyDimension = dk;
    config.kind = RunKind::Unscaled;
    const Trainer unscaled(config);
    const double atScores =
        retrievalGradient(batch, unscaled.queryWeights(), unscaled.keyWeights(), 1.0).scoreGradientNorm;
    const double scaledAtScores =
        retrievalGradient(batch, unscaled.queryWeights(), unscaled.keyWeights(), std::sqrt(static_cast<double>(dk)))
            .scoreGradientNorm;
    CAPTURE(dk);
    CHECK(atScores < previous);
    if (dk >= 256) CHECK(atScores < 0.7 * scaledAtScores);
    previous = atScores;
  }
}

TEST_CASE("one step at n 32, dₖ 512, batch 16 does a bounded amount of work") {
  TrainerConfig config;
  config.keyDimension = 512;
  CHECK(trainingStepWork(config) == 16 * 32 * (32 + 512));
  Trainer trainer(config);
  CHECK(trainer.run(3).loss.size() == 3);
}

TEST_CASE("the trainer's building blocks refuse bad sizes and mismatched matrices when called directly") {
  Xoshiro256pp engine(6);
  CHECK_THROWS_WITH_AS(sampleRetrievalBatch(engine, 0, 4, 4),
                       "sampleRetrievalBatch: batchSize must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(sampleRetrievalBatch(engine, 65536, 65536, 65536),
                       "sampleRetrievalBatch: batchSize*keyCount*modelDim must be at most 16777216, got "
                       "281474976710656",
                       CoreError);
  TrainerConfig huge;
  huge.batchSize = 2147483647;
  CHECK_THROWS_WITH_AS(trainingStepWork(huge), "trainingStepWork: batchSize must be between 1 and 256, got 2147483647",
                       CoreError);
  const RetrievalBatch batch = sampleRetrievalBatch(engine, 4, 8, 16);
  const RowMatrix fits = RowMatrix::Ones(16, 8);
  CHECK(std::isfinite(retrievalGradient(batch, fits, fits, 2.0).loss));
  CHECK_THROWS_WITH_AS(retrievalGradient(batch, RowMatrix::Ones(15, 8), fits, 2.0),
                       "retrievalGradient: queryWeights.rows must be between 16 and 16, got 15", CoreError);
  CHECK_THROWS_WITH_AS(retrievalGradient(batch, fits, RowMatrix::Ones(16, 7), 2.0),
                       "retrievalGradient: keyWeights.cols must be between 8 and 8, got 7", CoreError);
  CHECK_THROWS_AS(retrievalGradient(batch, fits, fits, 0.0), CoreError);
  RetrievalBatch broken = batch;
  broken.targets[0] = 8;
  CHECK_THROWS_WITH_AS(retrievalGradient(broken, fits, fits, 2.0),
                       "retrievalGradient: batch must be sized as sampleRetrievalBatch makes it, got matrices that do "
                       "not match its sizes",
                       CoreError);
}

TEST_CASE("bad configurations are refused with a message naming the field and its range") {
  const auto refuses = [](void (*change)(TrainerConfig&), const char* message) {
    TrainerConfig config;
    change(config);
    CHECK_THROWS_WITH_AS(Trainer{config}, message, CoreError);
  };
  refuses([](TrainerConfig& c) { c.keyCount = 1; }, "Trainer: keyCount must be between 2 and 256, got 1");
  refuses([](TrainerConfig& c) { c.keyCount = 257; }, "Trainer: keyCount must be between 2 and 256, got 257");
  refuses([](TrainerConfig& c) { c.keyDimension = 0; }, "Trainer: dk must be between 1 and 1024, got 0");
  refuses([](TrainerConfig& c) { c.keyDimension = 1025; }, "Trainer: dk must be between 1 and 1024, got 1025");
  refuses([](TrainerConfig& c) { c.modelDimension = 0; }, "Trainer: modelDim must be between 1 and 256, got 0");
  refuses([](TrainerConfig& c) { c.batchSize = 0; }, "Trainer: batchSize must be between 1 and 256, got 0");
  refuses([](TrainerConfig& c) { c.batchSize = 300; }, "Trainer: batchSize must be between 1 and 256, got 300");
  refuses([](TrainerConfig& c) { c.learningRate = 0; }, "Trainer: learningRate must be between 1e-06 and 10, got 0");
  refuses([](TrainerConfig& c) { c.learningRate = NAN; },
          "Trainer: learningRate must be between 1e-06 and 10, got nan");
  refuses([](TrainerConfig& c) { c.learningRate = 11; }, "Trainer: learningRate must be between 1e-06 and 10, got 11");
  refuses([](TrainerConfig& c) { c.optimizer = static_cast<Optimizer>(2); },
          "Trainer: optimizer must be 0 (adam) or 1 (sgd), got 2");
  refuses(
      [](TrainerConfig& c) {
        c.keyCount = 256;
        c.keyDimension = 1024;
        c.modelDimension = 64;
        c.batchSize = 32;
      },
      "Trainer: batchSize*modelDim*(keyCount+dk) must be at most 2097152, got 2621440");
}

TEST_CASE("run refuses step counts outside 1..1000 and calls over the work cap") {
  Trainer trainer(smallConfig());
  CHECK_THROWS_WITH_AS(trainer.run(0), "Trainer.run: steps must be between 1 and 1000, got 0", CoreError);
  CHECK_THROWS_WITH_AS(trainer.run(1001), "Trainer.run: steps must be between 1 and 1000, got 1001", CoreError);
  TrainerConfig big;
  big.keyCount = 256;
  big.keyDimension = 1024;
  big.modelDimension = 64;
  big.batchSize = 16;  // 1310720 per step: 382 steps fit in one call
  Trainer large(big);
  CHECK_THROWS_WITH_AS(large.run(400),
                       "Trainer.run: steps*batchSize*modelDim*(keyCount+dk) must be at most 500000000, got 524288000",
                       CoreError);
  CHECK(trainer.steps() == 0);  // a refused call changes nothing
}

TEST_CASE("stepsToAccuracy validates its arguments and reports −1 when the target is not reached") {
  TrainerConfig config = smallConfig();
  CHECK_THROWS_WITH_AS(stepsToAccuracy(config, 0, 10, 10), "stepsToAccuracy: target must be between 0.01 and 1, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(stepsToAccuracy(config, 0.9, 0, 10), "stepsToAccuracy: window must be between 1 and 1000, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(stepsToAccuracy(config, 0.9, 10, 0),
                       "stepsToAccuracy: maxSteps must be between 1 and 100000, got 0", CoreError);
  config.keyCount = 0;
  CHECK_THROWS_WITH_AS(stepsToAccuracy(config, 0.9, 10, 10),
                       "stepsToAccuracy: keyCount must be between 2 and 256, got 0", CoreError);
  CHECK(stepsToAccuracy(smallConfig(), 1.0, 10, 5) == -1);  // the window cannot even fill in 5 steps
  CHECK(stepsToAccuracy(smallConfig(), 0.01, 1, 50) >= 1);
}

TEST_CASE("trainerConfig: unset fields take the defaults, the learning rate its optimizer's; errors name the caller") {
  TrainerOptions options;
  const TrainerConfig defaults = trainerConfig("createTrainer", options);
  CHECK(defaults.keyCount == TrainerConfig().keyCount);
  CHECK(defaults.keyDimension == TrainerConfig().keyDimension);
  CHECK(defaults.learningRate == kDefaultAdamLearningRate);
  options.optimizer = Optimizer::Sgd;
  options.keyDimension = 128;
  options.kind = RunKind::Unscaled;
  options.seed = 9;
  const TrainerConfig sgd = trainerConfig("createTrainer", options);
  CHECK(sgd.learningRate == kDefaultSgdLearningRate);
  CHECK(sgd.keyDimension == 128);
  CHECK(sgd.kind == RunKind::Unscaled);
  CHECK(sgd.seed == 9);
  options.learningRate = 0.5;
  CHECK(trainerConfig("createTrainer", options).learningRate == 0.5);
  options.keyCount = 1;
  CHECK_THROWS_WITH_AS(trainerConfig("createTrainer", options),
                       "createTrainer: keyCount must be between 2 and 256, got 1", CoreError);
}
