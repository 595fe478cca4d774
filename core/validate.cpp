#include "validate.hpp"

#include <algorithm>
#include <cmath>

#include "errors.hpp"

namespace attention_lab {

void requireLength(const char* function, const char* argument, std::int64_t length, std::int64_t minLength,
                   std::int64_t maxLength) {
  if (length >= minLength && length <= maxLength) return;
  const std::string allowed = "of length " + std::to_string(minLength) + " to " + std::to_string(maxLength);
  failArgument(ErrorKind::Shape, function, argument, allowed, std::to_string(length) + " elements");
}

void requireInRange(const char* function, const char* argument, double value, double low, double high) {
  if (value >= low && value <= high) return;  // NaN fails both comparisons
  const std::string allowed = "between " + formatNumber(low) + " and " + formatNumber(high);
  failArgument(ErrorKind::Range, function, argument, allowed, value);
}

void requireIntegerInRange(const char* function, const char* argument, std::int64_t value, std::int64_t low,
                           std::int64_t high) {
  if (value >= low && value <= high) return;
  failArgument(ErrorKind::Range, function, argument, "between " + std::to_string(low) + " and " + std::to_string(high),
               value);
}

void requireAtMost(const char* function, const char* argument, std::int64_t value, std::int64_t cap) {
  if (value <= cap) return;
  failArgument(ErrorKind::Range, function, argument, "at most " + std::to_string(cap), value);
}

void requirePositiveFinite(const char* function, const char* argument, double value) {
  if (std::isfinite(value) && value > 0) return;
  failArgument(ErrorKind::Range, function, argument, "a finite number greater than 0", value);
}

void requireFiniteValue(const char* function, const char* argument, double value) {
  if (std::isfinite(value)) return;
  failArgument(ErrorKind::Range, function, argument, "finite", value);
}

void requireOpenInterval(const char* function, const char* argument, double value, double low, double high) {
  if (value > low && value < high) return;
  const std::string allowed = "strictly between " + formatNumber(low) + " and " + formatNumber(high);
  failArgument(ErrorKind::Range, function, argument, allowed, value);
}

void requireFinite(const char* function, const char* argument, const Eigen::VectorXd& values) {
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    if (!std::isfinite(values[i])) {
      const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, function, name.c_str(), "finite", values[i]);
    }
  }
}

void requireProbabilities(const char* function, const char* argument, const Eigen::VectorXd& p,
                          std::int64_t minLength) {
  requireLength(function, argument, p.size(), minLength, kMaxSoftmaxLength);
  requireFinite(function, argument, p);
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    if (p[i] < 0) {
      const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, function, name.c_str(), "at least 0", p[i]);
    }
  }
  // Rounding in a softmax of n terms leaves an error of order n·ε; 1e-9·n is far above that and far below a mistake.
  const double tolerance = 1e-9 * static_cast<double>(p.size());
  const double sum = p.sum();
  if (std::abs(sum - 1.0) <= tolerance) return;
  const std::string allowed = "a probability vector summing to 1 within " + formatNumber(tolerance);
  failArgument(ErrorKind::Range, function, argument, allowed, "a sum of " + formatNumber(sum, 12));
}

}  // namespace attention_lab
