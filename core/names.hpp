#pragma once
// One name table per enum (value ↔ the name JS and the lesson use), read both ways by the core and the bindings.
#include <array>
#include <cstddef>
#include <string>
#include <utility>

#include "errors.hpp"

namespace attention_lab {

template <typename Enum, std::size_t Size>
using NameTable = std::array<std::pair<Enum, const char*>, Size>;

// "none, sqrt, linear": the allowed names, for messages.
template <typename Enum, std::size_t Size>
std::string listNames(const NameTable<Enum, Size>& table) {
  std::string list;
  for (const auto& [value, name] : table) list += (list.empty() ? "" : ", ") + std::string(name);
  return list;
}

// "0 (none), 1 (sqrt) or 2 (linear)": the allowed values of an enum that arrived as a number.
template <typename Enum, std::size_t Size>
std::string listNumbered(const NameTable<Enum, Size>& table) {
  std::string list;
  for (std::size_t i = 0; i < Size; ++i) {
    if (i > 0) list += i + 1 == Size ? " or " : ", ";
    list += std::to_string(static_cast<int>(table[i].first)) + " (" + table[i].second + ")";
  }
  return list;
}

template <typename Enum, std::size_t Size>
bool isNamed(const NameTable<Enum, Size>& table, Enum value) {
  for (const auto& entry : table) {
    if (entry.first == value) return true;
  }
  return false;
}

// Throws CoreError naming `function` and `argument` for a value outside the table (a bad cast from a number).
template <typename Enum, std::size_t Size>
std::string nameOf(const NameTable<Enum, Size>& table, Enum value, const char* function, const char* argument) {
  for (const auto& entry : table) {
    if (entry.first == value) return entry.second;
  }
  failArgument(ErrorKind::Range, function, argument, listNumbered(table), static_cast<int>(value));
}

// Throws CoreError "function: argument must be one of a, b, got 'x'" for a name outside the table.
template <typename Enum, std::size_t Size>
Enum fromName(const NameTable<Enum, Size>& table, const char* function, const char* argument, const std::string& name) {
  for (const auto& entry : table) {
    if (name == entry.second) return entry.first;
  }
  failArgument(ErrorKind::Range, function, argument, "one of " + listNames(table), "'" + name + "'");
}

}  // namespace attention_lab
