#pragma once
// Numbers written into error messages exactly as an ostream would write them, without linking iostreams and
// locales (about a quarter of the WASM module).
#include <cstdio>
#include <string>

namespace attention_lab {

// What `std::ostream << value` prints with the stream's precision set to `precision` (the default is 6): "%.*g".
inline std::string formatNumber(double value, int precision = 6) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", precision, value);
  return text;
}

}  // namespace attention_lab
