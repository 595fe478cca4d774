#pragma once
// Softmax as a float32 or float16 kernel would compute it: where unscaled weights underflow to exactly 0.
#include <Eigen/Core>
#include <cstdint>
#include <string>

#include "names.hpp"

namespace attention_lab {

enum class Precision { Float64 = 0, Float32 = 1, Float16 = 2 };
inline constexpr NameTable<Precision, 3> kPrecisionNames{
    {{Precision::Float64, "float64"}, {Precision::Float32, "float32"}, {Precision::Float16, "float16"}}};

// IEEE binary16: largest finite 65504, smallest normal 2⁻¹⁴, smallest subnormal 2⁻²⁴, unit roundoff 2⁻¹¹.
constexpr double kHalfMax = 65504.0;
constexpr double kHalfMinNormal = 0x1.0p-14;
constexpr double kHalfMinSubnormal = 0x1.0p-24;

// x rounded to the nearest binary16 value, ties to even, with subnormals and overflow to ±∞ exactly as IEEE 754
// specifies (|x| ≥ 65520, the midpoint above 65504, overflows). Computed directly from the double: going through
// float first would round twice and could land on the wrong side of a half-way point. NaN stays NaN.
double roundToHalf(double x);
// The 16 bits of roundToHalf(x) (sign, 5 exponent bits, 10 fraction bits), and back: for tests and for anyone
// who wants to see the encoding. NaN encodes as 0x7E00.
std::uint16_t toHalfBits(double x);
double fromHalfBits(std::uint16_t bits);

// x rounded to the precision: unchanged for Float64, to the nearest float for Float32, roundToHalf for Float16.
double roundToPrecision(double x, Precision precision);
// "float64", "float32", "float16".
std::string precisionName(Precision precision);
// The largest finite value of the precision.
double precisionMax(Precision precision);
// Unit roundoff u (half the distance from 1 to the next number): 2⁻⁵³, 2⁻²⁴, 2⁻¹¹.
double unitRoundoff(Precision precision);

struct PrecisionSoftmax {
  Eigen::VectorXd weights;      // exact values of the precision, widened to double
  std::int64_t exactZeros = 0;  // weights that came out exactly 0: they underflowed (e^x below the smallest subnormal)
};

// The stable softmax with every intermediate rounded to the precision, in this order:
//   sᵢ and τ rounded; m = max sᵢ; zᵢ = fl(fl(sᵢ − m) / τ); eᵢ = fl(exp zᵢ); S = fl(…fl(fl(e₀ + e₁) + e₂)…) (left to
//   right); wᵢ = fl(eᵢ / S).
// Each +, −, ÷ is done in double and rounded once: double carries more than twice the bits of float and half, so
// that is exactly the IEEE operation in the narrow type. exp is evaluated in double and rounded once, i.e. the
// correctly rounded exponential of the narrow type (a float16 kernel that computes exp in float32 and rounds gives
// the same zeros). For Float64 this is the plain softmax.
// scores: length 1..kMaxSoftmaxLength, finite, each at most precisionMax in magnitude; temperature finite, > 0 and
// still > 0 and finite after rounding to the precision.
PrecisionSoftmax softmaxInPrecision(const Eigen::VectorXd& scores, double temperature, Precision precision);

}  // namespace attention_lab
