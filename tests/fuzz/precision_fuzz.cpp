// Precision (precision.hpp, precision_overflow.hpp): rounding to float32 and float16, the half encoding, softmax in
// each precision, and q·k in float16 with the scale after, before or balanced (where the scores overflow).
#include <cmath>
#include <cstring>

#include "arguments.hpp"
#include "fuzz_input.hpp"
#include "modes.hpp"
#include "precision.hpp"
#include "precision_overflow.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  // 3 is no precision: the core must say so, not read past its tables.
  const auto precision = static_cast<Precision>(in.choice(4));
  static const char* const precisionNames[] = {"float64", "float32", "float16", "bfloat16"};
  switch (in.choice(4)) {
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
    case 2:
      documentedErrorsOnly([&] {
        // float16Scores as the binding calls it; sizes kept small (keyCount² · dₖ ≤ 16² · 255) so a run stays quick.
        const char* fn = "float16Scores";
        static const char* const orders[] = {"after", "before", "balanced", "first"};
        const auto dk = static_cast<int>(bindings::toInteger(fn, "dk", in.count(255), 1, kMaxHalfScoreKeyDimension));
        const auto n = static_cast<int>(bindings::toInteger(fn, "keyCount", in.count(16), 1, kMaxHalfScoreKeys));
        // Spreads near the overflow point (σ²·dₖ = 65504) as often as hostile ones.
        const double spread = in.flag() ? float16OverflowSpread(dk) * (0.5 + in.byte() / 128.0) : in.number();
        const HalfScoreOrder order = bindings::toHalfScoreOrder(fn, orders[in.choice(4)]);
        const std::uint64_t seed = bindings::toSeed(fn, in.count(255));
        const HalfPrecisionScores h = float16Scores(dk, n, spread, order, seed);
        const auto cells = static_cast<std::int64_t>(n) * n;
        expect(h.keyCount == n && h.scores.rows() == n && h.scores.cols() == n, "scores are keyCount × keyCount");
        expect(h.weights.rows() == n && h.weights.cols() == n, "weights are keyCount × keyCount");
        std::int64_t infinities = 0, nans = 0;
        for (Eigen::Index i = 0; i < h.scores.size(); ++i) {
          const double score = h.scores.data()[i], weight = h.weights.data()[i];
          // A NaN score needs one product past 65504 (|entry| ≤ 8.58σ, so σ above 29): ∞ − ∞, as float16 gives.
          expect(!std::isnan(score) || spread > 29, "no NaN score unless a single product can overflow");
          expect(std::isnan(score) || std::isinf(score) || std::abs(score) <= kHalfMax, "scores are halves or ±∞");
          expect(std::isnan(score) || roundToHalf(score) == score, "scores are float16 values");
          infinities += !std::isfinite(score);  // ±∞, and NaN where products overflowed to both signs
          nans += std::isnan(weight);
          expect(std::isnan(weight) || (weight >= 0 && weight <= 1), "weights in [0, 1] or NaN");
        }
        expect(h.infinities == infinities && h.nans == nans && h.nans <= cells, "counts match the matrices");
        expect(std::isfinite(h.largestExactScore) && h.largestExactScore >= 0, "largest exact score finite");
        // Every order's counts (the others proven or emulated as needed) are what that order's own call counts.
        const auto chosen = static_cast<std::size_t>(order);
        expect(h.byOrder[chosen].infinities == h.infinities && h.byOrder[chosen].nans == h.nans, "own counts");
        const auto other = static_cast<HalfScoreOrder>((chosen + 1 + in.choice(2)) % 3);
        const HalfPrecisionScores o = float16Scores(dk, n, spread, other, seed);
        const HalfOverflowCounts& counted = h.byOrder[static_cast<std::size_t>(other)];
        expect(o.infinities == counted.infinities && o.nans == counted.nans, "other orders' counts match their calls");
        // The rows' summary skips pairs its bounds place below their rows' own: what it says must be the full call's.
        const HalfRowLargest r = float16RowLargest(dk, n, spread, order, seed);
        for (int i = 0; i < n; ++i) {
          double largest = 0.0;
          std::int64_t rowNans = 0;
          for (int j = 0; j < n; ++j) {
            const double score = h.scores(i, j);
            largest = std::isnan(score) || std::isnan(largest) ? NAN : std::max(largest, std::abs(score));
            rowNans += std::isnan(h.weights(i, j));
          }
          const double said = r.rowLargest[static_cast<std::size_t>(i)];
          expect(said == largest || (std::isnan(said) && std::isnan(largest)), "row largest as the full call's");
          expect(r.rowNans[static_cast<std::size_t>(i)] == rowNans, "row NaN weights as the full call's");
        }
        expect(r.infinities == h.infinities && r.nans == h.nans, "row summary counts as the full call's");
      });
      documentedErrorsOnly([&] {
        const double sigma = float16OverflowSpread(in.size(70000));
        expect(std::isfinite(sigma) && sigma > 0, "overflow spread finite and > 0");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        // As the binding: the precision by name (one the core does not know) or, as a raw caller, a bad cast.
        const Precision chosen =
            in.flag() ? bindings::toPrecision("softmaxInPrecision", precisionNames[in.choice(4)]) : precision;
        const PrecisionSoftmax p = softmaxInPrecision(in.vector(64), in.flag() ? 1.0 : in.number(), chosen);
        expect(p.weights.allFinite() && p.weights.minCoeff() >= 0, "weights finite and non-negative");
        expect(p.exactZeros >= 0 && p.exactZeros <= p.weights.size(), "zero count within length");
      });
  }
  return 0;
}
