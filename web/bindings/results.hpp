#pragma once
// The core's result structs as the plain JS objects the .d.mts declares (field names are the JS API's).
#include "aligned_scores.hpp"
#include "attention.hpp"
#include "convert.hpp"
#include "dot_product.hpp"
#include "gradient_survival.hpp"
#include "jacobian.hpp"
#include "precision.hpp"
#include "scale.hpp"
#include "sweeps.hpp"
#include "training.hpp"

namespace attention_lab::bindings {

inline val toJs(const SoftmaxStats& stats) {
  val result = val::object();
  result.set("entropy", stats.entropy);
  result.set("perplexity", stats.perplexity);
  result.set("maxWeight", stats.maxWeight);
  result.set("jacobianMaxAbs", stats.jacobianMaxAbs);
  result.set("jacobianFrobenius", stats.jacobianFrobenius);
  result.set("jacobianTrace", stats.jacobianTrace);
  result.set("survivalShare", stats.survivalShare);
  result.set("survival", survivalName(stats.survival));
  return result;
}

inline val toJs(const ScoreStatistics& statistics) {
  val result = val::object();
  result.set("mean", statistics.mean);
  result.set("variance", statistics.variance);
  result.set("std", statistics.std);
  result.set("divisor", statistics.divisor);
  return result;
}

// { dk, alignment, none, sqrt, linear }: each scale's scores, sample mean and std, and the closed-form theory.
inline val toJs(const AlignedScores& a) {
  val result = val::object();
  result.set("dk", a.keyDimension);
  result.set("alignment", a.alignment);
  for (const AlignedScaleScores& entry : a.byScale) {
    val scale = val::object();
    scale.set("scores", toFloat64Array(entry.scores));
    scale.set("mean", entry.mean);
    scale.set("std", entry.std);
    scale.set("theory", toJs(entry.theory));
    result.set(scaleModeName(entry.mode), scale);
  }
  return result;
}

// Without samples, an empty array: a figure that draws only the histogram copies no samples out of the core.
inline val toJs(const DotProductExperiment& e, bool withSamples = true) {
  val result = val::object();
  result.set("samples", withSamples ? toFloat64Array(e.samples) : toFloat64Array(Eigen::VectorXd()));
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
}

inline val toJs(const AttentionResult& r) {
  val result = val::object();
  result.set("weights", toFloat64Array(r.weights));
  result.set("output", toFloat64Array(r.output));
  return result;
}

inline val toJs(const EntropySweep& sweep) {
  val result = val::object();
  result.set("dks", toFloat64Array(sweep.keyDimensions));
  result.set("maxEntropy", sweep.maxEntropy);
  result.set("meanEntropy", toFloat64Array(sweep.meanEntropy));
  result.set("entropyStandardError", toFloat64Array(sweep.entropyStandardError));
  result.set("meanMaxWeight", toFloat64Array(sweep.meanMaxWeight));
  result.set("maxWeightStandardError", toFloat64Array(sweep.maxWeightStandardError));
  return result;
}

inline val toJs(const JacobianSweep& sweep) {
  val result = val::object();
  result.set("multipliers", toFloat64Array(sweep.multipliers));
  result.set("maxAbs", toFloat64Array(sweep.maxAbs));
  result.set("frobenius", toFloat64Array(sweep.frobenius));
  result.set("survivalShare", toFloat64Array(sweep.survivalShare));
  return result;
}

inline val toJs(const CosineSweep& sweep) {
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
}

inline val toJs(const GradientSurvivalResult& survival) {
  val result = val::object();
  result.set("share", survival.share);
  result.set("state", survivalName(survival.state));
  return result;
}

inline val survivalThresholdsToJs() {
  val thresholds = val::object();
  thresholds.set("healthy", kGradientSurvivalThresholds.healthy);
  thresholds.set("fading", kGradientSurvivalThresholds.fading);
  thresholds.set("dying", kGradientSurvivalThresholds.dying);
  return thresholds;
}

inline val toJs(const PrecisionSoftmax& p) {
  val result = val::object();
  result.set("weights", toFloat64Array(p.weights));
  result.set("exactZeros", static_cast<double>(p.exactZeros));
  return result;
}

inline val toJs(const TrainingStepStats& stats) {
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
}

}  // namespace attention_lab::bindings
