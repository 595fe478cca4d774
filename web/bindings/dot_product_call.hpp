#pragma once
// dotProductExperiment as JS calls it (numbers as doubles, names as strings), checked once here for both modules
// that answer it: the full core (attention_core.cpp) and the first figure's small one (first_figure_core.cpp).
#include <string>

#include "arguments.hpp"
#include "dot_product.hpp"
#include "modes.hpp"
#include "validate.hpp"

namespace attention_lab::bindings {

inline DotProductExperiment dotProductExperimentCall(double dk, double count, double seed, const std::string& mode,
                                                     double temperature, const std::string& method, double bins) {
  const char* fn = "dotProductExperiment";
  return dotProductExperiment(static_cast<int>(toInteger(fn, "dk", dk, 1, kMaxKeyDimension)),
                              static_cast<int>(toInteger(fn, "count", count, 2, kMaxSamples)), toSeed(fn, seed),
                              toScale(fn, mode, temperature), toMethod(fn, method),
                              static_cast<int>(toInteger(fn, "bins", bins, 1, kMaxBins)));
}

}  // namespace attention_lab::bindings
