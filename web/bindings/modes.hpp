#pragma once
// The names JS uses for the core's enums ("sqrt", "balanced", "direct"…), read from the core's one table per enum.
#include <string>

#include "attention.hpp"
#include "dot_product.hpp"
#include "errors.hpp"
#include "names.hpp"
#include "precision.hpp"
#include "precision_overflow.hpp"
#include "scale.hpp"
#include "sweeps.hpp"
#include "training.hpp"

namespace attention_lab::bindings {

inline Scale toScale(const char* function, const std::string& mode, double temperature) {
  const Scale scale{fromName(kScaleModeNames, function, "scale", mode), temperature};
  requireScale(function, scale);
  return scale;
}

inline AttentionScale toAttentionScale(const char* function, const std::string& mode, double temperature) {
  return AttentionScale{fromName(kAttentionScaleModeNames, function, "scale", mode), temperature};
}

inline DotProductMethod toMethod(const char* function, const std::string& method) {
  return fromName(kDotProductMethodNames, function, "method", method);
}

inline CosineMethod toCosineMethod(const char* function, const std::string& method) {
  return fromName(kCosineMethodNames, function, "method", method);
}

inline Precision toPrecision(const char* function, const std::string& precision) {
  return fromName(kPrecisionNames, function, "precision", precision);
}

inline HalfScoreOrder toHalfScoreOrder(const char* function, const std::string& order) {
  return fromName(kHalfScoreOrderNames, function, "order", order);
}

inline RunKind toRunKind(const char* function, const std::string& kind) {
  return fromName(kRunKindNames, function, "kind", kind);
}

inline Optimizer toOptimizer(const char* function, const std::string& optimizer) {
  return fromName(kOptimizerNames, function, "optimizer", optimizer);
}

}  // namespace attention_lab::bindings
