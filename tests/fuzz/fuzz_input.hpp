#pragma once
// Decodes a libFuzzer input into the core's arguments: hostile doubles (NaN, ±∞, subnormals, 1e308) and sizes
// that are mostly small and valid, sometimes out of range, never so large that one run is a big allocation.
#include <Eigen/Core>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include "row_matrix.hpp"

namespace attention_lab::fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  // 0 once the input is used up, so every input decodes to some call.
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::uint64_t word() {
    std::uint64_t x = 0;
    for (int i = 0; i < 8; ++i) x = (x << 8) | byte();
    return x;
  }
  bool flag() { return byte() & 1; }
  int choice(int count) { return byte() % count; }

  // Any double the JS side could pass, weighted towards the values that break arithmetic.
  double number() {
    constexpr double inf = std::numeric_limits<double>::infinity();
    switch (byte() % 20) {
      case 0:
        return std::numeric_limits<double>::quiet_NaN();
      case 1:
        return inf;
      case 2:
        return -inf;
      case 3:
        return 1e308;
      case 4:
        return -1e308;
      case 5:
        return std::numeric_limits<double>::denorm_min();
      case 6:
        return -std::numeric_limits<double>::denorm_min();
      case 7:
        return DBL_MIN;
      case 8:
        return DBL_MAX;
      case 9:
        return -0.0;
      case 10:
        return 1e-321;
      case 11:
      case 12: {
        const std::uint64_t bits = word();
        double x;
        std::memcpy(&x, &bits, sizeof x);
        return x;
      }
      case 13:
        return std::ldexp(static_cast<double>(static_cast<std::int8_t>(byte())), byte() % 64 - 32);
      default:
        return static_cast<double>(static_cast<std::int8_t>(byte())) / 8.0;
    }
  }

  // A count as a JS number: usually 0..cap, sometimes negative, fractional, huge or not a number at all.
  double count(int cap) {
    switch (byte() % 10) {
      case 0: {
        // Valid but large counts are pulled down to the cap, so one run never does minutes of work.
        const double x = number();
        return x > cap && x < 1e7 ? static_cast<double>(cap) : x;
      }
      case 1:
        return -1.0 - byte();
      case 2:
        return 1e12;
      case 3:
        return 2.5;
      default:
        return static_cast<double>(byte() % (cap + 1));
    }
  }
  // The same as an int for core functions that take one (out-of-range values kept out-of-range, not wrapped).
  int size(int cap) {
    const double x = count(cap);
    if (!(x == x)) return -7;
    if (x > 2e9) return std::numeric_limits<int>::max();
    if (x < -2e9) return std::numeric_limits<int>::min();
    return static_cast<int>(x);
  }

  Eigen::VectorXd vector(int maxLength) {
    const int length = byte() % (maxLength + 1);
    Eigen::VectorXd values(length);
    for (auto& x : values) x = number();
    return values;
  }
  // Non-negative weights that sum to 1 (so the checks pass and the maths runs), or hostile ones.
  Eigen::VectorXd weights(int maxLength) {
    Eigen::VectorXd values = vector(maxLength);
    if (flag() && values.size() > 0) {
      values = values.cwiseAbs();
      for (auto& x : values) x = std::isfinite(x) ? x : 1.0;
      const double sum = values.sum();
      if (sum > 0 && std::isfinite(sum)) values /= sum;
    }
    return values;
  }
  RowMatrix matrix(Eigen::Index rows, Eigen::Index cols) {
    RowMatrix values(rows, cols);
    const double size = flag() ? number() : 1.0;  // a common factor reaches 1e200 or 1e-200 often
    for (Eigen::Index i = 0; i < values.size(); ++i) values.data()[i] = number() * (flag() ? size : 1.0);
    return values;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// A result the core returned without throwing must satisfy this; otherwise the run stops as a crash.
inline void expect(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "fuzz: expectation failed: %s\n", what);
  std::abort();
}

// The core's documented errors (CoreError is a std::invalid_argument) are fine answers to hostile input; any other
// exception escapes, and libFuzzer reports it as a crash.
template <typename Call>
void documentedErrorsOnly(Call&& call) {
  try {
    call();
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace attention_lab::fuzz
