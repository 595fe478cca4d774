#pragma once
// JS option arguments (masks, lists of scales, the trainer's config object) turned into the core's option structs.
#include <optional>
#include <string>
#include <vector>

#include "convert.hpp"
#include "modes.hpp"
#include "softmax.hpp"
#include "training.hpp"
#include "validate.hpp"

namespace attention_lab::bindings {

inline SoftmaxOptions toSoftmaxOptions(const char* function, double temperature, const val& mask) {
  SoftmaxOptions options;
  options.temperature = temperature;
  options.mask = toMask(function, mask);
  return options;
}

// Parallel arrays of mode names and temperatures, one pair per scale.
inline std::vector<Scale> toScales(const char* function, const val& modes, const val& temperatures) {
  requireInputLength(function, "modes", modes);
  requireInputLength(function, "temperatures", temperatures);
  const auto count = modes["length"].as<std::size_t>();
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) names.push_back(toText(function, "modes", modes[i]));
  const std::vector<double> taus = emscripten::convertJSArrayToNumberVector<double>(temperatures);
  if (names.size() != taus.size()) {
    failArgument(ErrorKind::Shape, function, "temperatures", "one per scale (" + std::to_string(names.size()) + ")",
                 std::to_string(taus.size()));
  }
  std::vector<Scale> scales;
  for (std::size_t i = 0; i < names.size(); ++i) scales.push_back(toScale(function, names[i], taus[i]));
  return scales;
}

// Undefined fields stay unset, so the core's trainerConfig fills in its defaults.
inline TrainerOptions toTrainerOptions(const char* function, const val& config) {
  const auto integer = [&](const char* name, double low, double high) -> std::optional<int> {
    const val value = config[name];
    if (value.isUndefined()) return std::nullopt;
    return static_cast<int>(toInteger(function, name, value.as<double>(), low, high));
  };
  TrainerOptions options;
  options.keyCount = integer("keyCount", kMinTrainingKeys, kMaxTrainingKeys);
  options.keyDimension = integer("dk", 1, kMaxTrainingKeyDimension);
  options.modelDimension = integer("modelDim", 1, kMaxTrainingModelDimension);
  options.batchSize = integer("batchSize", 1, kMaxTrainingBatch);
  const val optimizer = config["optimizer"];
  if (!optimizer.isUndefined()) options.optimizer = toOptimizer(function, toText(function, "optimizer", optimizer));
  const val learningRate = config["learningRate"];
  if (!learningRate.isUndefined()) options.learningRate = learningRate.as<double>();
  // kind wins; the older boolean `scaled` still picks sqrt or unscaled (the TS layer refuses a contradiction).
  const val kind = config["kind"];
  const val scaled = config["scaled"];
  if (!kind.isUndefined()) {
    options.kind = toRunKind(function, toText(function, "kind", kind));
  } else if (!scaled.isUndefined()) {
    options.kind = scaled.as<bool>() ? RunKind::Sqrt : RunKind::Unscaled;
  }
  const val softcap = config["softcap"];
  if (!softcap.isUndefined()) options.softcap = softcap.as<double>();
  options.seed = toSeed(function, config["seed"].as<double>());
  return options;
}

}  // namespace attention_lab::bindings
