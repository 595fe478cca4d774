#pragma once
// Conversions between JS values and the core's types, and C++ errors turned into real JS errors.
#include <emscripten/val.h>

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "errors.hpp"

namespace attention_lab::bindings {

using emscripten::val;

// Throws RangeError for values out of range, TypeError for wrong shapes or kinds; never a bare number.
[[noreturn]] inline void throwJsError(ErrorKind kind, const std::string& message) {
  const char* constructor = kind == ErrorKind::Range ? "RangeError" : "TypeError";
  val::global(constructor).new_(val(message)).throw_();
  __builtin_unreachable();
}

// Runs a core call; a C++ exception is caught here and re-thrown as a JS error outside the catch block.
template <typename Call>
auto guarded(Call&& call) -> decltype(call()) {
  ErrorKind kind = ErrorKind::Range;
  std::string message;
  try {
    return call();
  } catch (const CoreError& error) {
    kind = error.kind();
    message = error.what();
  } catch (const std::bad_alloc&) {
    message = "attention core: out of memory";
  } catch (const std::exception& error) {
    message = std::string("attention core: ") + error.what();
  }
  throwJsError(kind, message);
}

inline Eigen::VectorXd toVector(const val& typedArray) {
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(typedArray);
  return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// Copies out, so JS never holds a view into WASM memory that a later allocation could detach.
inline val toFloat64Array(const Eigen::VectorXd& values) {
  const val view(emscripten::typed_memory_view(static_cast<std::size_t>(values.size()), values.data()));
  return val::global("Float64Array").new_(view);
}

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

}  // namespace attention_lab::bindings
