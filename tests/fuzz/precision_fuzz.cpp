// Precision (precision.hpp): rounding to float32 and float16, the half encoding, and softmax in each precision.
#include <cmath>
#include <cstring>

#include "fuzz_input.hpp"
#include "precision.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  // 3 is no precision: the core must say so, not read past its tables.
  const auto precision = static_cast<Precision>(in.choice(4));
  switch (in.choice(3)) {
    case 0: {
      const double x = in.number();
      const double h = roundToHalf(x);
      expect(std::isnan(x) == std::isnan(h), "NaN stays NaN, numbers stay numbers");
      if (!std::isnan(x)) {
        expect(std::abs(h) <= kHalfMax || std::isinf(h), "half is finite up to 65504 or infinite");
        expect(fromHalfBits(toHalfBits(x)) == h, "bits round-trip");
      }
      const std::uint16_t bits = static_cast<std::uint16_t>(in.word());
      const double back = fromHalfBits(bits);
      expect(std::isnan(back) || toHalfBits(back) == bits || back == 0.0, "every non-NaN half re-encodes");
      break;
    }
    case 1:
      documentedErrorsOnly([&] {
        (void)roundToPrecision(in.number(), precision);
        (void)precisionName(precision);
        expect(precisionMax(precision) > 0 && unitRoundoff(precision) > 0, "limits positive");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        const PrecisionSoftmax p = softmaxInPrecision(in.vector(64), in.flag() ? 1.0 : in.number(), precision);
        expect(p.weights.allFinite() && p.weights.minCoeff() >= 0, "weights finite and non-negative");
        expect(p.exactZeros >= 0 && p.exactZeros <= p.weights.size(), "zero count within length");
      });
  }
  return 0;
}
