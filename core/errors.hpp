#pragma once
// Typed errors of the core: every bad argument names the function, the argument and what is allowed.
#include <sstream>
#include <stdexcept>
#include <string>

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
  std::ostringstream message;
  message.precision(15);  // 1000001 must not print as 1e+06
  message << function << ": " << argument << " must be " << allowed << ", got " << got;
  throw CoreError(kind, message.str());
}

}  // namespace attention_lab
