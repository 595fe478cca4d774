#include "scale.hpp"

#include <cmath>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {

void requireScale(const char* function, const Scale& scale) {
  // Bindings cast integers from JS to the enum, so an out-of-range value is possible.
  if (!isNamed(kScaleModeNames, scale.mode)) {
    failArgument(ErrorKind::Range, function, "scale.mode", listNumbered(kScaleModeNames), static_cast<int>(scale.mode));
  }
  // Bounded so scaled scores and their theoretical spread stay far from overflow and underflow.
  if (scale.mode == ScaleMode::Temperature) {
    requireInRange(function, "scale.temperature", scale.temperature, kMinScaleTemperature, kMaxScaleTemperature);
  }
}

std::string scaleModeName(ScaleMode mode) { return nameOf(kScaleModeNames, mode, "scaleModeName", "mode"); }

double scaleDivisor(const Scale& scale, int keyDimension) {
  requireScale("scaleDivisor", scale);
  requireIntegerInRange("scaleDivisor", "dk", keyDimension, 1, kMaxKeyDimension);
  switch (scale.mode) {
    case ScaleMode::None:
      return 1.0;
    case ScaleMode::Sqrt:
      return std::sqrt(static_cast<double>(keyDimension));
    case ScaleMode::Linear:
      return static_cast<double>(keyDimension);
    case ScaleMode::Temperature:
      break;
  }
  return scale.temperature;
}

double scoreVariance(const Scale& scale, int keyDimension) {
  const double divisor = scaleDivisor(scale, keyDimension);
  return static_cast<double>(keyDimension) / (divisor * divisor);
}

double scoreStd(const Scale& scale, int keyDimension) { return std::sqrt(scoreVariance(scale, keyDimension)); }

ScoreStatistics scoreStatistics(const Scale& scale, int keyDimension) {
  requireScale("scoreStatistics", scale);
  requireIntegerInRange("scoreStatistics", "dk", keyDimension, 1, kMaxKeyDimension);
  ScoreStatistics statistics;
  statistics.variance = scoreVariance(scale, keyDimension);
  statistics.std = std::sqrt(statistics.variance);
  statistics.divisor = scaleDivisor(scale, keyDimension);
  return statistics;
}

}  // namespace attention_lab
