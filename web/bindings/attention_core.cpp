// The Embind surface of the core: thin wrappers, one coarse call per batch or sweep, typed arrays in and out.
#include <emscripten/bind.h>

#include "convert.hpp"
#include "gradient_survival.hpp"
#include "modes.hpp"
#include "precision.hpp"
#include "precision_overflow.hpp"
#include "random_matrix.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "stats.hpp"
#include "sweeps.hpp"
#include "training.hpp"
#include "validate.hpp"

namespace attention_lab::bindings {
namespace {

SoftmaxOptions toSoftmaxOptions(const char* function, double temperature, const val& mask) {
  SoftmaxOptions options;
  options.temperature = temperature;
  options.mask = toMask(function, mask);
  return options;
}

val softmaxBinding(const val& scores, double temperature, const val& mask) {
  return guarded([&] { return toFloat64Array(softmax(toVector("softmax", "scores", scores), toSoftmaxOptions("softmax", temperature, mask))); });
}

val logSoftmaxBinding(const val& scores, double temperature, const val& mask) {
  return guarded([&] { return toFloat64Array(logSoftmax(toVector("logSoftmax", "scores", scores), toSoftmaxOptions("logSoftmax", temperature, mask))); });
}

val softmaxStatsBinding(const val& weights) {
  return guarded([&] {
    const SoftmaxStats stats = softmaxStats(toVector("softmaxStats", "weights", weights));
    val result = val::object();
    result.set("entropy", stats.entropy);
    result.set("perplexity", stats.perplexity);
    result.set("maxWeight", stats.maxWeight);
    result.set("jacobianMaxAbs", stats.jacobianMaxAbs);
    result.set("jacobianFrobenius", stats.jacobianFrobenius);
    result.set("survivalRatio", stats.survivalRatio);
    result.set("survival", survivalName(stats.survival));
    return result;
  });
}

val softmaxJacobianBinding(const val& weights) {
  return guarded([&] {
    // J is symmetric, so its column-major storage already is the row-major layout JS expects: no transposing copy.
    const Eigen::MatrixXd jacobian = softmaxJacobian(toVector("softmaxJacobian", "weights", weights));
    return toFloat64Array(jacobian.data(), static_cast<std::size_t>(jacobian.size()));
  });
}

double normalWithinBinding(double sigmas) {
  return guarded([&] { return normalWithin(sigmas); });
}

double saturationCrossingBinding(double threshold, double keyCount) {
  return guarded([&] {
    return saturationCrossing(threshold, static_cast<int>(toInteger("saturationCrossing", "keyCount", keyCount, 2,
                                                                    kMaxSoftmaxLength)));
  });
}

val scoreStatisticsBinding(double keyDimension, const std::string& mode, double temperature) {
  return guarded([&] {
    const auto dk = static_cast<int>(toInteger("scoreStatistics", "dk", keyDimension, 1, kMaxKeyDimension));
    const Scale scale = toScale("scoreStatistics", mode, temperature);
    val result = val::object();
    result.set("mean", 0.0);
    result.set("variance", scoreVariance(scale, dk));
    result.set("std", scoreStd(scale, dk));
    result.set("divisor", scaleDivisor(scale, dk));
    return result;
  });
}

val dotProductExperimentBinding(double keyDimension, double count, double seed, const std::string& mode,
                                double temperature, const std::string& method, double bins) {
  return guarded([&] {
    const char* fn = "dotProductExperiment";
    const auto dk = static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxKeyDimension));
    const auto n = static_cast<int>(toInteger(fn, "count", count, 2, kMaxSamples));
    const auto binCount = static_cast<int>(toInteger(fn, "bins", bins, 1, kMaxBins));
    const DotProductExperiment e =
        dotProductExperiment(dk, n, toSeed(fn, seed), toScale(fn, mode, temperature), toMethod(fn, method), binCount);
    val result = val::object();
    result.set("samples", toFloat64Array(e.samples));
    result.set("mean", e.mean);
    result.set("variance", e.variance);
    result.set("std", e.std);
    result.set("meanStandardError", e.meanStandardError);
    result.set("varianceStandardError", e.varianceStandardError);
    result.set("stdStandardError", e.stdStandardError);
    result.set("theoryVariance", e.theoryVariance);
    result.set("theoryStd", e.theoryStd);
    val histogram = val::object();
    histogram.set("edges", toFloat64Array(e.histogram.edges));
    histogram.set("counts", toFloat64Array(e.histogram.counts));
    histogram.set("below", static_cast<double>(e.histogram.below));
    histogram.set("above", static_cast<double>(e.histogram.above));
    result.set("histogram", histogram);
    result.set("densityCounts", toFloat64Array(e.densityCounts));
    return result;
  });
}

val attentionBinding(const val& queries, const val& keys, const val& values, double rows, double keyCount,
                     double width, double valueWidth, const std::string& mode, double temperature, bool causal) {
  return guarded([&] {
    const char* fn = "attention";
    const auto n = toInteger(fn, "n", rows, 1, kMaxAttentionRows);
    const auto m = toInteger(fn, "m", keyCount, 1, kMaxAttentionRows);
    const auto d = toInteger(fn, "d", width, 1, kMaxModelDimension);
    const auto dv = toInteger(fn, "dv", valueWidth, 1, kMaxModelDimension);
    // One copy in per matrix: the core reads the copies through maps (Eigen::Ref binds to them as they are).
    const std::vector<double> q = toMatrixValues(fn, "q", queries, n, d);
    const std::vector<double> k = toMatrixValues(fn, "k", keys, m, d);
    const std::vector<double> v = toMatrixValues(fn, "v", values, m, dv);
    const AttentionResult r = scaledDotProductAttention(
        Eigen::Map<const RowMatrix>(q.data(), n, d), Eigen::Map<const RowMatrix>(k.data(), m, d),
        Eigen::Map<const RowMatrix>(v.data(), m, dv), toAttentionScale(fn, mode, temperature), causal);
    val result = val::object();
    result.set("weights", toFloat64Array(r.weights));
    result.set("output", toFloat64Array(r.output));
    return result;
  });
}

val entropySweepBinding(const val& keyDimensions, double keyCount, double trials, double seed, const val& modes,
                        const val& temperatures) {
  return guarded([&] {
    const char* fn = "entropySweep";
    const std::vector<int> dks = toIntegers(fn, "dks", keyDimensions, 1, kMaxKeyDimension);
    requireInputLength(fn, "modes", modes);
    requireInputLength(fn, "temperatures", temperatures);
    const std::vector<std::string> names = emscripten::vecFromJSArray<std::string>(modes);
    const std::vector<double> taus = emscripten::convertJSArrayToNumberVector<double>(temperatures);
    if (names.size() != taus.size()) {
      failArgument(ErrorKind::Shape, fn, "temperatures", "one per scale (" + std::to_string(names.size()) + ")",
                   std::to_string(taus.size()));
    }
    std::vector<Scale> scales;
    for (std::size_t i = 0; i < names.size(); ++i) scales.push_back(toScale(fn, names[i], taus[i]));
    const EntropySweep sweep =
        entropySweep(dks, static_cast<int>(toInteger(fn, "keyCount", keyCount, 1, kMaxKeys)),
                     static_cast<int>(toInteger(fn, "trials", trials, 2, kMaxTrials)), toSeed(fn, seed), scales);
    val result = val::object();
    result.set("dks", toFloat64Array(sweep.keyDimensions));
    result.set("maxEntropy", sweep.maxEntropy);
    result.set("meanEntropy", toFloat64Array(sweep.meanEntropy));
    result.set("entropyStandardError", toFloat64Array(sweep.entropyStandardError));
    result.set("meanMaxWeight", toFloat64Array(sweep.meanMaxWeight));
    result.set("maxWeightStandardError", toFloat64Array(sweep.maxWeightStandardError));
    return result;
  });
}

val saturationCurveBinding(const val& xs, double keyCount) {
  return guarded([&] {
    const auto n = toInteger("saturationCurve", "keyCount", keyCount, 1, kMaxSoftmaxLength);
    return toFloat64Array(saturationCurve(toVector("saturationCurve", "xs", xs), static_cast<int>(n)));
  });
}

val jacobianNormsBinding(const val& scores, const val& multipliers) {
  return guarded([&] {
    const JacobianSweep sweep = jacobianNormsByMultiplier(toVector("jacobianNormsByMultiplier", "scores", scores), toVector("jacobianNormsByMultiplier", "multipliers", multipliers));
    val result = val::object();
    result.set("multipliers", toFloat64Array(sweep.multipliers));
    result.set("maxAbs", toFloat64Array(sweep.maxAbs));
    result.set("frobenius", toFloat64Array(sweep.frobenius));
    result.set("survivalRatio", toFloat64Array(sweep.survivalRatio));
    return result;
  });
}

val cosineSweepBinding(const val& dimensions, double pairs, double seed) {
  return guarded([&] {
    const char* fn = "cosineSweep";
    const CosineSweep sweep = cosineSweep(toIntegers(fn, "dimensions", dimensions, 1, kMaxModelDimension),
                                          static_cast<int>(toInteger(fn, "pairs", pairs, 2, kMaxTrials)),
                                          toSeed(fn, seed));
    val samples = val::array();
    for (const auto& s : sweep.samples) samples.call<void>("push", toFloat64Array(s));
    val result = val::object();
    result.set("dimensions", toFloat64Array(sweep.dimensions));
    result.set("samples", samples);
    result.set("mean", toFloat64Array(sweep.mean));
    result.set("meanStandardError", toFloat64Array(sweep.meanStandardError));
    result.set("variance", toFloat64Array(sweep.variance));
    result.set("varianceStandardError", toFloat64Array(sweep.varianceStandardError));
    result.set("theoryVariance", toFloat64Array(sweep.theoryVariance));
    return result;
  });
}

val sampleQueryScoresBinding(double keyDimension, double keyCount, double seed) {
  return guarded([&] {
    const char* fn = "sampleQueryScores";
    const auto dk = toInteger(fn, "keyDimension", keyDimension, 1, kMaxKeyDimension);
    const auto n = toInteger(fn, "keyCount", keyCount, 1, kMaxKeys);
    return toFloat64Array(sampleQueryScores(static_cast<int>(dk), static_cast<int>(n), toSeed(fn, seed)));
  });
}

val gradientSurvivalBinding(double keyDimension, double keyCount, const std::string& mode, double temperature,
                            double trials, double seed) {
  return guarded([&] {
    const char* fn = "gradientSurvival";
    const QueryGradientSurvival s = gradientSurvival(
        static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxKeyDimension)),
        static_cast<int>(toInteger(fn, "keyCount", keyCount, 2, kMaxKeys)), toScale(fn, mode, temperature),
        static_cast<int>(toInteger(fn, "trials", trials, 2, kMaxTrials)), toSeed(fn, seed));
    val expected = val::object();
    expected.set("ratio", s.expected.ratio);
    expected.set("standardError", s.expected.standardError);
    expected.set("state", survivalName(s.expected.state));
    expected.set("trials", s.expected.trials);
    val sample = val::object();
    sample.set("ratio", s.sample.ratio);
    sample.set("state", survivalName(s.sample.state));
    val thresholds = val::object();
    thresholds.set("healthy", kQuerySurvivalThresholds.healthy);
    thresholds.set("fading", kQuerySurvivalThresholds.fading);
    thresholds.set("dying", kQuerySurvivalThresholds.dying);
    val result = val::object();
    result.set("expected", expected);
    result.set("sample", sample);
    result.set("thresholds", thresholds);
    return result;
  });
}

val sampleNormalsBinding(double count, double seed) {
  return guarded([&] {
    const char* fn = "sampleNormals";
    return toFloat64Array(sampleNormals(toInteger(fn, "count", count, 1, kMaxSamples), toSeed(fn, seed)));
  });
}

val softmaxInPrecisionBinding(const val& scores, double temperature, const std::string& precision) {
  return guarded([&] {
    const PrecisionSoftmax p =
        softmaxInPrecision(toVector("softmaxInPrecision", "scores", scores), temperature, toPrecision("softmaxInPrecision", precision));
    val result = val::object();
    result.set("weights", toFloat64Array(p.weights));
    result.set("exactZeros", static_cast<double>(p.exactZeros));
    return result;
  });
}

val float16ScoresBinding(double keyDimension, double keyCount, double spread, const std::string& order, double seed) {
  return guarded([&] {
    const char* fn = "float16Scores";
    const HalfPrecisionScores h = float16Scores(
        static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxHalfScoreKeyDimension)),
        static_cast<int>(toInteger(fn, "keyCount", keyCount, 1, kMaxHalfScoreKeys)), spread,
        toHalfScoreOrder(fn, order), toSeed(fn, seed));
    val result = val::object();
    result.set("keyCount", h.keyCount);
    result.set("scores", toFloat64Array(h.scores));
    result.set("infinities", static_cast<double>(h.infinities));
    result.set("weights", toFloat64Array(h.weights));
    result.set("nans", static_cast<double>(h.nans));
    result.set("largestExactScore", h.largestExactScore);
    return result;
  });
}

double float16OverflowSpreadBinding(double keyDimension) {
  return guarded([&] {
    const char* fn = "float16OverflowSpread";
    return float16OverflowSpread(static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxHalfScoreKeyDimension)));
  });
}

// The trainer lives in WASM memory between chunks; JS owns it and must call .delete() (the TS layer wraps that).
class TrainerBinding {
 public:
  explicit TrainerBinding(const TrainerConfig& config) : trainer_(config) {}

  val run(double steps) {
    return guarded([&] {
      const TrainingStepStats stats =
          trainer_.run(static_cast<int>(toInteger("Trainer.run", "steps", steps, 1, kMaxStepsPerRun)));
      val result = val::object();
      result.set("firstStep", static_cast<double>(stats.firstStep));
      result.set("loss", toFloat64Array(stats.loss));
      result.set("accuracy", toFloat64Array(stats.accuracy));
      result.set("gradientNorm", toFloat64Array(stats.gradientNorm));
      result.set("scoreGradientNorm", toFloat64Array(stats.scoreGradientNorm));
      result.set("entropy", toFloat64Array(stats.entropy));
      result.set("maxAbsScore", toFloat64Array(stats.maxAbsScore));
      result.set("learnedScale", toFloat64Array(stats.learnedScale));
      return result;
    });
  }

  double steps() const { return static_cast<double>(trainer_.steps()); }

 private:
  Trainer trainer_;
};

// Fields left undefined take the core's defaults (trainerConfig); errors name createTrainer, the JS entry point.
TrainerBinding* createTrainerBinding(const val& config) {
  return guarded([&] {
    const char* fn = "createTrainer";
    const auto integer = [&](const char* name, double low, double high) -> std::optional<int> {
      const val value = config[name];
      if (value.isUndefined()) return std::nullopt;
      return static_cast<int>(toInteger(fn, name, value.as<double>(), low, high));
    };
    TrainerOptions options;
    options.keyCount = integer("keyCount", kMinTrainingKeys, kMaxTrainingKeys);
    options.keyDimension = integer("dk", 1, kMaxTrainingKeyDimension);
    options.modelDimension = integer("modelDim", 1, kMaxTrainingModelDimension);
    options.batchSize = integer("batchSize", 1, kMaxTrainingBatch);
    if (!config["optimizer"].isUndefined()) options.optimizer = toOptimizer(fn, config["optimizer"].as<std::string>());
    if (!config["learningRate"].isUndefined()) options.learningRate = config["learningRate"].as<double>();
    // kind wins; the older boolean `scaled` still picks sqrt or unscaled (the TS layer refuses a contradiction).
    if (!config["kind"].isUndefined()) {
      options.kind = toRunKind(fn, config["kind"].as<std::string>());
    } else if (!config["scaled"].isUndefined()) {
      options.kind = config["scaled"].as<bool>() ? RunKind::Sqrt : RunKind::Unscaled;
    }
    if (!config["softcap"].isUndefined()) options.softcap = config["softcap"].as<double>();
    options.seed = toSeed(fn, config["seed"].as<double>());
    return new TrainerBinding(trainerConfig(fn, options));  // a bad config throws before anything is allocated
  });
}

}  // namespace
}  // namespace attention_lab::bindings

EMSCRIPTEN_BINDINGS(attention_core) {
  using namespace attention_lab::bindings;
  using emscripten::function;
  function("softmax", &softmaxBinding);
  function("logSoftmax", &logSoftmaxBinding);
  function("softmaxStats", &softmaxStatsBinding);
  function("softmaxJacobian", &softmaxJacobianBinding);
  function("saturationCrossing", &saturationCrossingBinding);
  function("normalWithin", &normalWithinBinding);
  function("scoreStatistics", &scoreStatisticsBinding);
  function("dotProductExperiment", &dotProductExperimentBinding);
  function("attention", &attentionBinding);
  function("entropySweep", &entropySweepBinding);
  function("saturationCurve", &saturationCurveBinding);
  function("jacobianNormsByMultiplier", &jacobianNormsBinding);
  function("cosineSweep", &cosineSweepBinding);
  function("sampleQueryScores", &sampleQueryScoresBinding);
  function("gradientSurvival", &gradientSurvivalBinding);
  function("sampleNormals", &sampleNormalsBinding);
  function("softmaxInPrecision", &softmaxInPrecisionBinding);
  function("float16Scores", &float16ScoresBinding);
  function("float16OverflowSpread", &float16OverflowSpreadBinding);
  emscripten::class_<TrainerBinding>("Trainer")
      .constructor(&createTrainerBinding)
      .function("run", &TrainerBinding::run)
      .property("steps", &TrainerBinding::steps);
}
