#pragma once
// Float16 overflow of q·k: whether the score is scaled after or before the product decides if it becomes ±∞.
#include <array>
#include <cstdint>
#include <vector>

#include "names.hpp"
#include "row_matrix.hpp"

namespace attention_lab {

// Where the 1/√dₖ goes when q·k is computed in float16:
//   after     s = fl(q·k) ÷ √dₖ              (the textbook order: q·k alone can pass 65504 first)
//   before    s = (q ÷ √dₖ)·k                 (scale the query first, as fused kernels do)
//   balanced  s = (q·dₖ^(−1/4))·(k·dₖ^(−1/4))  (each side takes half the scaling)
enum class HalfScoreOrder { After = 0, Before = 1, Balanced = 2 };
inline constexpr NameTable<HalfScoreOrder, 3> kHalfScoreOrderNames{
    {{HalfScoreOrder::After, "after"}, {HalfScoreOrder::Before, "before"}, {HalfScoreOrder::Balanced, "balanced"}}};

constexpr int kMaxHalfScoreKeys = 256;
constexpr int kMaxHalfScoreKeyDimension = 65536;
// Entries stay far below 65504 (this sampler's |N(0, 1)| < 8.58). Up to σ ≈ 29 no single product overflows either,
// so only sums do and a score is finite or ±∞; above that a product can overflow to the other sign and a score is
// ∞ − ∞ = NaN, as in real float16 (found by tests/fuzz/precision_fuzz; the widget's σ stops at 16).
constexpr double kMaxHalfScoreSpread = 1000.0;
// keyCount²·dₖ float16 multiply-adds in one call (each emulated, ~10–30 ns): well under a second.
constexpr std::int64_t kMaxHalfScoreWork = 4194304;

struct HalfOverflowCounts {
  std::int64_t infinities = 0;  // as HalfPrecisionScores::infinities
  std::int64_t nans = 0;        // as HalfPrecisionScores::nans
};

struct HalfPrecisionScores {
  int keyCount = 0;
  RowMatrix scores;              // keyCount × keyCount float16 values as doubles; ±∞ where the score overflowed
                                 // (NaN where products overflowed to both signs, only at spreads above ≈ 29)
  std::int64_t infinities = 0;   // scores that overflowed: ±∞, or NaN where products overflowed to both signs
  RowMatrix weights;             // each row's softmax computed in float16 (as softmaxInPrecision orders it)
  std::int64_t nans = 0;         // weights that are NaN (a row with +∞ gives ∞ − ∞ in the max shift)
  double largestExactScore = 0;  // max |q·k| of the float16 inputs in exact (double) arithmetic, before scaling
  // infinities and nans of every order at these settings (the same q and k), indexed by HalfScoreOrder. Only the
  // asked order is emulated in full: in the others, pairs whose float16 partial sums are bounded below 65504 (from
  // Σ|aₗbₗ| and the rounding growth) cannot overflow and are skipped, so an order that stays finite costs little.
  std::array<HalfOverflowCounts, 3> byOrder;
};

// keyCount tokens, each with a query q_i whose dₖ entries are spread·N(0, 1) rounded to float16 (stream 0 of the
// seed); the keys are the queries (k_i = q_i: each token's own key is its perfect match, the aligned pair where
// |q·k| = ‖q‖² ≈ spread²·dₖ is largest). Every product and every partial sum is rounded to float16, left to right;
// the scaling factors (√dₖ, dₖ^(−1/4)) are rounded to float16 first. dₖ 1..65536, keyCount 1..256,
// keyCount²·dₖ ≤ kMaxHalfScoreWork, spread in (0, 1000].
HalfPrecisionScores float16Scores(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                  std::uint64_t seed);

struct HalfRowLargest {
  int keyCount = 0;
  // Per query row: the largest |score| float16 gives it (∞ where one overflowed, NaN where one is NaN), and its NaN
  // weights.
  std::vector<double> rowLargest;
  std::vector<std::int64_t> rowNans;
  std::int64_t infinities = 0;   // as HalfPrecisionScores::infinities
  std::int64_t nans = 0;         // as HalfPrecisionScores::nans
  double largestExactScore = 0;  // as HalfPrecisionScores::largestExactScore
  std::array<HalfOverflowCounts, 3> byOrder;
};

// What float16Scores says of each row, its largest |score| and NaN weights, and every count, with the same bits, for
// less work: a pair other than a row's own is emulated only where its float16 sum is not bounded below both rows' own
// scores and 65504 (see float16Scores' byOrder). Where the rows are unrelated (σ²√dₖ against σ²dₖ) that is none.
HalfRowLargest float16RowLargest(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                 std::uint64_t seed);

// The entry spread σ at which the aligned score reaches float16's largest value: σ²·dₖ = 65504, so
// σ = √(65504/dₖ) (4.0 at dₖ 4096). Above it q·k overflows in the `after` order; independent pairs reach only
// ≈ σ²√dₖ·(a few), so they need σ about dₖ^(1/4)/2 times larger. dₖ 1..65536.
double float16OverflowSpread(int keyDimension);

}  // namespace attention_lab
