#pragma once
// Typed errors of the core: every bad argument names the function, the argument and what is allowed.
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "format.hpp"

namespace attention_lab {

// Range: a value outside its allowed range; Shape: a wrong size, empty input or mismatched dimensions.
enum class ErrorKind { Range, Shape };

class CoreError : public std::invalid_argument {
 public:
  CoreError(ErrorKind kind, const std::string& message) : std::invalid_argument(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

// Builds "function: argument must be <allowed>, got <value>".
template <typename Value>
[[noreturn]] void failArgument(ErrorKind kind, const char* function, const char* argument, const std::string& allowed,
                               const Value& got) {
  std::string message = std::string(function) + ": " + argument + " must be " + allowed + ", got ";
  if constexpr (std::is_floating_point_v<Value>) {
    // A whole number is printed whole, so 2^53 reads 9007199254740992 rather than 9.00719925474099e+15.
    if (std::isfinite(got) && std::floor(got) == got && std::fabs(got) < 1e18) {
      message += std::to_string(static_cast<long long>(got));
    } else {
      message += formatNumber(got, 15);  // 1000001.5 must not print as 1e+06
    }
  } else if constexpr (std::is_integral_v<Value>) {
    message += std::to_string(got);
  } else {
    message += got;
  }
  throw CoreError(kind, message);
}

}  // namespace attention_lab
