#include "precision_overflow.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "attention.hpp"
#include "errors.hpp"
#include "precision.hpp"
#include "rng.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// Independent float16 sums kept in flight at once, four per HalfQuad: each sum waits on its own rounding, so
// several chains keep the CPU busy while each waits.
constexpr int kQuads = 4;

// Four float16 dot products that share their left row: a against the four consecutive right rows starting at one
// column of the transposed right operand.
struct Quad {
  int row = 0;          // the left row i
  int firstColumn = 0;  // the right rows j, j + 1, j + 2, j + 3
};

// Σ fl(aₗ·bₗ) accumulated in float16, left to right, as a plain float16 loop would, for kQuads quads at once. left is
// row-major (row i at i·length); rightT holds step l of every right row together, `stride` floats apart.
void halfDots(const float* left, const float* rightT, Eigen::Index length, Eigen::Index stride, const Quad* quads,
              HalfQuad* sums) {
  HalfQuad sum[kQuads] = {};
  const float* rows[kQuads];
  for (int q = 0; q < kQuads; ++q) rows[q] = left + quads[q].row * length;
  for (Eigen::Index l = 0; l < length; ++l) {
    const float* step = rightT + l * stride;
    for (int q = 0; q < kQuads; ++q) {
      HalfQuad right;
      std::memcpy(&right, step + quads[q].firstColumn, sizeof right);
      sum[q] = roundToHalfQuad(sum[q] + roundToHalfQuad(rows[q][l] * right));
    }
  }
  for (int q = 0; q < kQuads; ++q) sums[q] = sum[q];
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

RowMatrix halfSoftmaxRows(const RowMatrix& scores) {
  RowMatrix weights(scores.rows(), scores.cols());
  for (Eigen::Index i = 0; i < scores.rows(); ++i) halfSoftmaxRow(&scores(i, 0), &weights(i, 0), scores.cols());
  return weights;
}

// ±∞, or NaN where products overflowed to both signs. (Plain loops here and below: Eigen's vectorized expressions
// made this file the largest part of the WASM module for work that takes microseconds.)
std::int64_t countInfinities(const RowMatrix& scores) {
  std::int64_t count = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) count += std::isfinite(scores.data()[i]) ? 0 : 1;
  return count;
}

std::int64_t countNans(const RowMatrix& weights) {
  std::int64_t count = 0;
  for (Eigen::Index i = 0; i < weights.size(); ++i) count += std::isnan(weights.data()[i]) ? 1 : 0;
  return count;
}

double rowSquaredNorm(const double* row, Eigen::Index length) {
  double sum = 0.0;
  for (Eigen::Index l = 0; l < length; ++l) sum += row[l] * row[l];
  return sum;
}

// The unit normals behind the last call's queries, kept for the next: a learner moving the spread, the order, the
// number of keys or dₖ asks for the same stream again (rows are drawn in order, dₖ entries each, so every setting
// reads a prefix of one stream of the seed), and drawing normals was half of a call's time in WASM. The results are
// the same bits with or without it.
constexpr std::int64_t kMaxRememberedNormals = std::int64_t{1} << 18;  // 2 MiB; the figure asks for at most 2¹⁷

class UnitNormalRows {
 public:
  // The first count·dk unit normals of stream 0 of the seed, row after row, as normalMatrix(…, 1.0) draws them.
  const double* rows(std::uint64_t seed, int dk, int count) {
    if (!engine_ || seed != seed_) {
      seed_ = seed;
      engine_ = std::make_unique<Xoshiro256pp>(seed);
      normal_ = std::make_unique<NormalSampler>(*engine_);
      unit_.clear();
    }
    const auto wanted = static_cast<std::size_t>(count) * static_cast<std::size_t>(dk);
    while (unit_.size() < wanted) unit_.push_back(normal_->next());
    return unit_.data();
  }

 private:
  std::uint64_t seed_ = 0;
  std::unique_ptr<Xoshiro256pp> engine_;
  std::unique_ptr<NormalSampler> normal_;  // draws from *engine_, so both live on the heap and never move
  std::vector<double> unit_;
};

// The float16 queries (which are also the keys) of float16Scores, after checking its arguments.
RowMatrix halfQueries(int keyDimension, int keyCount, double spread, HalfScoreOrder order, std::uint64_t seed) {
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
  thread_local UnitNormalRows lastStream;
  UnitNormalRows once;
  const bool remember = static_cast<std::int64_t>(keyCount) * keyDimension <= kMaxRememberedNormals;
  const double* unit = (remember ? lastStream : once).rows(seed, keyDimension, keyCount);
  RowMatrix queries(keyCount, keyDimension);
  for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = roundToHalf(spread * unit[i]);
  return queries;
}

// fl(x·factor) for every entry, or fl(x ÷ factor) (the order divides by √dₖ: not the same as multiplying by 1/√dₖ).
RowMatrix roundedScaled(const RowMatrix& values, double factor, bool divide) {
  RowMatrix scaled(values.rows(), values.cols());
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    const double x = values.data()[i];
    scaled.data()[i] = roundToHalf(divide ? x / factor : x * factor);
  }
  return scaled;
}

// What enters the float16 product under the order: the queries themselves, or a rounded scaled copy on one side
// (before) or both (balanced). Built in place and never copied, so the queries are not copied either.
class HalfOperands {
 public:
  HalfOperands(const RowMatrix& queries, HalfScoreOrder order)
      : queries_(queries), root_(roundToHalf(std::sqrt(static_cast<double>(queries.cols())))) {
    if (order == HalfScoreOrder::Before) scaled_ = roundedScaled(queries, root_, true);
    if (order == HalfScoreOrder::Balanced)
      scaled_ = roundedScaled(queries, roundToHalf(std::pow(static_cast<double>(queries.cols()), -0.25)), false);
    scaledRight_ = order == HalfScoreOrder::Balanced;
  }
  HalfOperands(const HalfOperands&) = delete;
  HalfOperands& operator=(const HalfOperands&) = delete;

  const RowMatrix& left() const { return scaled_.size() > 0 ? scaled_ : queries_; }
  const RowMatrix& right() const { return scaledRight_ ? scaled_ : queries_; }
  double root() const { return root_; }  // √dₖ rounded to float16

 private:
  const RowMatrix& queries_;
  RowMatrix scaled_;
  bool scaledRight_ = false;
  double root_;
};

// Whether every float16 partial sum of rows i and j provably stays below 65504, so the pair cannot overflow. With
// u = 2⁻¹¹ and η = 2⁻²⁵ (float16's relative and subnormal rounding errors), Sₖ = Σₗ≤ₖ aₗbₗ exact and Dₖ = ŝₖ − Sₖ the
// float16 sum's error, the product and the sum each round once, so
//   |Dₖ| ≤ (1 + u)|Dₖ₋₁| + u(1 + u)|aₖbₖ| + u|Sₖ| + 3η, and what step k rounds is at most |Sₖ| + |Dₖ|.
// First, for all k at once, Cauchy–Schwarz from the row norms: |ŝₖ| ≤ (1 + u)^(k+1)·(‖a‖‖b‖ + 2kη). Failing that,
// block by block (kBlock steps): Sₖ stays within |S at the block's start| + A, A = ‖a_block‖‖b_block‖ ≥ Σ|aₗbₗ| over
// the block, so the error at its end is at most (1 + u)^L·(D at its start + u(1 + u)A + uL(|S_start| + A) + 3ηL). The
// block sums come from one matrix product per block: no pair is walked element by element, and the bound stays
// close to the exact one when the sums wander instead of growing, as they do for unrelated q and k.
class OverflowBound {
 public:
  // Pairs with both rows below firstNewRow are kept from before and never asked about, so no block sums are taken
  // for them.
  OverflowBound(const HalfOperands& operands, Eigen::Index firstNewRow)
      : operands_(operands),
        first_(firstNewRow),
        leftNorms_(norms(operands.left(), 0, operands.left().cols())),
        // A symmetric product has one operand on both sides: its norms are taken once.
        rightNorms_(symmetric() ? leftNorms_ : norms(operands.right(), 0, operands.right().cols())),
        slack_(static_cast<double>(operands.left().cols()) * 2 * kTiny),
        // (1 + 2⁻³⁰) covers double's own rounding in the norms
        normLimit_(kHalfMax /
                   (std::pow(1.0 + kUnit, static_cast<double>(operands.left().cols()) + 1) * (1.0 + 0x1.0p-30))) {}

  bool cannotOverflow(int i, int j) {
    if (leftNorms_[static_cast<std::size_t>(i)] * rightNorms_[static_cast<std::size_t>(j)] + slack_ < normLimit_)
      return true;
    if (newRowSums_.empty()) measureBlocks();
    // Double's rounding in the block sums and norms is below 2⁻⁴⁰ of the terms: the margins cover it.
    const double limit = kHalfMax * (1.0 - 0x1.0p-30);
    double start = 0.0, error = 0.0, absolute = 0.0;
    for (std::size_t block = 0; block < newRowSums_.size(); ++block) {
      const Eigen::Index steps = std::min(kBlock, operands_.left().cols() - static_cast<Eigen::Index>(block) * kBlock);
      const double bound = leftBlockNorms_[block][static_cast<std::size_t>(i)] *
                           rightBlockNorms_[block][static_cast<std::size_t>(j)] * (1.0 + 0x1.0p-30);
      const double growth = steps == kBlock ? blockGrowth_ : std::pow(1.0 + kUnit, static_cast<double>(steps));
      error = growth *
              (error + kUnit * (1.0 + kUnit) * bound + kUnit * static_cast<double>(steps) * (std::abs(start) + bound) +
               3 * kTiny * static_cast<double>(steps));
      absolute += bound;
      if (!(std::abs(start) + bound + error * (1.0 + 0x1.0p-20) + absolute * 0x1.0p-30 < limit)) return false;
      start += blockSum(block, i, j);
    }
    return true;
  }

 private:
  static constexpr double kUnit = 0x1.0p-11;  // float16's unit roundoff
  static constexpr double kTiny = 0x1.0p-25;  // its largest absolute rounding error in the subnormal range
  static constexpr Eigen::Index kBlock = 64;
  const double blockGrowth_ = std::pow(1.0 + kUnit, static_cast<double>(kBlock));

  // Each row's norm over steps first … first + steps − 1.
  static std::vector<double> norms(const RowMatrix& rows, Eigen::Index first, Eigen::Index steps) {
    std::vector<double> result(static_cast<std::size_t>(rows.rows()));
    for (Eigen::Index i = 0; i < rows.rows(); ++i)
      result[static_cast<std::size_t>(i)] = std::sqrt(rowSquaredNorm(&rows(i, first), steps));
    return result;
  }

  void measureBlocks() {
    const RowMatrix& left = operands_.left();
    const RowMatrix& right = operands_.right();
    const Eigen::Index length = left.cols(), rows = left.rows(), newRows = rows - first_;
    const Eigen::Index blocks = (length + kBlock - 1) / kBlock;
    for (Eigen::Index block = 0; block < blocks; ++block) {
      const Eigen::Index first = block * kBlock, steps = std::min(kBlock, length - first);
      leftBlockNorms_.push_back(norms(left, first, steps));
      rightBlockNorms_.push_back(symmetric() ? leftBlockNorms_.back() : norms(right, first, steps));
      // The core's q·kᵀ kernel (SIMD in WASM, and no second copy of Eigen's large product code); products of float16
      // values are exact in double. Only the new rows against all, and the old rows against the new where the
      // product is not symmetric: a keys step bounds one row of pairs, not all of them again.
      newRowSums_.push_back(
          queryKeyProducts(left.middleRows(first_, newRows).middleCols(first, steps), right.middleCols(first, steps)));
      if (!symmetric() && first_ > 0)
        oldRowSums_.push_back(queryKeyProducts(left.topRows(first_).middleCols(first, steps),
                                               right.middleRows(first_, newRows).middleCols(first, steps)));
    }
  }

  bool symmetric() const { return &operands_.left() == &operands_.right(); }

  // Σ over the block of left row i times right row j, for a pair with a new row.
  double blockSum(std::size_t block, int i, int j) const {
    if (i >= first_) return newRowSums_[block](i - first_, j);
    return symmetric() ? newRowSums_[block](j - first_, i) : oldRowSums_[block](i, j - first_);
  }

  const HalfOperands& operands_;
  Eigen::Index first_;
  std::vector<double> leftNorms_, rightNorms_;
  double slack_, normLimit_;
  std::vector<std::vector<double>> leftBlockNorms_, rightBlockNorms_;  // per block, per row
  std::vector<RowMatrix> newRowSums_, oldRowSums_;  // per block: new rows × all, old rows × new (not symmetric)
};

// The float16 scores under the order. With countsOnly, pairs whose every partial sum is bounded below 65504 are not
// emulated (left at 0): they cannot overflow, and their values are not asked for. Score (i, j) depends on rows i and
// j alone (the bound too), so `known`, these scores for the first known.rows() rows, gives its block as it is.
RowMatrix halfScores(const HalfOperands& operands, HalfScoreOrder order, bool countsOnly, const RowMatrix& known) {
  const auto keyCount = static_cast<int>(operands.left().rows());
  const Eigen::Index length = operands.left().cols();
  const auto knownCount = static_cast<int>(std::min<Eigen::Index>(known.rows(), keyCount));
  std::optional<OverflowBound> bound;  // only the orders not shown are bounded
  if (countsOnly) bound.emplace(operands, knownCount);
  // Keys are the queries, so unless only q is scaled the matrix is symmetric: fl(a·b) = fl(b·a) term by term, summed
  // in the same order. Half the float16 work, the same bits.
  const bool symmetric = order != HalfScoreOrder::Before;
  std::vector<Quad> quads;
  for (int i = 0; i < keyCount; ++i) {
    // Each quad starts at the next pair still to do and covers the three after it too, needed or not.
    for (int j = symmetric ? i : 0; j < keyCount; ++j) {
      if (i < knownCount && j < knownCount) continue;
      if (!quads.empty() && quads.back().row == i && j < quads.back().firstColumn + 4) continue;
      if (!bound || !bound->cannotOverflow(i, j)) quads.push_back({i, j});
    }
  }
  RowMatrix scores(keyCount, keyCount);
  std::fill(scores.data(), scores.data() + scores.size(), 0.0);
  for (int i = 0; i < knownCount; ++i) std::copy_n(&known(i, 0), knownCount, &scores(i, 0));
  if (quads.empty()) return scores;
  // float holds float16 values exactly. The transposed right operand has 3 columns of zeros past the last row, for
  // quads that run over the end; padding quads repeat the last one. Their sums are dropped.
  const Eigen::Index stride = keyCount + 3;
  std::vector<float> left(static_cast<std::size_t>(operands.left().size()));
  std::vector<float> rightT(static_cast<std::size_t>(length * stride), 0.0f);
  for (Eigen::Index i = 0; i < operands.left().size(); ++i)
    left[static_cast<std::size_t>(i)] = static_cast<float>(operands.left().data()[i]);
  for (int j = 0; j < keyCount; ++j) {
    for (Eigen::Index l = 0; l < length; ++l)
      rightT[static_cast<std::size_t>(l * stride + j)] = static_cast<float>(operands.right()(j, l));
  }
  const auto wanted = static_cast<int>(quads.size());
  while (quads.size() % kQuads != 0) quads.push_back(quads.back());
  for (int start = 0; start < wanted; start += kQuads) {
    HalfQuad sums[kQuads];
    halfDots(left.data(), rightT.data(), length, stride, &quads[static_cast<std::size_t>(start)], sums);
    for (int q = 0; q < kQuads && start + q < wanted; ++q) {
      const Quad& quad = quads[static_cast<std::size_t>(start + q)];
      for (int lane = 0; lane < 4 && quad.firstColumn + lane < keyCount; ++lane) {
        const int i = quad.row, j = quad.firstColumn + lane;
        const double sum = sums[q][lane];
        const double score = order == HalfScoreOrder::After ? roundToHalf(sum / operands.root()) : sum;
        scores(i, j) = score;
        if (symmetric) scores(j, i) = score;
      }
    }
  }
  return scores;
}

// The scores of each order at the last settings, kept for the next call: a learner moving the keys slider asks for
// the same rows again (keys are drawn row after row), so fewer keys cut what is kept and more keys emulate only the
// new pairs; both are the same bits a fresh call gives.
class KnownScores {
 public:
  // The scores kept for these settings (an empty matrix when they differ from the last ones).
  const RowMatrix& of(std::uint64_t seed, int dk, double spread, HalfScoreOrder order, bool countsOnly) {
    Entry& entry = entries_[static_cast<std::size_t>(order)];
    const bool same = entry.seed == seed && entry.dk == dk && entry.spread == spread && entry.countsOnly == countsOnly;
    if (!same) entry = {seed, dk, spread, countsOnly, RowMatrix()};
    return entry.scores;
  }

  // Keeps the scores just computed when they cover more rows than those kept (of() was called for the settings).
  void keep(HalfScoreOrder order, const RowMatrix& scores) {
    Entry& entry = entries_[static_cast<std::size_t>(order)];
    if (scores.rows() > entry.scores.rows()) entry.scores = scores;
  }

 private:
  struct Entry {
    std::uint64_t seed = 0;
    int dk = 0;
    double spread = 0.0;
    bool countsOnly = false;
    RowMatrix scores;
  };
  std::array<Entry, kHalfScoreOrderNames.size()> entries_;
};

}  // namespace

HalfPrecisionScores float16Scores(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                  std::uint64_t seed) {
  const RowMatrix queries = halfQueries(keyDimension, keyCount, spread, order, seed);
  HalfPrecisionScores result;
  result.keyCount = keyCount;
  // |qᵢ·qⱼ| ≤ ‖qᵢ‖‖qⱼ‖, so the largest is some ‖qᵢ‖²; products of float16 values are exact in double.
  for (Eigen::Index i = 0; i < queries.rows(); ++i)
    result.largestExactScore = std::max(result.largestExactScore, rowSquaredNorm(&queries(i, 0), queries.cols()));
  thread_local KnownScores known;
  for (const auto& entry : kHalfScoreOrderNames) {
    const HalfScoreOrder other = entry.first;
    const HalfOperands operands(queries, other);
    const bool countsOnly = other != order;
    const RowMatrix& kept = known.of(seed, keyDimension, spread, other, countsOnly);
    if (countsOnly) {
      // Scores proven finite are left at 0: a row's softmax has NaN weights exactly when one of its scores is +∞ or
      // NaN (its own score, q·q, is never −∞), whatever its finite scores are, so the counts are the full ones.
      const RowMatrix scores = halfScores(operands, other, true, kept);
      known.keep(other, scores);
      result.byOrder[static_cast<std::size_t>(other)] = {countInfinities(scores), countNans(halfSoftmaxRows(scores))};
      continue;
    }
    result.scores = halfScores(operands, order, false, kept);
    known.keep(order, result.scores);
    result.infinities = countInfinities(result.scores);
    result.weights = halfSoftmaxRows(result.scores);
    result.nans = countNans(result.weights);
    result.byOrder[static_cast<std::size_t>(order)] = {result.infinities, result.nans};
  }
  return result;
}

double float16OverflowSpread(int keyDimension) {
  requireIntegerInRange("float16OverflowSpread", "dk", keyDimension, 1, kMaxHalfScoreKeyDimension);
  return std::sqrt(kHalfMax / static_cast<double>(keyDimension));
}

}  // namespace attention_lab
