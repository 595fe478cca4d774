#pragma once
// A rejected call's C++ exception as the kind and message of the JS error it becomes: one function for every
// binding rather than catch clauses in each, and without Emscripten, so a module without Embind can use it too.
#include <new>
#include <stdexcept>
#include <string>

#include "errors.hpp"

namespace attention_lab::bindings {

struct Rejection {
  ErrorKind kind = ErrorKind::Range;  // Range: a RangeError; Shape: a TypeError
  std::string message;
};

// What JS is told of a C++ exception: its kind and message (one function, not one per binding).
inline Rejection rejectionOf(const std::exception& error) {
  if (const auto* core = dynamic_cast<const CoreError*>(&error)) return {core->kind(), core->what()};
  if (dynamic_cast<const std::bad_alloc*>(&error) != nullptr)
    return {ErrorKind::Range, "attention core: out of memory"};
  return {ErrorKind::Range, std::string("attention core: ") + error.what()};
}

}  // namespace attention_lab::bindings
