#pragma once
// The bindings' checks of JS numbers, without Emscripten, so the fuzz harnesses run exactly the same ones natively.
#include <cmath>
#include <cstdint>
#include <string>

#include "errors.hpp"

namespace attention_lab::bindings {

// No input of any entry point is longer: checked before copying, so an oversized array never grows WASM memory.
constexpr double kMaxInputElements = 1048576;

// JS numbers arrive as doubles; integers are checked here so 3.5 or 1e12 get a message, not a silent cast.
inline std::int64_t toInteger(const char* function, const char* argument, double value, double low, double high) {
  if (!(value >= low && value <= high) || std::floor(value) != value) {
    failArgument(ErrorKind::Range, function, argument,
                 "an integer from " + std::to_string(static_cast<std::int64_t>(low)) + " to " +
                     std::to_string(static_cast<std::int64_t>(high)),
                 value);
  }
  return static_cast<std::int64_t>(value);
}

// Seeds are JS-safe integers so that a seed shown in a URL round-trips exactly.
constexpr double kMaxSeed = 9007199254740991.0;

inline std::uint64_t toSeed(const char* function, double seed) {
  return static_cast<std::uint64_t>(toInteger(function, "seed", seed, 0, kMaxSeed));
}

}  // namespace attention_lab::bindings
