#include "precision_overflow.hpp"

#include <cmath>
#include <limits>

#include "errors.hpp"
#include "precision.hpp"
#include "random_matrix.hpp"
#include "rng.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// Σ fl(aᵢ·bᵢ) accumulated in float16, left to right, as a plain float16 loop would.
double halfDot(const double* a, const double* b, Eigen::Index length) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < length; ++i) sum = roundToHalf(sum + roundToHalf(a[i] * b[i]));
  return sum;
}

// One row's softmax in float16, letting ±∞ and NaN through as IEEE arithmetic does (softmaxInPrecision refuses them).
void halfSoftmaxRow(const double* scores, double* weights, Eigen::Index length) {
  double largest = -std::numeric_limits<double>::infinity();
  for (Eigen::Index j = 0; j < length; ++j) {
    if (std::isnan(scores[j]) || scores[j] > largest) largest = scores[j];
    if (std::isnan(largest)) break;
  }
  double sum = 0.0;
  for (Eigen::Index j = 0; j < length; ++j) {
    weights[j] = roundToHalf(std::exp(roundToHalf(scores[j] - largest)));
    sum = roundToHalf(sum + weights[j]);
  }
  for (Eigen::Index j = 0; j < length; ++j) weights[j] = roundToHalf(weights[j] / sum);
}

}  // namespace

HalfPrecisionScores float16Scores(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                  std::uint64_t seed) {
  const char* function = "float16Scores";
  requireIntegerInRange(function, "dk", keyDimension, 1, kMaxHalfScoreKeyDimension);
  requireIntegerInRange(function, "keyCount", keyCount, 1, kMaxHalfScoreKeys);
  requireAtMost(function, "keyCount^2*dk", static_cast<std::int64_t>(keyCount) * keyCount * keyDimension,
                kMaxHalfScoreWork);
  if (!(spread > 0 && spread <= kMaxHalfScoreSpread)) {
    failArgument(ErrorKind::Range, function, "spread", "greater than 0 and at most 1000", spread);
  }
  if (!isNamed(kHalfScoreOrderNames, order)) {
    failArgument(ErrorKind::Range, function, "order", listNumbered(kHalfScoreOrderNames), static_cast<int>(order));
  }
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  RowMatrix queries = normalMatrix(normal, keyCount, keyDimension, spread);
  for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = roundToHalf(queries.data()[i]);

  HalfPrecisionScores result;
  result.keyCount = keyCount;
  for (int i = 0; i < keyCount; ++i) {
    for (int j = 0; j < keyCount; ++j) {
      double exact = 0.0;  // products of float16 values are exact in double; the sum is exact to ~1e-13
      for (int l = 0; l < keyDimension; ++l) exact += queries(i, l) * queries(j, l);
      result.largestExactScore = std::max(result.largestExactScore, std::abs(exact));
    }
  }
  const double root = roundToHalf(std::sqrt(static_cast<double>(keyDimension)));
  RowMatrix left = queries, right = queries;  // what enters the float16 product under the order
  if (order == HalfScoreOrder::Before) {
    for (Eigen::Index i = 0; i < left.size(); ++i) left.data()[i] = roundToHalf(left.data()[i] / root);
  } else if (order == HalfScoreOrder::Balanced) {
    const double quarter = roundToHalf(std::pow(static_cast<double>(keyDimension), -0.25));
    for (Eigen::Index i = 0; i < left.size(); ++i)
      left.data()[i] = right.data()[i] = roundToHalf(left.data()[i] * quarter);
  }
  result.scores.resize(keyCount, keyCount);
  // Keys are the queries, so unless only q is scaled the matrix is symmetric: fl(a·b) = fl(b·a) term by term, summed
  // in the same order. Half the float16 work, the same bits.
  const bool symmetric = order != HalfScoreOrder::Before;
  for (int i = 0; i < keyCount; ++i) {
    for (int j = symmetric ? i : 0; j < keyCount; ++j) {
      double score = halfDot(&left(i, 0), &right(j, 0), keyDimension);
      if (order == HalfScoreOrder::After) score = roundToHalf(score / root);
      result.scores(i, j) = score;
      if (symmetric) result.scores(j, i) = score;
    }
  }
  for (Eigen::Index i = 0; i < result.scores.size(); ++i) {
    // ±∞, or NaN where products overflowed to both signs
    if (!std::isfinite(result.scores.data()[i])) ++result.infinities;
  }
  result.weights.resize(keyCount, keyCount);
  for (int i = 0; i < keyCount; ++i) halfSoftmaxRow(&result.scores(i, 0), &result.weights(i, 0), keyCount);
  for (Eigen::Index i = 0; i < result.weights.size(); ++i) {
    if (std::isnan(result.weights.data()[i])) ++result.nans;
  }
  return result;
}

double float16OverflowSpread(int keyDimension) {
  requireIntegerInRange("float16OverflowSpread", "dk", keyDimension, 1, kMaxHalfScoreKeyDimension);
  return std::sqrt(kHalfMax / static_cast<double>(keyDimension));
}

}  // namespace attention_lab
