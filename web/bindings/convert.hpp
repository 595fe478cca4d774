#pragma once
// Conversions between JS values and the core's types, and C++ errors turned into real JS errors (returned, not thrown).
#include <emscripten/val.h>

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "errors.hpp"
#include "rejection.hpp"
#include "row_matrix.hpp"

namespace attention_lab::bindings {

using emscripten::val;

// A failed call's RangeError (value out of range) or TypeError (wrong shape or kind), returned to the JS layer,
// which throws it. Never thrown from here: a JS exception unwinding through C++ frames skips their destructors and
// leaves the C stack pointer where it was, so every rejected call leaked stack and heap until the module broke.
inline val failure(ErrorKind kind, const std::string& message) {
  return val::global(kind == ErrorKind::Range ? "RangeError" : "TypeError").new_(val(message));
}

// Runs a core call: its result as a JS value, or for a C++ exception the JS error to throw, so every call returns.
template <typename Call>
val guarded(Call&& call) {
  try {
    return val(call());
  } catch (const std::exception& error) {
    const Rejection rejection = rejectionOf(error);
    return failure(rejection.kind, rejection.message);
  }
}

// A JS value read as a C++ string: anything else is a TypeError here, before as<std::string>() could throw a JS
// exception through C++ frames (the JS layer passes only strings; a caller of the raw module may not).
inline std::string toText(const char* function, const char* argument, const val& value) {
  if (!value.isString()) {
    failArgument(ErrorKind::Shape, function, argument, "a string", value.typeOf().as<std::string>());
  }
  return value.as<std::string>();
}

inline void requireInputLength(const char* function, const char* argument, const val& array) {
  const val length = array["length"];
  const double count = length.isNumber() ? length.as<double>() : 0.0;
  if (count > kMaxInputElements) {
    failArgument(ErrorKind::Shape, function, argument, "at most 1048576 elements long", count);
  }
}

// A JS array's numbers copied into WASM memory once, as emscripten::convertJSArrayToNumberVector copies them
// (length read once, then TypedArray.prototype.set), into a buffer that is not zero-filled first: for attention's
// inputs that fill took longer than the copy.
inline Eigen::VectorXd toVector(const char* function, const char* argument, const val& typedArray) {
  requireInputLength(function, argument, typedArray);
  const auto length = typedArray["length"].as<std::size_t>();
  // A length that is not a number was not capped above; what it converts to must not size the buffer unchecked.
  if (length > kMaxInputElements) {
    failArgument(ErrorKind::Shape, function, argument, "at most 1048576 elements long", static_cast<double>(length));
  }
  Eigen::VectorXd values(static_cast<Eigen::Index>(length));
  val(emscripten::typed_memory_view(length, values.data())).call<void>("set", typedArray);
  return values;
}

// An absent mask (undefined or null) is the empty mask: every position kept.
inline std::vector<std::uint8_t> toMask(const char* function, const val& typedArray) {
  if (typedArray.isUndefined() || typedArray.isNull()) return {};
  requireInputLength(function, "mask", typedArray);
  return emscripten::convertJSArrayToNumberVector<std::uint8_t>(typedArray);
}

// A row-major Float64Array of rows×cols, copied once into WASM memory; a length that does not match is a shape error
// naming the argument. Map it (Eigen::Map<const RowMatrix>) to hand it to the core without a second copy.
inline Eigen::VectorXd toMatrixValues(const char* function, const char* argument, const val& typedArray,
                                      std::int64_t rows, std::int64_t cols) {
  Eigen::VectorXd values = toVector(function, argument, typedArray);
  if (static_cast<std::int64_t>(values.size()) != rows * cols) {
    failArgument(ErrorKind::Shape, function, argument,
                 "of length " + std::to_string(rows) + "×" + std::to_string(cols) + " = " + std::to_string(rows * cols),
                 std::to_string(values.size()));
  }
  return values;
}

inline RowMatrix toRowMatrix(const char* function, const char* argument, const val& typedArray, std::int64_t rows,
                             std::int64_t cols) {
  const Eigen::VectorXd values = toMatrixValues(function, argument, typedArray, rows, cols);
  return Eigen::Map<const RowMatrix>(values.data(), rows, cols);
}

// Copies out, so JS never holds a view into WASM memory that a later allocation could detach.
inline val toFloat64Array(const double* data, std::size_t length) {
  return val::global("Float64Array").new_(val(emscripten::typed_memory_view(length, data)));
}
inline val toFloat64Array(const Eigen::VectorXd& values) {
  return toFloat64Array(values.data(), static_cast<std::size_t>(values.size()));
}
inline val toFloat64Array(const RowMatrix& values) {
  return toFloat64Array(values.data(), static_cast<std::size_t>(values.size()));
}
inline val toFloat64Array(const std::vector<int>& values) {
  const std::vector<double> asDoubles(values.begin(), values.end());
  return toFloat64Array(asDoubles.data(), asDoubles.size());
}

inline std::vector<int> toIntegers(const char* function, const char* argument, const val& typedArray, double low,
                                   double high) {
  requireInputLength(function, argument, typedArray);
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(typedArray);
  std::vector<int> integers;
  integers.reserve(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
    integers.push_back(static_cast<int>(toInteger(function, name.c_str(), values[i], low, high)));
  }
  return integers;
}

}  // namespace attention_lab::bindings
