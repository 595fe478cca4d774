// The Embind surface of the core: thin wrappers, one coarse call per batch or sweep, typed arrays in and out.
// Arguments are converted in convert.hpp, modes.hpp and options.hpp; results in results.hpp. Every binding returns:
// a rejected call gives back its RangeError or TypeError (guarded), and the JS layer throws it.
#include <emscripten/bind.h>

#include <memory>

#include "aligned_scores.hpp"
#include "convert.hpp"
#include "dot_product_call.hpp"
#include "gradient_survival.hpp"
#include "modes.hpp"
#include "options.hpp"
#include "precision.hpp"
#include "precision_overflow.hpp"
#include "random_matrix.hpp"
#include "results.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "stats.hpp"
#include "sweeps.hpp"
#include "training.hpp"
#include "validate.hpp"

namespace attention_lab::bindings {
namespace {

int toInt(const char* function, const char* argument, double value, double low, double high) {
  return static_cast<int>(toInteger(function, argument, value, low, high));
}

val softmaxBinding(const val& scores, double temperature, const val& mask) {
  const char* fn = "softmax";
  return guarded(
      [&] { return toFloat64Array(softmax(toVector(fn, "scores", scores), toSoftmaxOptions(fn, temperature, mask))); });
}

val logSoftmaxBinding(const val& scores, double temperature, const val& mask) {
  const char* fn = "logSoftmax";
  return guarded([&] {
    return toFloat64Array(logSoftmax(toVector(fn, "scores", scores), toSoftmaxOptions(fn, temperature, mask)));
  });
}

val softmaxStatsBinding(const val& scores, double temperature, const val& mask) {
  const char* fn = "softmaxStats";
  return guarded([&] {
    return toJs(softmaxStatsOfScores(toVector(fn, "scores", scores), toSoftmaxOptions(fn, temperature, mask)));
  });
}

val softmaxJacobianBinding(const val& weights, const val& into) {
  return guarded([&] {
    // J is symmetric, so its column-major storage already is the row-major layout JS expects: no transposing copy.
    const Eigen::MatrixXd jacobian = softmaxJacobian(toVector("softmaxJacobian", "weights", weights));
    const auto size = static_cast<std::size_t>(jacobian.size());
    if (into.isUndefined()) return toFloat64Array(jacobian.data(), size);
    // The caller's own array, refilled: a loop over J allocates nothing and leaves no 8n² bytes of garbage a call.
    const double length = into["length"].as<double>();
    if (length != static_cast<double>(size))
      failArgument(ErrorKind::Shape, "softmaxJacobian", "into", "n² = " + std::to_string(size) + " elements long",
                   length);
    into.call<void>("set", val(emscripten::typed_memory_view(size, jacobian.data())));
    return into;
  });
}

val normalWithinBinding(double sigmas) {
  return guarded([&] { return normalWithin(sigmas); });
}

val saturationCrossingBinding(double threshold, double keyCount) {
  const char* fn = "saturationCrossing";
  return guarded([&] { return saturationCrossing(threshold, toInt(fn, "keyCount", keyCount, 2, kMaxSoftmaxLength)); });
}

val scoreStatisticsBinding(double dk, const std::string& mode, double temperature) {
  const char* fn = "scoreStatistics";
  return guarded(
      [&] { return toJs(scoreStatistics(toScale(fn, mode, temperature), toInt(fn, "dk", dk, 1, kMaxKeyDimension))); });
}

val dotProductExperimentBinding(double dk, double count, double seed, const std::string& mode, double temperature,
                                const std::string& method, double bins, bool withSamples) {
  return guarded(
      [&] { return toJs(dotProductExperimentCall(dk, count, seed, mode, temperature, method, bins), withSamples); });
}

val attentionBinding(const val& queries, const val& keys, const val& values, double rows, double keyCount, double width,
                     double valueWidth, const std::string& mode, double temperature, bool causal) {
  const char* fn = "attention";
  return guarded([&] {
    const auto n = toInteger(fn, "n", rows, 1, kMaxAttentionRows);
    const auto m = toInteger(fn, "m", keyCount, 1, kMaxAttentionRows);
    const auto d = toInteger(fn, "d", width, 1, kMaxModelDimension);
    const auto dv = toInteger(fn, "dv", valueWidth, 1, kMaxModelDimension);
    // One copy in per matrix: the core reads the copies through maps (Eigen::Ref binds to them as they are).
    const Eigen::VectorXd q = toMatrixValues(fn, "q", queries, n, d);
    const Eigen::VectorXd k = toMatrixValues(fn, "k", keys, m, d);
    const Eigen::VectorXd v = toMatrixValues(fn, "v", values, m, dv);
    return toJs(scaledDotProductAttention(
        Eigen::Map<const RowMatrix>(q.data(), n, d), Eigen::Map<const RowMatrix>(k.data(), m, d),
        Eigen::Map<const RowMatrix>(v.data(), m, dv), toAttentionScale(fn, mode, temperature), causal));
  });
}

val entropySweepBinding(const val& dks, double keyCount, double trials, double seed, const val& modes,
                        const val& temperatures) {
  const char* fn = "entropySweep";
  return guarded([&] {
    return toJs(entropySweep(toIntegers(fn, "dks", dks, 1, kMaxKeyDimension),
                             toInt(fn, "keyCount", keyCount, 1, kMaxKeys), toInt(fn, "trials", trials, 2, kMaxTrials),
                             toSeed(fn, seed), toScales(fn, modes, temperatures)));
  });
}

val saturationCurveBinding(const val& xs, double keyCount) {
  const char* fn = "saturationCurve";
  return guarded([&] {
    return toFloat64Array(
        saturationCurve(toVector(fn, "xs", xs), toInt(fn, "keyCount", keyCount, 1, kMaxSoftmaxLength)));
  });
}

val jacobianNormsBinding(const val& scores, const val& multipliers) {
  const char* fn = "jacobianNormsByMultiplier";
  return guarded([&] {
    return toJs(jacobianNormsByMultiplier(toVector(fn, "scores", scores), toVector(fn, "multipliers", multipliers)));
  });
}

val cosineSweepBinding(const val& dimensions, double pairs, double seed, const std::string& method) {
  const char* fn = "cosineSweep";
  return guarded([&] {
    return toJs(cosineSweep(toIntegers(fn, "dimensions", dimensions, 1, kMaxModelDimension),
                            toInt(fn, "pairs", pairs, 2, kMaxTrials), toSeed(fn, seed), toCosineMethod(fn, method)));
  });
}

val sampleQueryScoresBinding(double dk, double keyCount, double seed) {
  const char* fn = "sampleQueryScores";
  return guarded([&] {
    return toFloat64Array(sampleQueryScores(toInt(fn, "dk", dk, 1, kMaxKeyDimension),
                                            toInt(fn, "keyCount", keyCount, 1, kMaxKeys), toSeed(fn, seed)));
  });
}

val gradientSurvivalBinding(const val& weights) {
  return guarded([&] { return toJs(gradientSurvival(toVector("gradientSurvival", "weights", weights))); });
}

val survivalThresholdsBinding() { return survivalThresholdsToJs(); }

val sampleNormalsBinding(double count, double seed) {
  const char* fn = "sampleNormals";
  return guarded(
      [&] { return toFloat64Array(sampleNormals(toInteger(fn, "count", count, 1, kMaxSamples), toSeed(fn, seed))); });
}

val softmaxInPrecisionBinding(const val& scores, double temperature, const std::string& precision) {
  const char* fn = "softmaxInPrecision";
  return guarded([&] {
    return toJs(softmaxInPrecision(toVector(fn, "scores", scores), temperature, toPrecision(fn, precision)));
  });
}

// Every order's ∞ scores and NaN weights, in the order after, before, balanced.
val halfCountsToJs(const std::array<HalfOverflowCounts, 3>& counts) {
  val byOrder = val::array();
  for (const auto& [order, name] : kHalfScoreOrderNames) {
    const HalfOverflowCounts& each = counts[static_cast<std::size_t>(order)];
    val entry = val::object();
    entry.set("order", std::string(name));
    entry.set("infinities", static_cast<double>(each.infinities));
    entry.set("nans", static_cast<double>(each.nans));
    byOrder.call<void>("push", entry);
  }
  return byOrder;
}

// A float16 call from JS arguments, checked as the function `fn` names them: compute(dk, keyCount, spread, order,
// seed).
template <typename Compute>
auto halfScoreCall(const char* fn, Compute compute, double keyDimension, double keyCount, double spread,
                   const std::string& order, double seed) {
  return compute(static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxHalfScoreKeyDimension)),
                 static_cast<int>(toInteger(fn, "keyCount", keyCount, 1, kMaxHalfScoreKeys)), spread,
                 toHalfScoreOrder(fn, order), toSeed(fn, seed));
}

val float16ScoresBinding(double keyDimension, double keyCount, double spread, const std::string& order, double seed) {
  return guarded([&] {
    const HalfPrecisionScores h =
        halfScoreCall("float16Scores", float16Scores, keyDimension, keyCount, spread, order, seed);
    val result = val::object();
    result.set("keyCount", h.keyCount);
    result.set("scores", toFloat64Array(h.scores));
    result.set("infinities", static_cast<double>(h.infinities));
    result.set("weights", toFloat64Array(h.weights));
    result.set("nans", static_cast<double>(h.nans));
    result.set("largestExactScore", h.largestExactScore);
    result.set("byOrder", halfCountsToJs(h.byOrder));
    return result;
  });
}

val float16RowLargestBinding(double keyDimension, double keyCount, double spread, const std::string& order,
                             double seed) {
  return guarded([&] {
    const HalfRowLargest h =
        halfScoreCall("float16RowLargest", float16RowLargest, keyDimension, keyCount, spread, order, seed);
    val result = val::object();
    result.set("keyCount", h.keyCount);
    result.set("rowLargest", toFloat64Array(h.rowLargest.data(), h.rowLargest.size()));
    const std::vector<double> rowNans(h.rowNans.begin(), h.rowNans.end());
    result.set("rowNans", toFloat64Array(rowNans.data(), rowNans.size()));
    result.set("infinities", static_cast<double>(h.infinities));
    result.set("nans", static_cast<double>(h.nans));
    result.set("largestExactScore", h.largestExactScore);
    result.set("byOrder", halfCountsToJs(h.byOrder));
    return result;
  });
}

val float16OverflowSpreadBinding(double keyDimension) {
  return guarded([&] {
    const char* fn = "float16OverflowSpread";
    return float16OverflowSpread(static_cast<int>(toInteger(fn, "dk", keyDimension, 1, kMaxHalfScoreKeyDimension)));
  });
}

val alignedScoresBinding(double dk, double alignment, double pairs, double seed) {
  const char* fn = "alignedScores";
  return guarded([&] {
    return toJs(alignedScores(toInt(fn, "dk", dk, 1, kMaxKeyDimension), alignment,
                              toInt(fn, "pairs", pairs, 2, kMaxSamples), toSeed(fn, seed)));
  });
}

val alignedScoreStatisticsBinding(double dk, double alignment, const std::string& mode, double temperature) {
  const char* fn = "alignedScoreStatistics";
  return guarded([&] {
    return toJs(
        alignedScoreStatistics(toScale(fn, mode, temperature), toInt(fn, "dk", dk, 1, kMaxKeyDimension), alignment));
  });
}

// The trainer lives in WASM memory between chunks; JS owns it and must call .delete() (the TS layer wraps that).
class TrainerBinding {
 public:
  explicit TrainerBinding(const TrainerConfig& config) : trainer_(config) {}

  val run(double steps) {
    return guarded([&] { return toJs(trainer_.run(toInt("Trainer.run", "steps", steps, 1, kMaxStepsPerRun))); });
  }

  double steps() const { return static_cast<double>(trainer_.steps()); }

 private:
  Trainer trainer_;
};

// J of softmax in a buffer the core owns: compute() refills it and returns a view of it, so JS reads n² doubles
// without a copy (2 MiB at n = 512). The view is valid until the next call that may allocate; delete() frees it.
class JacobianBufferBinding {
 public:
  val compute(const val& weights) {
    return guarded([&] {
      softmaxJacobianInto(toVector("JacobianBuffer.compute", "weights", weights), jacobian_);
      // J is symmetric, so its column-major storage already is the row-major layout JS expects.
      const auto size = static_cast<std::size_t>(jacobian_.size());
      return val(emscripten::typed_memory_view(size, jacobian_.data()));
    });
  }

 private:
  Eigen::MatrixXd jacobian_;
};

// Errors name createTrainer, the JS entry point; a bad config fails before anything is allocated. A function, not
// a constructor, so that a failure comes back as a value (constructors can only throw); JS owns the trainer.
val createTrainerBinding(const val& config) {
  const char* fn = "createTrainer";
  return guarded([&] { return std::make_unique<TrainerBinding>(trainerConfig(fn, toTrainerOptions(fn, config))); });
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
  function("survivalThresholds", &survivalThresholdsBinding);
  function("sampleNormals", &sampleNormalsBinding);
  function("softmaxInPrecision", &softmaxInPrecisionBinding);
  function("float16Scores", &float16ScoresBinding);
  function("float16RowLargest", &float16RowLargestBinding);
  function("float16OverflowSpread", &float16OverflowSpreadBinding);
  function("alignedScores", &alignedScoresBinding);
  function("alignedScoreStatistics", &alignedScoreStatisticsBinding);
  emscripten::class_<JacobianBufferBinding>("JacobianBuffer")
      .constructor<>()
      .function("compute", &JacobianBufferBinding::compute);
  emscripten::class_<TrainerBinding>("Trainer")
      .function("run", &TrainerBinding::run)
      .property("steps", &TrainerBinding::steps);
  function("createTrainer", &createTrainerBinding);
}
