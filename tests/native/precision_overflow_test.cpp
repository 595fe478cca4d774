#include "precision_overflow.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <future>

#include "errors.hpp"
#include "precision.hpp"
#include "random_matrix.hpp"
#include "rng.hpp"

using namespace attention_lab;

namespace {

// The float16 score of queries i and j written as plainly as possible, one rounding after another: the core's
// interleaved, symmetric, bound-skipping version must give the same bits.
double plainHalfScore(const RowMatrix& queries, int i, int j, HalfScoreOrder order) {
  const auto dk = static_cast<double>(queries.cols());
  const double root = roundToHalf(std::sqrt(dk));
  const double quarter = roundToHalf(std::pow(dk, -0.25));
  double sum = 0.0;
  for (Eigen::Index l = 0; l < queries.cols(); ++l) {
    double a = queries(i, l), b = queries(j, l);
    if (order == HalfScoreOrder::Before) a = roundToHalf(a / root);
    if (order == HalfScoreOrder::Balanced) a = roundToHalf(a * quarter), b = roundToHalf(b * quarter);
    sum = roundToHalf(sum + roundToHalf(a * b));
  }
  return order == HalfScoreOrder::After ? roundToHalf(sum / root) : sum;
}

bool sameHalf(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace

TEST_CASE("float16 at dₖ 4096, spread 6: q·k then ÷√dₖ overflows to ∞ and NaN; scaling first does not") {
  const HalfPrecisionScores after = float16Scores(4096, 16, 6.0, HalfScoreOrder::After, 1);
  const HalfPrecisionScores before = float16Scores(4096, 16, 6.0, HalfScoreOrder::Before, 1);
  const HalfPrecisionScores balanced = float16Scores(4096, 16, 6.0, HalfScoreOrder::Balanced, 1);
  // The aligned pairs (the diagonal) have |q·k| ≈ 36·4096 ≈ 147 000, beyond 65504.
  CHECK(after.largestExactScore > kHalfMax);
  CHECK(after.largestExactScore == before.largestExactScore);  // same inputs whatever the order
  CHECK(after.infinities == 16);                               // every diagonal entry
  for (int i = 0; i < 16; ++i) CHECK(std::isinf(after.scores(i, i)));
  CHECK(after.nans == 16 * 16);  // each row's max shift is ∞ − ∞
  for (const HalfPrecisionScores* fixed : {&before, &balanced}) {
    CHECK(fixed->infinities == 0);
    CHECK(fixed->nans == 0);
    CHECK(fixed->scores.allFinite());
    for (int i = 0; i < 16; ++i) CHECK(fixed->weights.row(i).sum() == doctest::Approx(1.0).epsilon(0.01));
    // ≈ ‖q‖²/64 ≈ 2300. Summed in float16, terms of ~0.6 against a sum of ~2000 (spacing 1–2) are partly
    // rounded away: measured ~10% low here, which is why real kernels accumulate in float32.
    const double largest = fixed->scores.diagonal().maxCoeff();
    CHECK(largest < before.largestExactScore / 64);
    CHECK(largest > 0.8 * before.largestExactScore / 64);
  }
}

TEST_CASE("below the threshold spread nothing overflows; above it the aligned score does") {
  const double threshold = float16OverflowSpread(4096);
  CHECK(threshold == doctest::Approx(4.0).epsilon(0.001));  // √(65504/4096) = 3.9990
  CHECK(float16OverflowSpread(1) == doctest::Approx(std::sqrt(65504.0)));
  const HalfPrecisionScores under = float16Scores(4096, 8, 0.8 * threshold, HalfScoreOrder::After, 2);
  CHECK(under.largestExactScore < kHalfMax);
  CHECK(under.infinities == 0);
  CHECK(under.nans == 0);
  const HalfPrecisionScores over = float16Scores(4096, 8, 1.25 * threshold, HalfScoreOrder::After, 2);
  CHECK(over.largestExactScore > kHalfMax);
  CHECK(over.infinities > 0);
}

TEST_CASE("a score whose products overflowed to both signs (NaN) is counted as overflowed") {
  // At σ = 200 single products pass 65504, so some sums meet +∞ and −∞ and give NaN, as real float16 does.
  const HalfPrecisionScores wild = float16Scores(64, 16, 200.0, HalfScoreOrder::After, 4);
  std::int64_t notFinite = 0, notANumber = 0;
  for (Eigen::Index i = 0; i < wild.scores.size(); ++i) {
    notFinite += std::isfinite(wild.scores.data()[i]) ? 0 : 1;
    notANumber += std::isnan(wild.scores.data()[i]) ? 1 : 0;
  }
  CHECK(notANumber > 0);
  CHECK(wild.infinities == notFinite);
}

TEST_CASE("scaling q alone before the float16 product is not symmetric, so that order is computed in full") {
  // After and balanced share one matrix between q and k and are filled from the upper triangle; before may not be.
  const HalfPrecisionScores before = float16Scores(200, 6, 3.0, HalfScoreOrder::Before, 9);
  CHECK(before.scores != before.scores.transpose());
}

TEST_CASE("every score is a float16 value, and at a small spread the orders agree to float16 precision") {
  const HalfPrecisionScores after = float16Scores(64, 6, 1.0, HalfScoreOrder::After, 3);
  const HalfPrecisionScores before = float16Scores(64, 6, 1.0, HalfScoreOrder::Before, 3);
  for (Eigen::Index i = 0; i < after.scores.size(); ++i) {
    CHECK(roundToHalf(after.scores.data()[i]) == after.scores.data()[i]);
    CHECK(roundToHalf(after.weights.data()[i]) == after.weights.data()[i]);
    // float16 sums of 64 terms: errors of a few 2⁻¹¹ relative to the terms' sizes (|q·k| up to ~64 here)
    CHECK(std::abs(after.scores.data()[i] - before.scores.data()[i]) < 0.1);
  }
}

TEST_CASE("float16Scores and float16OverflowSpread refuse bad arguments by name") {
  CHECK_THROWS_WITH_AS(float16Scores(0, 4, 1, HalfScoreOrder::After, 1),
                       "float16Scores: dk must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(float16Scores(4, 0, 1, HalfScoreOrder::After, 1),
                       "float16Scores: keyCount must be between 1 and 256, got 0", CoreError);
  CHECK_THROWS_WITH_AS(float16Scores(65536, 16, 1, HalfScoreOrder::After, 1),
                       "float16Scores: keyCount^2*dk must be at most 4194304, got 16777216", CoreError);
  CHECK_THROWS_WITH_AS(float16Scores(4, 4, 0, HalfScoreOrder::After, 1),
                       "float16Scores: spread must be greater than 0 and at most 1000, got 0", CoreError);
  CHECK_THROWS_WITH_AS(float16Scores(4, 4, NAN, HalfScoreOrder::After, 1),
                       "float16Scores: spread must be greater than 0 and at most 1000, got nan", CoreError);
  CHECK_THROWS_WITH_AS(float16Scores(4, 4, 1, static_cast<HalfScoreOrder>(3), 1),
                       "float16Scores: order must be 0 (after), 1 (before) or 2 (balanced), got 3", CoreError);
  CHECK_THROWS_WITH_AS(float16OverflowSpread(0), "float16OverflowSpread: dk must be between 1 and 65536, got 0",
                       CoreError);
}

TEST_CASE("float16Scores gives the plain loop's bits, and every order's counts, across every regime") {
  const HalfScoreOrder orders[] = {HalfScoreOrder::After, HalfScoreOrder::Before, HalfScoreOrder::Balanced};
  int compared = 0;
  for (const int dk : {1, 7, 64, 200, 4096}) {
    for (const int keys : {1, 3, 9, 16}) {
      // Below, at and above each order's overflow, and the wild spreads where products overflow to both signs.
      const double threshold = float16OverflowSpread(dk);
      for (const double spread :
           {0.5, 0.9 * threshold, 1.1 * threshold, std::min(8.0 * threshold, kMaxHalfScoreSpread), 3.0, 16.0, 200.0}) {
        const auto seed = static_cast<std::uint64_t>(dk * 31 + keys);
        Xoshiro256pp engine(seed);
        NormalSampler normal(engine);
        const RowMatrix queries =
            normalMatrix(normal, keys, dk, spread).unaryExpr([](double x) { return roundToHalf(x); });
        for (const HalfScoreOrder order : orders) {
          const HalfPrecisionScores full = float16Scores(dk, keys, spread, order, seed);
          for (int i = 0; i < keys; ++i) {
            for (int j = 0; j < keys; ++j) REQUIRE(sameHalf(full.scores(i, j), plainHalfScore(queries, i, j, order)));
          }
          // Every order's counts, as the other orders' calls count them in full.
          for (const HalfScoreOrder other : orders) {
            const HalfPrecisionScores otherFull = float16Scores(dk, keys, spread, other, seed);
            const HalfOverflowCounts& counts = full.byOrder[static_cast<std::size_t>(other)];
            CHECK(counts.infinities == otherFull.infinities);
            CHECK(counts.nans == otherFull.nans);
          }
          ++compared;
        }
      }
    }
  }
  CHECK(compared == 5 * 4 * 7 * 3);
}

TEST_CASE("float16Scores draws the same queries when calls grow, shrink or change the stream they reuse") {
  // More keys extend the remembered stream, fewer take a prefix; a new seed or dₖ starts afresh.
  const int steps[][3] = {{64, 3, 5}, {64, 9, 5}, {64, 2, 5}, {64, 16, 5}, {64, 16, 6}, {32, 4, 6}, {64, 5, 5}};
  for (const auto& [dk, keys, seed] : steps) {
    Xoshiro256pp engine(static_cast<std::uint64_t>(seed));
    NormalSampler normal(engine);
    const RowMatrix queries = normalMatrix(normal, keys, dk, 2.0).unaryExpr([](double x) { return roundToHalf(x); });
    const HalfPrecisionScores scores =
        float16Scores(dk, keys, 2.0, HalfScoreOrder::Before, static_cast<std::uint64_t>(seed));
    for (int i = 0; i < keys; ++i) {
      for (int j = 0; j < keys; ++j) {
        REQUIRE(sameHalf(scores.scores(i, j), plainHalfScore(queries, i, j, HalfScoreOrder::Before)));
      }
    }
    CHECK(scores.largestExactScore == doctest::Approx(queries.rowwise().squaredNorm().maxCoeff()).epsilon(1e-14));
  }
}

TEST_CASE("float16Scores keeps each order's scores: more keys, fewer and back give a fresh call's bits and counts") {
  // Scores of the last settings are kept per order; another thread keeps its own (none yet), so there every pair is
  // emulated afresh. dₖ 4096 at spread 6 overflows under "after", the figure's own setting.
  struct Call {
    int dk, keys;
    double spread;
    HalfScoreOrder order;
  };
  const Call calls[] = {{4096, 9, 6.0, HalfScoreOrder::After},    {4096, 14, 6.0, HalfScoreOrder::After},
                        {4096, 5, 6.0, HalfScoreOrder::After},    {4096, 15, 6.0, HalfScoreOrder::After},
                        {4096, 12, 6.0, HalfScoreOrder::Before},  {4096, 15, 6.0, HalfScoreOrder::Before},
                        {4096, 16, 6.0, HalfScoreOrder::After},   {4096, 16, 7.0, HalfScoreOrder::Balanced},
                        {2048, 16, 7.0, HalfScoreOrder::Balanced}};
  for (const Call& c : calls) {
    const auto run = [&] { return float16Scores(c.dk, c.keys, c.spread, c.order, 8); };
    const HalfPrecisionScores kept = run(), fresh = std::async(std::launch::async, run).get();
    for (int i = 0; i < c.keys; ++i) {
      for (int j = 0; j < c.keys; ++j) {
        REQUIRE(sameHalf(kept.scores(i, j), fresh.scores(i, j)));
        REQUIRE(sameHalf(kept.weights(i, j), fresh.weights(i, j)));
      }
    }
    CHECK(kept.infinities == fresh.infinities);
    CHECK(kept.nans == fresh.nans);
    for (std::size_t o = 0; o < kept.byOrder.size(); ++o) {
      CHECK(kept.byOrder[o].infinities == fresh.byOrder[o].infinities);
      CHECK(kept.byOrder[o].nans == fresh.byOrder[o].nans);
    }
  }
}

TEST_CASE("another order's counts stay exact across the spreads where its rows' norms stop proving it finite") {
  // Below the edge the core counts 0 for an order from the queries' norms alone, without scaling its rows; walking σ
  // finely across it, those counts must match the order's own full emulation.
  const HalfScoreOrder orders[] = {HalfScoreOrder::After, HalfScoreOrder::Before, HalfScoreOrder::Balanced};
  for (const int dk : {64, 4096}) {
    const int keys = dk == 64 ? 32 : 12;
    // Where before's and balanced's aligned score, σ²√dₖ, nears 65504: the edge of the proof lies below it.
    const double edge = std::sqrt(kHalfMax / std::sqrt(static_cast<double>(dk)));
    for (double spread = edge / 4; spread <= edge * 1.5; spread *= 1.03) {
      for (const HalfScoreOrder shown : orders) {
        const HalfPrecisionScores counted = float16Scores(dk, keys, spread, shown, 3);
        for (const HalfScoreOrder other : orders) {
          const HalfPrecisionScores full = float16Scores(dk, keys, spread, other, 3);
          CHECK(counted.byOrder[static_cast<std::size_t>(other)].infinities == full.infinities);
          CHECK(counted.byOrder[static_cast<std::size_t>(other)].nans == full.nans);
        }
      }
    }
  }
}

namespace {

// Each row's largest |score| and NaN weights as the figure read them from float16Scores: NaN in a row wins, as in
// Math.max.
void checkRowsMatch(const HalfRowLargest& rows, const HalfPrecisionScores& full) {
  REQUIRE(rows.keyCount == full.keyCount);
  for (int i = 0; i < full.keyCount; ++i) {
    double largest = 0.0;
    std::int64_t nans = 0;
    for (int j = 0; j < full.keyCount; ++j) {
      const double score = full.scores(i, j);
      largest = std::isnan(score) || std::isnan(largest) ? NAN : std::max(largest, std::abs(score));
      nans += std::isnan(full.weights(i, j)) ? 1 : 0;
    }
    REQUIRE(sameHalf(rows.rowLargest[static_cast<std::size_t>(i)], largest));
    REQUIRE(rows.rowNans[static_cast<std::size_t>(i)] == nans);
  }
  CHECK(rows.infinities == full.infinities);
  CHECK(rows.nans == full.nans);
  CHECK(rows.largestExactScore == full.largestExactScore);
  for (std::size_t o = 0; o < full.byOrder.size(); ++o) {
    CHECK(rows.byOrder[o].infinities == full.byOrder[o].infinities);
    CHECK(rows.byOrder[o].nans == full.byOrder[o].nans);
  }
}

}  // namespace

TEST_CASE("float16RowLargest gives float16Scores' row maxima, NaN weights and counts across every regime") {
  // Spreads below, at and past each order's overflow, where pairs other than a row's own are skipped or must be
  // emulated, and the wild ones where products overflow to both signs. Each full call runs on a thread of its own,
  // which keeps no scores, so the two never share what they keep.
  const HalfScoreOrder orders[] = {HalfScoreOrder::After, HalfScoreOrder::Before, HalfScoreOrder::Balanced};
  int compared = 0;
  for (const int dk : {1, 7, 64, 200, 4096}) {
    for (const int keys : {1, 3, 9, 16}) {
      const double threshold = float16OverflowSpread(dk);
      for (const double spread : {0.25, 0.5, 0.9 * threshold, 1.1 * threshold, 3.0, 8.0, 16.0, 40.0, 200.0}) {
        if (spread > kMaxHalfScoreSpread) continue;
        for (const HalfScoreOrder order : orders) {
          const auto seed = static_cast<std::uint64_t>(dk * 7 + keys);
          const HalfRowLargest rows = float16RowLargest(dk, keys, spread, order, seed);
          const auto full = [&] { return float16Scores(dk, keys, spread, order, seed); };
          checkRowsMatch(rows, std::async(std::launch::async, full).get());
          ++compared;
        }
      }
    }
  }
  CHECK(compared == 5 * 4 * 9 * 3);
}

TEST_CASE("float16RowLargest keeps what it emulated: more keys, fewer and back match float16Scores afresh") {
  // The figure's own walks: along keys at σ where rows stay finite, overflow, or need their block bounds.
  struct Call {
    int dk, keys;
    double spread;
    HalfScoreOrder order;
  };
  const Call calls[] = {{4096, 9, 1.0, HalfScoreOrder::After},    {4096, 14, 1.0, HalfScoreOrder::After},
                        {4096, 5, 1.0, HalfScoreOrder::After},    {4096, 16, 6.0, HalfScoreOrder::After},
                        {4096, 20, 6.0, HalfScoreOrder::After},   {4096, 12, 16.0, HalfScoreOrder::Before},
                        {4096, 15, 16.0, HalfScoreOrder::Before}, {4096, 16, 16.0, HalfScoreOrder::After},
                        {4096, 24, 16.0, HalfScoreOrder::After},  {4096, 16, 13.5, HalfScoreOrder::Balanced},
                        {64, 40, 30.0, HalfScoreOrder::Balanced}, {64, 48, 30.0, HalfScoreOrder::Balanced}};
  for (const Call& c : calls) {
    const HalfRowLargest rows = float16RowLargest(c.dk, c.keys, c.spread, c.order, 9);
    const auto full = [&] { return float16Scores(c.dk, c.keys, c.spread, c.order, 9); };
    checkRowsMatch(rows, std::async(std::launch::async, full).get());
  }
}

TEST_CASE("float16RowLargest refuses bad arguments by its own name") {
  CHECK_THROWS_WITH_AS(float16RowLargest(0, 4, 1, HalfScoreOrder::After, 1),
                       "float16RowLargest: dk must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(float16RowLargest(64, 4, 0, HalfScoreOrder::After, 1),
                       "float16RowLargest: spread must be greater than 0 and at most 1000, got 0", CoreError);
}
