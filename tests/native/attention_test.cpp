#include "attention.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"
#include "random_matrix.hpp"
#include "rng.hpp"
#include "softmax.hpp"

using namespace attention_lab;

namespace {

RowMatrix randomMatrix(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  return normalMatrix(normal, rows, cols);
}

const AttentionScale kModes[] = {{AttentionScaleMode::None, 1.0},     {AttentionScaleMode::Sqrt, 1.0},
                                 {AttentionScaleMode::Linear, 1.0},   {AttentionScaleMode::Temperature, 3.0},
                                 {AttentionScaleMode::Balanced, 1.0}, {AttentionScaleMode::Cosine, 0.1}};

}  // namespace

TEST_CASE("attention weights: rows sum to 1 for every mode, causal or not, and output = weights·V") {
  const RowMatrix q = randomMatrix(5, 16, 1), k = randomMatrix(7, 16, 2), v = randomMatrix(7, 3, 3);
  for (const AttentionScale& scale : kModes) {
    for (bool causal : {false, true}) {
      CAPTURE(static_cast<int>(scale.mode));
      CAPTURE(causal);
      const AttentionResult r = scaledDotProductAttention(q, k, v, scale, causal);
      REQUIRE(r.weights.rows() == 5);
      REQUIRE(r.weights.cols() == 7);
      REQUIRE(r.output.rows() == 5);
      REQUIRE(r.output.cols() == 3);
      CHECK((r.weights.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-14);
      CHECK(r.weights.minCoeff() >= 0.0);
      CHECK((r.output - r.weights * v).cwiseAbs().maxCoeff() < 1e-12);
    }
  }
}

TEST_CASE("each mode's scores match softmax of the documented score for one row") {
  const RowMatrix q = randomMatrix(2, 8, 4), k = randomMatrix(6, 8, 5), v = randomMatrix(6, 2, 6);
  const Eigen::VectorXd raw = k * q.row(1).transpose();
  const auto row = [&](AttentionScale scale) -> Eigen::VectorXd {
    return scaledDotProductAttention(q, k, v, scale, false).weights.row(1).transpose();
  };
  CHECK((row({AttentionScaleMode::None, 1}) - softmax(raw)).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((row({AttentionScaleMode::Sqrt, 1}) - softmax(raw / std::sqrt(8.0))).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((row({AttentionScaleMode::Linear, 1}) - softmax(raw / 8.0)).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((row({AttentionScaleMode::Temperature, 2.5}) - softmax(raw / 2.5)).cwiseAbs().maxCoeff() < 1e-14);
  Eigen::VectorXd cosine(6);
  for (int j = 0; j < 6; ++j) cosine[j] = raw[j] / (q.row(1).norm() * k.row(j).norm());
  CHECK((row({AttentionScaleMode::Cosine, 0.5}) - softmax(cosine / 0.5)).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("Balanced (q and k each × dₖ^(−1/4)) equals Sqrt up to rounding") {
  const RowMatrix q = randomMatrix(6, 64, 7), k = randomMatrix(9, 64, 8), v = randomMatrix(9, 4, 9);
  const AttentionResult sqrt = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Sqrt, 1}, false);
  const AttentionResult balanced = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Balanced, 1}, false);
  CHECK((sqrt.weights - balanced.weights).cwiseAbs().maxCoeff() < 1e-13);
  CHECK((sqrt.output - balanced.output).cwiseAbs().maxCoeff() < 1e-12);
  const AttentionResult none = scaledDotProductAttention(q, k, v, {AttentionScaleMode::None, 1}, false);
  CHECK((sqrt.weights - none.weights).cwiseAbs().maxCoeff() > 0.01);  // the comparison can fail
}

TEST_CASE("causal: query i sees keys j ≤ i + (m − n), the rest get exactly 0") {
  const RowMatrix q = randomMatrix(3, 4, 10), k = randomMatrix(5, 4, 11), v = randomMatrix(5, 2, 12);
  const AttentionResult r = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Sqrt, 1}, true);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 5; ++j) {
      CAPTURE(i);
      CAPTURE(j);
      if (j <= i + 2) {
        CHECK(r.weights(i, j) > 0.0);
      } else {
        CHECK(r.weights(i, j) == 0.0);
      }
    }
  }
  // n = m: the usual lower triangle, and the first query attends only to itself.
  const AttentionResult square = scaledDotProductAttention(k, k, v, {AttentionScaleMode::Sqrt, 1}, true);
  CHECK(square.weights(0, 0) == 1.0);
  CHECK(square.weights.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("cosine scores are bounded: weights stay near uniform at τ = 1 whatever the vector lengths") {
  RowMatrix q = randomMatrix(1, 32, 13) * 1e3;
  const RowMatrix k = randomMatrix(8, 32, 14) * 1e3, v = randomMatrix(8, 1, 15);
  const AttentionResult r = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Cosine, 1.0}, false);
  // Scores lie in [−1, 1], so no weight can exceed e²/(e² + 7) of the 8.
  CHECK(r.weights.maxCoeff() < std::exp(2.0) / (std::exp(2.0) + 7.0));
  const AttentionResult raw = scaledDotProductAttention(q, k, v, {AttentionScaleMode::None, 1.0}, false);
  CHECK(raw.weights.maxCoeff() > 0.999);  // unscaled, the same vectors saturate
}

TEST_CASE("scaledDotProductAttention rejects bad shapes, values and scales with exact messages") {
  const RowMatrix q = randomMatrix(3, 4, 1), k = randomMatrix(5, 4, 2), v = randomMatrix(5, 2, 3);
  const AttentionScale sqrt{AttentionScaleMode::Sqrt, 1.0};
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(RowMatrix(0, 4), k, v, sqrt, false),
                       "attention: q must be 1 to 4096 rows by 1 to 4096 columns, got 0x4", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, RowMatrix(5, 0), v, sqrt, false),
                       "attention: k must be 1 to 4096 rows by 1 to 4096 columns, got 5x0", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, RowMatrix(5, 4097), sqrt, false),
                       "attention: v must be 1 to 4096 rows by 1 to 4096 columns, got 5x4097", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(RowMatrix::Zero(4097, 1), k.leftCols(1), v, sqrt, false),
                       "attention: q must be 1 to 4096 rows by 1 to 4096 columns, got 4097x1", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, randomMatrix(5, 3, 4), v, sqrt, false),
                       "attention: k must be 4 columns (as q), got 3 columns", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, randomMatrix(4, 2, 5), sqrt, false),
                       "attention: v must be 5 rows (one per key), got 4 rows", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(RowMatrix::Zero(2049, 1), RowMatrix::Zero(2049, 1),
                                                 RowMatrix::Zero(2049, 1), sqrt, false),
                       "attention: n*m must be at most 4194304, got 4198401", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(k, q, v.topRows(3), sqrt, true),
                       "attention: k must be at least 5 rows (one per query) when causal, got 3 rows", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, v, {AttentionScaleMode::Temperature, 0.0}, false),
                       "attention: scale.temperature must be a finite number greater than 0, got 0", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, v, {AttentionScaleMode::Cosine, NAN}, false),
                       "attention: scale.temperature must be a finite number greater than 0, got nan", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, v, {static_cast<AttentionScaleMode>(6), 1.0}, false),
                       "attention: scale.mode must be 0 (none), 1 (sqrt), 2 (linear), 3 (temperature), "
                       "4 (balanced) or 5 (cosine), got 6",
                       CoreError);
  RowMatrix bad = q;
  bad(1, 2) = NAN;
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(bad, k, v, sqrt, false), "attention: q[1,2] must be finite, got nan",
                       CoreError);
  RowMatrix badKeys = k;
  badKeys(4, 0) = -INFINITY;
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, badKeys, v, sqrt, false),
                       "attention: k[4,0] must be finite, got -inf", CoreError);
  RowMatrix badValues = v;
  badValues(0, 1) = INFINITY;
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, k, badValues, sqrt, false),
                       "attention: v[0,1] must be finite, got inf", CoreError);
  RowMatrix zeroRow = k;
  zeroRow.row(2).setZero();
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q, zeroRow, v, {AttentionScaleMode::Cosine, 1.0}, false),
                       "attention: k[2] must be a nonzero row for cosine scores, got a zero row", CoreError);
  CHECK_THROWS_WITH_AS(scaledDotProductAttention(q * 1e200, k * 1e200, v, sqrt, false),
                       "attention: scores must be finite (inputs too large for the chosen scale), got an "
                       "overflow in query row 0",
                       CoreError);
}

TEST_CASE("cosine scores of huge and tiny rows: the same weights as the rows at ordinary size") {
  const RowMatrix q = randomMatrix(3, 16, 21), k = randomMatrix(6, 16, 22), v = randomMatrix(6, 2, 23);
  const AttentionScale cosine{AttentionScaleMode::Cosine, 0.25};
  const AttentionResult ordinary = scaledDotProductAttention(q, k, v, cosine, false);
  for (const double size : {1e200, 1e-200, 1e300, 1e-300}) {
    CAPTURE(size);
    const AttentionResult scaled = scaledDotProductAttention(q * size, k * size, v, cosine, false);
    CHECK((scaled.weights - ordinary.weights).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((scaled.output - ordinary.output).cwiseAbs().maxCoeff() < 1e-12);
  }
  // One huge row among ordinary ones, and a row of a single subnormal entry.
  RowMatrix mixed = q;
  mixed.row(1) *= 1e250;
  CHECK((scaledDotProductAttention(mixed, k, v, cosine, false).weights - ordinary.weights).cwiseAbs().maxCoeff() <
        1e-12);
  RowMatrix single = RowMatrix::Zero(1, 16);
  single(0, 3) = 5e-324;
  const AttentionResult one = scaledDotProductAttention(single, k, v, cosine, false);
  CHECK(one.weights.allFinite());
  CHECK(one.weights.sum() == doctest::Approx(1.0));
}
