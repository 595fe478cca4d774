// Training and random draws (training.hpp, rng.hpp, gamma.hpp, random_matrix.hpp): tiny configurations only.
#include <cmath>

#include "arguments.hpp"
#include "fuzz_input.hpp"
#include "gamma.hpp"
#include "random_matrix.hpp"
#include "rng.hpp"
#include "training.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

namespace {

// As createTrainerBinding reads a config object: integers through toInteger with the core's own limits.
TrainerConfig config(FuzzInput& in) {
  const char* fn = "Trainer";
  TrainerConfig c;
  c.keyCount =
      static_cast<int>(bindings::toInteger(fn, "config.keyCount", in.count(8), kMinTrainingKeys, kMaxTrainingKeys));
  c.keyDimension = static_cast<int>(bindings::toInteger(fn, "config.dk", in.count(16), 1, kMaxTrainingKeyDimension));
  c.modelDimension =
      static_cast<int>(bindings::toInteger(fn, "config.modelDim", in.count(8), 1, kMaxTrainingModelDimension));
  c.batchSize = static_cast<int>(bindings::toInteger(fn, "config.batchSize", in.count(4), 1, kMaxTrainingBatch));
  c.optimizer = in.flag() ? Optimizer::Adam : Optimizer::Sgd;
  c.learningRate = in.flag() ? defaultLearningRate(c.optimizer) : in.number();
  c.kind = in.flag() ? RunKind::Sqrt : RunKind::Unscaled;
  c.seed = bindings::toSeed(fn, in.count(255));
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  switch (in.choice(4)) {
    case 0:
      documentedErrorsOnly([&] {
        Trainer trainer(config(in));
        const TrainingStepStats stats =
            trainer.run(static_cast<int>(bindings::toInteger("Trainer.run", "steps", in.count(4), 1, kMaxStepsPerRun)));
        expect(stats.accuracy.minCoeff() >= 0 && stats.accuracy.maxCoeff() <= 1, "accuracy in [0, 1]");
        expect(!stats.loss.hasNaN(), "loss is a number");
      });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const TrainerConfig c = config(in);
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
