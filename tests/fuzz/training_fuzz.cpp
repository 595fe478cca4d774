// Training and random draws (training.hpp, training_kinds.hpp, retrieval_task.hpp, rng.hpp, gamma.hpp,
// random_matrix.hpp): every run kind and optimizer, tiny configurations only.
#include <cmath>
#include <string>

#include "arguments.hpp"
#include "fuzz_input.hpp"
#include "gamma.hpp"
#include "modes.hpp"
#include "random_matrix.hpp"
#include "retrieval_task.hpp"
#include "rng.hpp"
#include "training.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

namespace {

// Every name createTrainer accepts, and one it does not.
const char* const kKindNames[] = {"unscaled", "sqrt",    "linear",  "learned-temperature",
                                  "qk-norm",  "softcap", "t5-init", "cosine"};
const char* const kOptimizerNames[] = {"adam", "sgd", "momentum"};

// As createTrainer reads its config object (toTrainerOptions): each field absent or checked as the binding checks
// it, then trainerConfig fills the defaults and validates. Absent sizes take the defaults (n 32, dₖ 64, d 32,
// batch 16), so they are usually given, and small.
TrainerConfig config(FuzzInput& in) {
  const char* fn = "createTrainer";
  TrainerOptions o;
  if (in.byte() % 8 != 0) {
    o.keyCount = static_cast<int>(bindings::toInteger(fn, "keyCount", in.count(8), kMinTrainingKeys, kMaxTrainingKeys));
  }
  if (in.byte() % 8 != 0) {
    o.keyDimension = static_cast<int>(bindings::toInteger(fn, "dk", in.count(16), 1, kMaxTrainingKeyDimension));
  }
  if (in.byte() % 8 != 0) {
    o.modelDimension =
        static_cast<int>(bindings::toInteger(fn, "modelDim", in.count(8), 1, kMaxTrainingModelDimension));
  }
  if (in.byte() % 8 != 0) {
    o.batchSize = static_cast<int>(bindings::toInteger(fn, "batchSize", in.count(4), 1, kMaxTrainingBatch));
  }
  if (in.flag()) o.optimizer = bindings::toOptimizer(fn, kOptimizerNames[in.choice(3)]);
  if (in.flag()) o.learningRate = in.flag() ? std::ldexp(1.0, -in.choice(24)) * 10.0 : in.number();
  if (in.flag()) o.kind = bindings::toRunKind(fn, kKindNames[in.choice(8)]);
  if (in.flag()) o.softcap = in.flag() ? std::ldexp(1.0, in.choice(32) - 10) : in.number();
  o.seed = bindings::toSeed(fn, in.count(255));
  return trainerConfig(fn, o);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  switch (in.choice(6)) {
    case 0:
      documentedErrorsOnly([&] {
        Trainer trainer(config(in));
        expect(trainingStepWork(trainer.config()) <= kMaxTrainingStepWork, "a valid config's step within its cap");
        // Two chunks, as the page trains: Adam's moments and the learned θ carry over between them.
        // The page's default sizes under qk-norm cost ~0.7 M multiply-adds a step: one step a chunk keeps a run quick.
        const int stepCap = trainingStepWork(trainer.config()) > 20000 ? 1 : 4;
        for (int chunk = in.choice(2); chunk < 2; ++chunk) {
          const auto steps = bindings::toInteger("Trainer.run", "steps", in.count(stepCap), 1, kMaxStepsPerRun);
          const std::int64_t before = trainer.steps();
          const TrainingStepStats stats = trainer.run(static_cast<int>(steps));
          expect(stats.firstStep == before && trainer.steps() == before + steps, "steps counted");
          expect(stats.accuracy.minCoeff() >= 0 && stats.accuracy.maxCoeff() <= 1, "accuracy in [0, 1]");
          expect(stats.loss.size() == steps && stats.learnedScale.size() == steps, "one entry per step");
          const bool learns = learnsScale(trainer.config().kind);
          for (const double scale : stats.learnedScale) expect(learns == !std::isnan(scale), "scale iff learned");
        }
      });
      break;
    case 1:
      documentedErrorsOnly([&] {
        // The raw config struct, as a native caller could fill it: bad enum casts and sizes reach the checks.
        TrainerConfig c;
        c.keyCount = in.size(8);
        c.keyDimension = in.size(16);
        c.modelDimension = in.size(8);
        c.batchSize = in.size(4);
        c.optimizer = static_cast<Optimizer>(in.choice(3));
        c.learningRate = in.flag() ? defaultLearningRate(c.optimizer) : in.number();
        c.kind = static_cast<RunKind>(in.choice(8));
        c.softcap = in.flag() ? kDefaultSoftcap : in.number();
        c.seed = in.word();
        const std::int64_t steps = stepsToAccuracy(c, in.number(), in.size(8), in.size(16));
        expect(steps >= -1, "steps to accuracy is -1 or a count");
      });
      break;
    case 2:
      documentedErrorsOnly([&] {
        Xoshiro256pp engine(in.word(), in.byte() % 4);
        NormalSampler normal(engine);
        const double shape = in.number();
        const double g = sampleGamma(normal, shape);
        expect(std::isfinite(g) && g >= 0, "gamma draw finite and non-negative");
        const double c = sampleChiSquared(normal, in.number());
        expect(std::isfinite(c) && c >= 0, "chi-squared draw finite and non-negative");
      });
      break;
    case 3:
      documentedErrorsOnly([&] {
        // The gradient under any kind with hostile weights, on a batch of valid sizes (the trainer's own checks).
        const int batchSize = 1 + in.choice(4), keyCount = 2 + in.choice(7), width = 1 + in.choice(8);
        const int dk = 1 + in.choice(16);
        Xoshiro256pp engine(in.word(), 1);
        const RetrievalBatch batch = sampleRetrievalBatch(engine, batchSize, keyCount, width);
        expect(batch.items.rows() == batchSize * keyCount && batch.queries.rows() == batchSize, "batch shapes");
        for (const int t : batch.targets) expect(t >= 0 && t < keyCount, "target is one of the items");
        const RowMatrix queryWeights = in.matrix(width, dk), keyWeights = in.matrix(width, dk);
        ScoreFunction scores;
        scores.kind = static_cast<RunKind>(in.choice(7));
        scores.keyDimension = dk;
        scores.logScale = in.flag() ? initialLogScale(scores.kind, dk) : in.number();
        scores.softcap = in.flag() ? kDefaultSoftcap : std::ldexp(1.0, in.choice(32) - 10);
        const RetrievalGradient g = retrievalGradient(batch, queryWeights, keyWeights, scores);
        expect(g.accuracy >= 0 && g.accuracy <= 1, "accuracy in [0, 1]");
        expect(g.queryWeights.rows() == width && g.queryWeights.cols() == dk, "∂L/∂W_q has W_q's shape");
        expect(g.keyWeights.rows() == width && g.keyWeights.cols() == dk, "∂L/∂W_k has W_k's shape");
      });
      break;
    case 4:
      documentedErrorsOnly([&] {
        // sampleNormals and, for the tests' bindings, randomIntegers, with the arguments checked as JS passes them.
        const Eigen::VectorXd normals =
            sampleNormals(bindings::toInteger("sampleNormals", "count", in.count(64), 1, kMaxSamples),
                          bindings::toSeed("sampleNormals", in.number()));
        expect(normals.allFinite(), "normal draws finite");
      });
      documentedErrorsOnly([&] {
        const auto integers = randomIntegers(in.word(), static_cast<std::uint64_t>(in.size(70)), in.size(64));
        expect(!integers.empty() && integers.size() <= 4096, "count within 1..4096");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        Xoshiro256pp engine(bindings::toSeed("sampleNormals", in.number()), in.byte() % 3);
        NormalSampler normal(engine);
        const double std = in.number();
        const RowMatrix m = normalMatrix(normal, in.size(16), in.size(16), std);
        // N(0, std²) draws overflow for std near 1e308 by definition; below that they must be finite.
        expect(std > 1e300 || m.allFinite(), "normal matrix finite");
        expect(engine.uniform() < 1.0, "uniform below 1");
      });
  }
  return 0;
}
