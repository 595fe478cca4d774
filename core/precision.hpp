#pragma once
// Softmax as a float32 or float16 kernel would compute it: where unscaled weights underflow to exactly 0.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
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

// Half-way between 65504 and the next step (65536): from here on binary16 rounds to infinity.
constexpr double kHalfOverflow = 65520.0;

// x rounded to the nearest binary16 value, ties to even, with subnormals and overflow to ±∞ exactly as IEEE 754
// specifies (|x| ≥ 65520, the midpoint above 65504, overflows). Computed directly from the double: going through
// float first would round twice and could land on the wrong side of a half-way point. NaN stays NaN.
// Inline and without branches: the float16 figure rounds millions of times per redraw, and frexp/ldexp or a call
// per rounding would be most of that time in WASM.
inline double roundToHalf(double x) {
  const double magnitude = std::abs(x);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &magnitude, sizeof bits);
  // The binary exponent e (2^e ≤ magnitude < 2^(e+1)); zero and subnormal doubles read −1023, ∞ and NaN 1024.
  const int exponent = static_cast<int>(bits >> 52) - 1023;
  // Half values near x are spaced 2^(e−10) (10 fraction bits), 2⁻²⁴ throughout the subnormal range, and at most 2⁵
  // (the top binade); the clamp keeps the shifter a finite double for ∞ and NaN too.
  const int stepExponent = std::min(std::max(exponent - 10, -24), 5);
  // magnitude + 1.5·2^(step+52) lands in a binade whose spacing is 2^step, so the addition rounds magnitude to a
  // multiple of 2^step, ties to even (the default rounding mode); subtracting the constant again is exact.
  const std::uint64_t shifterBits =
      (static_cast<std::uint64_t>(stepExponent + 52 + 1023) << 52) | (std::uint64_t{1} << 51);
  double shifter = 0.0;
  std::memcpy(&shifter, &shifterBits, sizeof shifter);
  const double rounded =
      magnitude >= kHalfOverflow ? std::numeric_limits<double>::infinity() : (magnitude + shifter) - shifter;
  return std::copysign(rounded, x);  // NaN stays NaN; zero keeps its sign
}
// Four floats in one register (the GCC/Clang vector extension: SSE natively, simd128 in WASM), so the float16
// figure's dot products round four independent sums per instruction.
using HalfQuad = float __attribute__((vector_size(16)));

// roundToHalf on four floats, bit for bit (the same shifter trick, a float's 23 fraction bits in place of 52). float
// is enough for a float16 dot product: the product of two float16 values is exact in float (22 bits), and so is
// the sum of two, unless their exponents are 13 or more apart; then the smaller is below a quarter of the larger's
// float16 spacing, and float's rounding (2¹³ times finer) cannot carry the sum onto a float16 half-way point.
inline HalfQuad roundToHalfQuad(HalfQuad x) {
  using Bits = std::int32_t __attribute__((vector_size(16)));
  const auto asBits = [](HalfQuad value) {
    Bits bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
  };
  const auto asQuad = [](Bits bits) {
    HalfQuad value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  };
  constexpr std::int32_t kSignBit = std::numeric_limits<std::int32_t>::min();
  const Bits bits = asBits(x);
  const HalfQuad magnitude = asQuad(bits & ~kSignBit);
  // 2^e of the magnitude (∞ for ∞ and NaN) kept within [2⁻¹⁴, 2¹⁵]: below, float16's spacing stays 2⁻²⁴ (subnormals);
  // above, every magnitude overflows. Positive floats order as their bits do, so an integer min and max clamp it: one
  // instruction each in WASM (i32x4.min_s, max_s), where a compare and a select took four in V8's x64 code.
  const Bits powerBits = bits & std::int32_t{0x7F800000};
  const Bits lowestBits = asBits(HalfQuad{} + 0x1.0p-14f), highestBits = asBits(HalfQuad{} + 0x1.0p15f);
#if defined(__clang__)
  const HalfQuad clamped =
      asQuad(__builtin_elementwise_min(__builtin_elementwise_max(powerBits, lowestBits), highestBits));
#else
  const Bits raised = powerBits < lowestBits ? lowestBits : powerBits;
  const HalfQuad clamped = asQuad(highestBits < raised ? highestBits : raised);
#endif
  // 1.5·2^(e−10+23): adding it rounds the magnitude to a multiple of 2^(e−10), ties to even (∞ stays ∞).
  const HalfQuad shifter = clamped * 0x1.8p13f;
  // Rounded magnitudes from 65536 up (every magnitude from 65520) pass float's largest once scaled by 2¹¹², so float
  // itself makes them ∞; the rest, 0 or at least 2⁻²⁴, scale there and back exactly. Every float gives the bits of
  // the compare-and-select version this replaced (checked for all 2³² inputs, native and WASM).
  const HalfQuad rounded = ((magnitude + shifter) - shifter) * 0x1.0p112f * 0x1.0p-112f;
  return asQuad(asBits(rounded) | (bits & kSignBit));
}

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
