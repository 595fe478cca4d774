#include "precision.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "errors.hpp"
#include "rng.hpp"
#include "softmax.hpp"
#include "test_vectors.hpp"

using namespace attention_lab;
using test_vectors::vec;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// The definition written with frexp/ldexp, as the core computed it before its bit-level version: the two must agree.
double roundToHalfByDefinition(double x) {
  if (std::isnan(x) || x == 0) return x;
  const double magnitude = std::abs(x);
  if (magnitude >= 65520.0) return std::copysign(kInf, x);
  int exponent = 0;
  std::frexp(magnitude, &exponent);
  const int stepExponent = std::max(exponent - 11, -24);
  return std::copysign(std::ldexp(std::nearbyint(std::ldexp(magnitude, -stepExponent)), stepExponent), x);
}
}  // namespace

TEST_CASE("roundToHalf agrees with its frexp/ldexp definition on a million doubles of every size") {
  Xoshiro256pp engine(11);
  for (int i = 0; i < 1000000; ++i) {
    // Random bits for the fraction and sign; exponents from double's subnormals to beyond half's overflow.
    const std::uint64_t word = engine.next();
    const int exponent = static_cast<int>(engine.next() % 90) - 60 + (i % 1000 == 0 ? -1000 : 0);
    const double x = std::ldexp(1.0 + static_cast<double>(word >> 12) * 0x1.0p-52, exponent) * ((word & 1) ? -1 : 1);
    REQUIRE(roundToHalf(x) == roundToHalfByDefinition(x));
  }
  for (const double x : {4.9e-324, -4.9e-324, 0x1.0p-25, 0x1.8p-25, 0x1.0p-24, 65519.99, 65520.0, 2.0000000000000004})
    CHECK(roundToHalf(x) == roundToHalfByDefinition(x));
}

TEST_CASE("roundToHalfQuad gives roundToHalf's bits for floats: specials and floats of every size") {
  Xoshiro256pp engine(12);
  const auto same = [](double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
  };
  const auto check = [&](float a, float b, float c, float d) {
    const HalfQuad quad = roundToHalfQuad(HalfQuad{a, b, c, d});
    const float inputs[] = {a, b, c, d};
    for (int lane = 0; lane < 4; ++lane) {
      if (!same(quad[lane], roundToHalf(inputs[lane]))) return false;
    }
    return true;
  };
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(check(0.0f, -0.0f, inf, -inf));
  CHECK(check(std::nanf(""), 65519.99f, 65520.0f, -65520.0f));
  CHECK(check(0x1.0p-25f, -0x1.0p-26f, 0x1.ffcp-15f, 1e-40f));
  CHECK(check(3e38f, 0x1.0p-14f, 1.0f + 0x1.0p-11f, 65536.0f));
  for (int i = 0; i < 1000000; ++i) {
    // Random fraction bits and sign; exponents from float's subnormals to beyond half's overflow.
    float lanes[4];
    for (float& lane : lanes) {
      const std::uint64_t word = engine.next();
      const int exponent = static_cast<int>(word % 200) - 150;
      lane = std::ldexp(1.0f + static_cast<float>(word >> 41) * 0x1.0p-23f, exponent) * ((word & 256) ? -1 : 1);
    }
    REQUIRE(check(lanes[0], lanes[1], lanes[2], lanes[3]));
  }
}

TEST_CASE("float16 products and sums done in float and rounded by roundToHalfQuad match those done in double") {
  // The float16 dot products run in float: a product of two float16 values is exact in float, and a sum of two is
  // either exact or (exponents 13+ apart) cannot reach a float16 half-way point. Every pair of float16 values of
  // random signs, exponents (subnormals included) and fractions, against the exact operation in double.
  Xoshiro256pp engine(13);
  const auto randomHalf = [&] {
    const std::uint64_t word = engine.next();
    return fromHalfBits(static_cast<std::uint16_t>(word % 0x7C00 | ((word >> 20) & 1 ? 0x8000 : 0)));
  };
  for (int i = 0; i < 1000000; ++i) {
    const double a = randomHalf(), b = randomHalf();
    const HalfQuad sum = roundToHalfQuad(HalfQuad{static_cast<float>(a)} + static_cast<float>(b));
    const HalfQuad product = roundToHalfQuad(HalfQuad{static_cast<float>(a)} * static_cast<float>(b));
    REQUIRE(sum[0] == roundToHalf(a + b));
    REQUIRE(product[0] == roundToHalf(a * b));
  }
}

TEST_CASE("roundToHalf: the range ends of binary16") {
  CHECK(roundToHalf(65504.0) == 65504.0);
  CHECK(roundToHalf(65519.99) == 65504.0);  // below the midpoint to 65536
  CHECK(roundToHalf(65520.0) == kInf);      // the midpoint: ties to even is 65536, which overflows
  CHECK(roundToHalf(-1e6) == -kInf);
  CHECK(roundToHalf(0x1.0p-24) == 0x1.0p-24);              // smallest subnormal
  CHECK(roundToHalf(0x1.0p-25) == 0.0);                    // half of it: a tie, to the even neighbour 0
  CHECK(roundToHalf(0x1.0000000000001p-25) == 0x1.0p-24);  // just above the tie rounds up
  CHECK(roundToHalf(0x1.8p-25) == 0x1.0p-24);
  CHECK(roundToHalf(0x1.0p-14) == 0x1.0p-14);      // smallest normal
  CHECK(roundToHalf(0x1.ff8p-15) == 0x1.ff8p-15);  // the largest subnormal, 1023·2⁻²⁴
  CHECK(roundToHalf(0x1.ffcp-15) == 0x1.0p-14);    // its upper midpoint: a tie, to the even neighbour 2⁻¹⁴
  CHECK(std::signbit(roundToHalf(-0x1.0p-26)));    // underflow keeps the sign: −0
  CHECK(std::isnan(roundToHalf(std::nan(""))));
}

TEST_CASE("roundToHalf: ties go to the even neighbour, everything else to the nearest") {
  CHECK(roundToHalf(1.0 + 0x1.0p-11) == 1.0);                 // between 1 (even) and 1 + 2⁻¹⁰
  CHECK(roundToHalf(1.0 + 3 * 0x1.0p-11) == 1.0 + 0x1.0p-9);  // between 1 + 2⁻¹⁰ (odd) and 1 + 2⁻⁹ (even)
  CHECK(roundToHalf(2049.0) == 2048.0);
  CHECK(roundToHalf(2051.0) == 2052.0);
  CHECK(roundToHalf(3 * 0x1.0p-25) == 0x1.0p-23);  // subnormal tie 1.5·2⁻²⁴ goes to 2·2⁻²⁴
  CHECK(roundToHalf(0.1) == 0.0999755859375);
  CHECK(roundToHalf(1.0 / 3.0) == 0.333251953125);
}

TEST_CASE("half bits: known encodings") {
  CHECK(toHalfBits(1.0) == 0x3C00);
  CHECK(toHalfBits(-2.0) == 0xC000);
  CHECK(toHalfBits(65504.0) == 0x7BFF);
  CHECK(toHalfBits(0x1.0p-24) == 0x0001);
  CHECK(toHalfBits(0x1.0p-14) == 0x0400);
  CHECK(toHalfBits(1.0 / 3.0) == 0x3555);
  CHECK(toHalfBits(1e9) == 0x7C00);
  CHECK(toHalfBits(-0.0) == 0x8000);
  CHECK(toHalfBits(std::nan("")) == 0x7E00);
  CHECK(fromHalfBits(0x7BFF) == 65504.0);
  CHECK(fromHalfBits(0x03FF) == 1023 * 0x1.0p-24);
  CHECK(fromHalfBits(0xFC00) == -kInf);
  CHECK(std::isnan(fromHalfBits(0x7C01)));
}

TEST_CASE("every one of the 65536 half values round-trips, and every midpoint between neighbours rounds to even") {
  int checked = 0;
  for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const double value = fromHalfBits(static_cast<std::uint16_t>(bits));
    if (std::isnan(value)) continue;
    REQUIRE(toHalfBits(value) == bits);
    REQUIRE((roundToHalf(value) == value || (value == 0 && roundToHalf(value) == 0)));
    ++checked;
  }
  CHECK(checked == 65536 - 2 * 1023);                    // all but the NaNs
  for (std::uint32_t bits = 0; bits < 0x7BFF; ++bits) {  // positive finite neighbours (the sign is symmetric)
    const double low = fromHalfBits(static_cast<std::uint16_t>(bits));
    const double high = fromHalfBits(static_cast<std::uint16_t>(bits + 1));
    const double middle = 0.5 * (low + high);  // exact in double
    const double even = (bits % 2 == 0) ? low : high;
    REQUIRE(roundToHalf(middle) == even);
    REQUIRE(roundToHalf(std::nextafter(middle, 0.0)) == low);
    REQUIRE(roundToHalf(std::nextafter(middle, kInf)) == high);
  }
}

TEST_CASE("float32 rounding is the C++ float conversion, with IEEE overflow") {
  CHECK(roundToPrecision(0.1, Precision::Float32) == static_cast<double>(0.1f));
  CHECK(roundToPrecision(1e-45, Precision::Float32) == static_cast<double>(1e-45f));  // a float subnormal
  CHECK(roundToPrecision(1e39, Precision::Float32) == kInf);
  CHECK(roundToPrecision(0x1.ffffffp127, Precision::Float32) ==
        kInf);  // the midpoint above FLT_MAX: ties to even overflows
  CHECK(roundToPrecision(0x1.fffffefffffffp127, Precision::Float32) ==
        static_cast<double>(std::numeric_limits<float>::max()));
  CHECK(roundToPrecision(0.1, Precision::Float64) == 0.1);
  CHECK(unitRoundoff(Precision::Float16) == 0x1.0p-11);
  CHECK(precisionName(Precision::Float32) == "float32");
}

TEST_CASE("softmaxInPrecision in float64 is the plain softmax") {
  for (const Eigen::VectorXd& scores :
       {vec({1, 0.5, 0, -0.5}), vec({20, 22, 18, 21}), vec({9.2, -3.1, 8.8, -5.4, 1.2})}) {
    for (double temperature : {1.0, std::sqrt(512.0)}) {
      const PrecisionSoftmax p = softmaxInPrecision(scores, temperature, Precision::Float64);
      const Eigen::VectorXd reference = softmax(scores, temperature);
      CHECK((p.weights - reference).cwiseAbs().maxCoeff() <= 4e-16);  // only the order of the sum differs
      CHECK(p.exactZeros == 0);
    }
  }
  const PrecisionSoftmax lesson = softmaxInPrecision(vec({1, 0.5, 0, -0.5}), 1.0, Precision::Float64);
  CHECK(std::abs(lesson.weights[0] - 0.455054) <= 5e-7);
}

TEST_CASE("at [0, −20] float16 underflows the second weight to exactly 0; float32 and float64 keep it") {
  const Eigen::VectorXd scores = vec({0, -20});
  const PrecisionSoftmax half = softmaxInPrecision(scores, 1.0, Precision::Float16);
  CHECK(half.weights[0] == 1.0);
  CHECK(half.weights[1] == 0.0);  // e⁻²⁰ ≈ 2.1e-9 < 2⁻²⁵
  CHECK(half.exactZeros == 1);
  const PrecisionSoftmax single = softmaxInPrecision(scores, 1.0, Precision::Float32);
  CHECK(single.exactZeros == 0);
  CHECK(single.weights[1] == doctest::Approx(std::exp(-20.0)).epsilon(1e-6));
  CHECK(single.weights[1] == static_cast<double>(static_cast<float>(single.weights[1])));  // a float value
  CHECK(softmaxInPrecision(scores, 1.0, Precision::Float64).exactZeros == 0);
}

TEST_CASE("float16's underflow threshold is e^x = 2⁻²⁵, at x = −25·ln 2 ≈ −17.33") {
  CHECK(softmaxInPrecision(vec({0, -17.3}), 1.0, Precision::Float16).weights[1] == 0x1.0p-24);  // e^x ≈ 3.07e-8
  CHECK(softmaxInPrecision(vec({0, -17.4}), 1.0, Precision::Float16).weights[1] == 0.0);        // e^x ≈ 2.78e-8
  // ÷√dₖ rescues it: at dₖ = 512 the same gap of 20 becomes 0.88.
  CHECK(softmaxInPrecision(vec({0, -20}), std::sqrt(512.0), Precision::Float16).exactZeros == 0);
}

TEST_CASE("weights are values of the precision and sum to 1 within its rounding") {
  const Eigen::VectorXd scores = vec({9.2, -3.1, 8.8, -5.4, 1.2, 0.3, -0.7, 2.5});
  for (Precision precision : {Precision::Float64, Precision::Float32, Precision::Float16}) {
    CAPTURE(precisionName(precision));
    const PrecisionSoftmax p = softmaxInPrecision(scores, 1.0, precision);
    for (Eigen::Index i = 0; i < p.weights.size(); ++i)
      CHECK(roundToPrecision(p.weights[i], precision) == p.weights[i]);
    // n rounded additions and one rounded division per weight: a relative error of at most about (n + 1)·u.
    const double bound = 2.0 * static_cast<double>(scores.size() + 1) * unitRoundoff(precision);
    CHECK(std::abs(p.weights.sum() - 1.0) <= bound);
  }
  // float16 is visibly coarser than float32 on the same input.
  const double halfError =
      std::abs(softmaxInPrecision(scores, 1.0, Precision::Float16).weights[0] - softmax(scores)[0]);
  const double floatError =
      std::abs(softmaxInPrecision(scores, 1.0, Precision::Float32).weights[0] - softmax(scores)[0]);
  CHECK(halfError > floatError);
}

TEST_CASE("softmaxInPrecision rejects bad input with messages naming the argument") {
  CHECK_THROWS_WITH_AS(softmaxInPrecision(Eigen::VectorXd(), 1.0, Precision::Float16),
                       "softmaxInPrecision: scores must be of length 1 to 65536, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({1, NAN}), 1.0, Precision::Float64),
                       "softmaxInPrecision: scores[1] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(
      softmaxInPrecision(vec({70000}), 1.0, Precision::Float16),
      "softmaxInPrecision: scores[0] must be finite and at most 65504 in magnitude (float16), got 70000", CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({-kInf}), 1.0, Precision::Float32),
                       "softmaxInPrecision: scores[0] must be finite and at most 3.40282346638529e+38 in magnitude "
                       "(float32), got -inf",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({1}), 0.0, Precision::Float32),
                       "softmaxInPrecision: temperature must be a finite number greater than 0, got 0", CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({1}), 1e-9, Precision::Float16),
                       "softmaxInPrecision: temperature must be a number that rounds to a nonzero finite float16 "
                       "(about 3e-08 to 65519), "
                       "got 1e-09",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({1}), 1e39, Precision::Float32),
                       "softmaxInPrecision: temperature must be a number that rounds to a nonzero finite float32 "
                       "(about 7e-46 to 3.4e+38), got 1e+39",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxInPrecision(vec({1}), 1.0, static_cast<Precision>(3)),
                       "softmaxInPrecision: precision must be 0 (float64), 1 (float32) or 2 (float16), got 3",
                       CoreError);
}
