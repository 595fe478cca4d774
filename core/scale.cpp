#include "scale.hpp"

#include <cmath>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {

void requireScale(const char* function, const Scale& scale) {
  switch (scale.mode) {
    case ScaleMode::None:
    case ScaleMode::Sqrt:
    case ScaleMode::Linear:
      return;
    case ScaleMode::Temperature:
      // Bounded so scaled scores and their theoretical spread stay far from overflow and underflow.
      requireInRange(function, "scale.temperature", scale.temperature, kMinScaleTemperature, kMaxScaleTemperature);
      return;
  }
  // Bindings cast integers from JS to the enum, so an out-of-range value is possible.
  failArgument(ErrorKind::Range, function, "scale.mode", "0 (none), 1 (sqrt), 2 (linear) or 3 (temperature)",
               static_cast<int>(scale.mode));
}

std::string scaleModeName(ScaleMode mode) {
  switch (mode) {
    case ScaleMode::None:
      return "none";
    case ScaleMode::Sqrt:
      return "sqrt";
    case ScaleMode::Linear:
      return "linear";
    case ScaleMode::Temperature:
      return "temperature";
  }
  failArgument(ErrorKind::Range, "scaleModeName", "mode", "0 (none), 1 (sqrt), 2 (linear) or 3 (temperature)",
               static_cast<int>(mode));
}

double scaleDivisor(const Scale& scale, int keyDimension) {
  requireScale("scaleDivisor", scale);
  requireIntegerInRange("scaleDivisor", "keyDimension", keyDimension, 1, kMaxKeyDimension);
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

}  // namespace attention_lab
