#pragma once
// The names JS uses for the core's enums ("sqrt", "balanced", "direct"…), checked with a message listing the allowed ones.
#include <string>

#include "attention.hpp"
#include "dot_product.hpp"
#include "errors.hpp"
#include "jacobian.hpp"
#include "scale.hpp"

namespace attention_lab::bindings {

inline Scale toScale(const char* function, const std::string& mode, double temperature) {
  Scale scale;
  scale.temperature = temperature;
  if (mode == "none") scale.mode = ScaleMode::None;
  else if (mode == "sqrt") scale.mode = ScaleMode::Sqrt;
  else if (mode == "linear") scale.mode = ScaleMode::Linear;
  else if (mode == "temperature") scale.mode = ScaleMode::Temperature;
  else failArgument(ErrorKind::Range, function, "scale", "one of none, sqrt, linear, temperature", "'" + mode + "'");
  requireScale(function, scale);
  return scale;
}

inline AttentionScale toAttentionScale(const char* function, const std::string& mode, double temperature) {
  static const char* const names[] = {"none", "sqrt", "linear", "temperature", "balanced", "cosine"};
  for (int i = 0; i < 6; ++i) {
    if (mode == names[i]) return AttentionScale{static_cast<AttentionScaleMode>(i), temperature};
  }
  failArgument(ErrorKind::Range, function, "scale", "one of none, sqrt, linear, temperature, balanced, cosine",
               "'" + mode + "'");
}

inline DotProductMethod toMethod(const char* function, const std::string& method) {
  if (method == "direct") return DotProductMethod::Direct;
  if (method == "fast") return DotProductMethod::Fast;
  failArgument(ErrorKind::Range, function, "method", "one of direct, fast", "'" + method + "'");
}

}  // namespace attention_lab::bindings
