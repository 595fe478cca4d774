#pragma once
// How raw scores q·k are scaled before the softmax: the lesson's four options and their theoretical spread.
#include <string>

#include "names.hpp"

namespace attention_lab {

constexpr double kMinScaleTemperature = 1e-3;
constexpr double kMaxScaleTemperature = 1e6;

// The divisor each mode applies to q·k: None 1, Sqrt √dₖ, Linear dₖ, Temperature τ.
enum class ScaleMode { None = 0, Sqrt = 1, Linear = 2, Temperature = 3 };

inline constexpr NameTable<ScaleMode, 4> kScaleModeNames{{{ScaleMode::None, "none"},
                                                          {ScaleMode::Sqrt, "sqrt"},
                                                          {ScaleMode::Linear, "linear"},
                                                          {ScaleMode::Temperature, "temperature"}}};

struct Scale {
  ScaleMode mode = ScaleMode::Sqrt;
  double temperature = 1.0;  // read only when mode is Temperature; then kMinScaleTemperature..kMaxScaleTemperature
};

// Throws CoreError naming `function` if the mode is not one of the four or the temperature is bad.
void requireScale(const char* function, const Scale& scale);
// "none", "sqrt", "linear", "temperature".
std::string scaleModeName(ScaleMode mode);

// The divisor of q·k under the scale (validated; keyDimension 1..kMaxKeyDimension).
double scaleDivisor(const Scale& scale, int keyDimension);
// Var[q·k / divisor] = dₖ / divisor² for q, k with independent unit-variance components.
double scoreVariance(const Scale& scale, int keyDimension);
// √scoreVariance: √dₖ unscaled, 1 under ÷√dₖ, 1/√dₖ under ÷dₖ.
double scoreStd(const Scale& scale, int keyDimension);

// The theory the variance widget reads out next to its samples: q·k / divisor has mean 0 and the spread above.
struct ScoreStatistics {
  double mean = 0.0;
  double variance = 0.0;
  double std = 0.0;
  double divisor = 1.0;
};
ScoreStatistics scoreStatistics(const Scale& scale, int keyDimension);

}  // namespace attention_lab
