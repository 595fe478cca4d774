#include "precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

constexpr const char* kFunction = "softmaxInPrecision";
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kFloatMax = static_cast<double>(std::numeric_limits<float>::max());
// Half-way between FLT_MAX and 2¹²⁸, where float rounds to infinity.
constexpr double kFloatOverflow = 0x1.0p128 - 0x1.0p103;

double roundToFloat(double x) {
  // A double beyond float's range is undefined behaviour to cast in C++, so overflow is decided here, as IEEE does.
  if (std::abs(x) >= kFloatOverflow) return std::copysign(kInfinity, x);
  if (std::abs(x) > kFloatMax) return std::copysign(kFloatMax, x);
  return static_cast<double>(static_cast<float>(x));
}

void requirePrecision(Precision precision) {
  if (isNamed(kPrecisionNames, precision)) return;
  failArgument(ErrorKind::Range, kFunction, "precision", listNumbered(kPrecisionNames), static_cast<int>(precision));
}

}  // namespace

std::uint16_t toHalfBits(double x) {
  const double rounded = roundToHalf(x);
  if (std::isnan(rounded)) return 0x7E00;
  const auto sign = static_cast<std::uint16_t>(std::signbit(rounded) ? 0x8000 : 0);
  const double magnitude = std::abs(rounded);
  if (std::isinf(magnitude)) return static_cast<std::uint16_t>(sign | 0x7C00);
  if (magnitude < kHalfMinNormal)
    return static_cast<std::uint16_t>(sign | static_cast<int>(magnitude / kHalfMinSubnormal));
  int exponent = 0;
  const double fraction = std::frexp(magnitude, &exponent);  // magnitude = 2·fraction · 2^(exponent−1)
  const int biased = exponent - 1 + 15;
  const int mantissa = static_cast<int>((2.0 * fraction - 1.0) * 1024.0);
  return static_cast<std::uint16_t>(sign | (biased << 10) | mantissa);
}

double fromHalfBits(std::uint16_t bits) {
  const double sign = (bits & 0x8000) ? -1.0 : 1.0;
  const int biased = (bits >> 10) & 0x1F;
  const int mantissa = bits & 0x3FF;
  if (biased == 0x1F) return mantissa ? std::numeric_limits<double>::quiet_NaN() : sign * kInfinity;
  if (biased == 0) return sign * std::ldexp(static_cast<double>(mantissa), -24);
  return sign * std::ldexp(static_cast<double>(1024 + mantissa), biased - 25);
}

double roundToPrecision(double x, Precision precision) {
  switch (precision) {
    case Precision::Float32:
      return roundToFloat(x);
    case Precision::Float16:
      return roundToHalf(x);
    case Precision::Float64:
      break;
  }
  return x;
}

std::string precisionName(Precision precision) {
  return nameOf(kPrecisionNames, precision, "precisionName", "precision");
}

double precisionMax(Precision precision) {
  switch (precision) {
    case Precision::Float32:
      return kFloatMax;
    case Precision::Float16:
      return kHalfMax;
    case Precision::Float64:
      break;
  }
  return std::numeric_limits<double>::max();
}

double unitRoundoff(Precision precision) {
  switch (precision) {
    case Precision::Float32:
      return 0x1.0p-24;
    case Precision::Float16:
      return 0x1.0p-11;
    case Precision::Float64:
      break;
  }
  return 0x1.0p-53;
}

PrecisionSoftmax softmaxInPrecision(const Eigen::VectorXd& scores, double temperature, Precision precision) {
  requirePrecision(precision);
  const std::string name = precisionName(precision);
  const Eigen::Index n = scores.size();
  requireLength(kFunction, "scores", n, 1, kMaxSoftmaxLength);
  // A score beyond the precision's range would round to ±∞ and turn the shift into ∞ − ∞.
  const double largest = precisionMax(precision);
  std::string allowedScore = "finite";
  if (precision != Precision::Float64)
    allowedScore += " and at most " + formatNumber(largest, 15) + " in magnitude (" + name + ")";
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!(std::abs(scores[i]) <= largest)) {
      const std::string argument = "scores[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, kFunction, argument.c_str(), allowedScore, scores[i]);
    }
  }
  requirePositiveFinite(kFunction, "temperature", temperature);
  const double tau = roundToPrecision(temperature, precision);
  if (!(tau > 0) || std::isinf(tau)) {
    failArgument(ErrorKind::Range, kFunction, "temperature",
                 "a number that rounds to a nonzero finite " + name +
                     (precision == Precision::Float16 ? " (about 3e-08 to 65519)" : " (about 7e-46 to 3.4e+38)"),
                 temperature);
  }

  const auto round = [precision](double x) { return roundToPrecision(x, precision); };
  Eigen::VectorXd exponentials(n);
  double maxScore = -kInfinity;
  for (Eigen::Index i = 0; i < n; ++i) maxScore = std::max(maxScore, round(scores[i]));
  double sum = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double shifted = round(round(round(scores[i]) - maxScore) / tau);
    exponentials[i] = round(std::exp(shifted));
    sum = round(sum + exponentials[i]);  // left to right, as a plain loop in that precision would
  }
  PrecisionSoftmax result;
  result.weights.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    result.weights[i] = round(exponentials[i] / sum);  // the maximum contributes exp(0) = 1, so sum ≥ 1
    if (result.weights[i] == 0) ++result.exactZeros;
  }
  return result;
}

}  // namespace attention_lab
