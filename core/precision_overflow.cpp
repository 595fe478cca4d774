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
#include <type_traits>
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

constexpr double kHalfUnit = 0x1.0p-11;  // float16's unit roundoff u
constexpr double kHalfTiny = 0x1.0p-25;  // η, its largest absolute rounding error in the subnormal range

// Four float16 dot products that share their left row: a against the four consecutive right rows starting at one
// column of the transposed right operand.
struct Quad {
  int row = 0;          // the left row i
  int firstColumn = 0;  // the right rows j, j + 1, j + 2, j + 3
};

// Σ fl(aₗ·bₗ) accumulated in float16, left to right, as a plain float16 loop would, for Count quads at once (kQuads,
// or fewer for the last ones). left is row-major (row i at i·length); rightT holds step l of every right row
// together, `stride` floats apart.
template <int Count>
void halfDots(const float* left, const float* rightT, Eigen::Index length, Eigen::Index stride, const Quad* quads,
              HalfQuad* sums) {
  HalfQuad sum[Count] = {};
  const float* rows[Count];
  for (int q = 0; q < Count; ++q) rows[q] = left + quads[q].row * length;
  for (Eigen::Index l = 0; l < length; ++l) {
    const float* step = rightT + l * stride;
    for (int q = 0; q < Count; ++q) {
      HalfQuad right;
      std::memcpy(&right, step + quads[q].firstColumn, sizeof right);
      sum[q] = roundToHalfQuad(sum[q] + roundToHalfQuad(rows[q][l] * right));
    }
  }
  for (int q = 0; q < Count; ++q) sums[q] = sum[q];
}

// run(std::integral_constant<int, Count>, start) over `count` items, kQuads at a time and the rest together: no item
// is emulated only to pad a group.
template <typename Run>
void inGroups(int count, Run run) {
  int start = 0;
  for (; start + kQuads <= count; start += kQuads) run(std::integral_constant<int, kQuads>{}, start);
  const int rest = count - start;
  if (rest == 3) run(std::integral_constant<int, 3>{}, start);
  if (rest == 2) run(std::integral_constant<int, 2>{}, start);
  if (rest == 1) run(std::integral_constant<int, 1>{}, start);
}

// halfDots on `count` quads.
void halfDotsOf(const float* left, const float* rightT, Eigen::Index length, Eigen::Index stride, const Quad* quads,
                int count, HalfQuad* sums) {
  inGroups(count, [&](auto group, int start) {
    halfDots<decltype(group)::value>(left, rightT, length, stride, quads + start, sums + start);
  });
}

// Σ fl(aₗ·bₗ) in float16 for the pairs (i, i) of Count groups of four consecutive rows (starting at firstRows), left
// and right rows read from their transposed floats: a row's own pair, four to a register.
template <int Count>
void halfDiagonals(const float* leftT, const float* rightT, Eigen::Index length, Eigen::Index stride,
                   const int* firstRows, HalfQuad* sums) {
  HalfQuad sum[Count] = {};
  for (Eigen::Index l = 0; l < length; ++l) {
    for (int q = 0; q < Count; ++q) {
      HalfQuad left, right;
      std::memcpy(&left, leftT + l * stride + firstRows[q], sizeof left);
      std::memcpy(&right, rightT + l * stride + firstRows[q], sizeof right);
      sum[q] = roundToHalfQuad(sum[q] + roundToHalfQuad(left * right));
    }
  }
  for (int q = 0; q < Count; ++q) sums[q] = sum[q];
}

// halfDiagonals on `count` groups of four rows.
void halfDiagonalsOf(const float* leftT, const float* rightT, Eigen::Index length, Eigen::Index stride,
                     const int* firstRows, int count, HalfQuad* sums) {
  inGroups(count, [&](auto group, int start) {
    halfDiagonals<decltype(group)::value>(leftT, rightT, length, stride, firstRows + start, sums + start);
  });
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

// The arguments of float16Scores, checked.
void checkHalfScoreArguments(const char* function, int keyDimension, int keyCount, double spread,
                             HalfScoreOrder order) {
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
}

// Rows of a kept matrix, the first keyCount of them, without a copy (row-major rows are contiguous).
using HalfRowsView = Eigen::Ref<const RowMatrix, 0, Eigen::OuterStride<>>;

// One operand matrix of the float16 product (the queries, or a scaled copy) and its rows' norms, whole and per block
// of kBlockSteps steps, for as many rows as were asked so far.
struct HalfMatrix {
  static constexpr Eigen::Index kBlockSteps = 64;
  RowMatrix rows;
  std::vector<double> squaredNorms, norms;      // per row, over all dₖ steps
  std::vector<std::vector<double>> blockNorms;  // per block, per row (taken when first asked)

  // Norms of the rows added since the last call, over all steps.
  void measureNewRows(Eigen::Index from) {
    for (Eigen::Index i = from; i < rows.rows(); ++i) {
      const double sum = rowSquaredNorm(&rows(i, 0), rows.cols());
      squaredNorms.push_back(sum);
      norms.push_back(std::sqrt(sum));
    }
  }

  // The rows as floats (which hold float16 values exactly), row after row; converted once per row.
  const std::vector<float>& floats() {
    const Eigen::Index length = rows.cols();
    floats_.resize(static_cast<std::size_t>(rows.size()));
    for (Eigen::Index i = converted_; i < rows.rows(); ++i) {
      for (Eigen::Index l = 0; l < length; ++l)
        floats_[static_cast<std::size_t>(i * length + l)] = static_cast<float>(rows(i, l));
    }
    converted_ = rows.rows();
    return floats_;
  }
  // The same, transposed: step l of every row together, transposedStride() floats apart, with room for 3 columns
  // past the most keys this dₖ allows, for quads that run over the end. Written step by step, so that the writes are
  // contiguous.
  const std::vector<float>& transposedFloats() {
    const Eigen::Index length = rows.cols();
    if (transposed_.empty()) transposed_.assign(static_cast<std::size_t>(length * stride_), 0.0f);
    for (Eigen::Index l = 0; l < length; ++l) {
      float* step = &transposed_[static_cast<std::size_t>(l * stride_)];
      for (Eigen::Index i = transposedRows_; i < rows.rows(); ++i) step[i] = static_cast<float>(rows(i, l));
    }
    transposedRows_ = rows.rows();
    return transposed_;
  }
  Eigen::Index transposedStride() const { return stride_; }
  void setMostRows(Eigen::Index most) { stride_ = most + 3; }

  // Every row's norm per block, for the rows not yet measured so.
  const std::vector<std::vector<double>>& blocks() {
    const Eigen::Index length = rows.cols(), count = (length + kBlockSteps - 1) / kBlockSteps;
    blockNorms.resize(static_cast<std::size_t>(count));
    for (Eigen::Index block = 0; block < count; ++block) {
      std::vector<double>& norm = blockNorms[static_cast<std::size_t>(block)];
      const Eigen::Index first = block * kBlockSteps, steps = std::min(kBlockSteps, length - first);
      for (auto i = static_cast<Eigen::Index>(norm.size()); i < rows.rows(); ++i)
        norm.push_back(std::sqrt(rowSquaredNorm(&rows(i, first), steps)));
    }
    return blockNorms;
  }

 private:
  Eigen::Index stride_ = 3;
  std::vector<float> floats_, transposed_;
  Eigen::Index converted_ = 0, transposedRows_ = 0;  // rows in floats_, and in transposed_
};

// The float16 rows of one seed, dₖ and σ: the queries (which are also the keys), each scaled order's copy of them,
// and their norms, kept for the next call. A keys step rounds, scales and measures only its new rows: each row
// depends on its own unit normals alone, so kept rows are the bits a fresh call makes. A scaled copy is made only
// when its order is asked for or cannot be proven finite from the queries' norms (see provenFinite).
class HalfRows {
 public:
  // The queries up to keyCount (the unit normals of all keyCount rows in `unit`).
  void extend(std::uint64_t seed, int dk, double spread, int keyCount, const double* unit) {
    if (seed != seed_ || dk != dk_ || spread != spread_) {  // dk_ = 0 at first: never a valid dₖ
      *this = HalfRows();
      seed_ = seed, dk_ = dk, spread_ = spread;
      root_ = roundToHalf(std::sqrt(static_cast<double>(dk)));
      quarterRoot_ = roundToHalf(std::pow(static_cast<double>(dk), -0.25));
      // The most keys this dₖ allows (keyCount²·dₖ ≤ kMaxHalfScoreWork): the room the transposed floats take.
      Eigen::Index most = 1;
      while (most < kMaxHalfScoreKeys && (most + 1) * (most + 1) * dk <= kMaxHalfScoreWork) ++most;
      for (HalfMatrix* matrix : {&queries_, &before_, &balanced_}) matrix->setMostRows(most);
    }
    const Eigen::Index from = queries_.rows.rows();
    if (keyCount <= from) return;
    grow(queries_, keyCount);
    for (Eigen::Index i = from * dk; i < queries_.rows.size(); ++i)
      queries_.rows.data()[i] = roundToHalf(spread * unit[i]);
    queries_.measureNewRows(from);
  }

  HalfMatrix& queries() { return queries_; }
  // The left operand of the order's product for the first keyCount rows: the queries (after), or their scaled copy
  // (before, balanced).
  HalfMatrix& left(HalfScoreOrder order, int keyCount) {
    if (order == HalfScoreOrder::Before) return scaled(before_, keyCount);
    return order == HalfScoreOrder::Balanced ? scaled(balanced_, keyCount) : queries_;
  }
  // The right one: scaled only in balanced.
  HalfMatrix& right(HalfScoreOrder order, int keyCount) {
    return order == HalfScoreOrder::Balanced ? scaled(balanced_, keyCount) : queries_;
  }
  double root() const { return root_; }  // √dₖ rounded to float16

  // Whether no score of the order among the first keyCount rows can reach 65504, from the queries' largest norm
  // alone: |fl(x·c)| ≤ (1 + u)|x|c + η entry by entry, so a scaled row's norm is at most (1 + u)c‖q‖ + η√dₖ, and
  // then OverflowBound's first test holds for every pair. The order's counts are then 0 without its copy.
  bool provenFinite(HalfScoreOrder order, int keyCount) const {
    double largest = 0.0;
    for (int i = 0; i < keyCount; ++i) largest = std::max(largest, queries_.norms[static_cast<std::size_t>(i)]);
    const double length = static_cast<double>(dk_);
    const auto scaledNorm = [&](double factor) {
      return (1.0 + kHalfUnit) * (1.0 + 0x1.0p-50) * factor * largest + kHalfTiny * std::sqrt(length);
    };
    double left = largest, right = largest;
    if (order == HalfScoreOrder::Before) left = scaledNorm(1.0 / root_);
    if (order == HalfScoreOrder::Balanced) left = right = scaledNorm(quarterRoot_);
    // The margins of OverflowBound's first test, and 2⁻²⁰ more for double's rounding in the bound itself.
    const double limit = kHalfMax / (std::pow(1.0 + kHalfUnit, length + 1) * (1.0 + 0x1.0p-30));
    return (left * right + length * 2 * kHalfTiny) * (1.0 + 0x1.0p-20) < limit;
  }

 private:
  void grow(HalfMatrix& matrix, int keyCount) const { matrix.rows.conservativeResize(keyCount, dk_); }

  // fl(x ÷ √dₖ) for before (not the same as multiplying by 1/√dₖ), fl(x·dₖ^(−1/4)) for balanced, up to keyCount.
  HalfMatrix& scaled(HalfMatrix& copy, int keyCount) {
    const Eigen::Index from = copy.rows.rows();
    if (keyCount <= from) return copy;
    grow(copy, keyCount);
    const bool dividing = &copy == &before_;
    for (Eigen::Index i = from * dk_; i < copy.rows.size(); ++i) {
      const double x = queries_.rows.data()[i];
      copy.rows.data()[i] = dividing ? roundToHalf(x / root_) : roundToHalf(x * quarterRoot_);
    }
    copy.measureNewRows(from);
    return copy;
  }

  std::uint64_t seed_ = 0;
  int dk_ = 0;
  double spread_ = 0.0;
  double root_ = 0.0, quarterRoot_ = 0.0;
  HalfMatrix queries_, before_, balanced_;
};

// The float16 rows of float16Scores' arguments: this thread's kept ones when they fit its memory, else fresh ones.
HalfRows& halfRows(int keyDimension, int keyCount, double spread, std::uint64_t seed, HalfRows& fresh) {
  thread_local UnitNormalRows lastStream;
  thread_local HalfRows lastRows;
  UnitNormalRows once;
  const bool remember = static_cast<std::int64_t>(keyCount) * keyDimension <= kMaxRememberedNormals;
  const double* unit = (remember ? lastStream : once).rows(seed, keyDimension, keyCount);
  HalfRows& rows = remember ? lastRows : fresh;
  rows.extend(seed, keyDimension, spread, keyCount, unit);
  return rows;
}

// What enters the float16 product under the order: the first keyCount rows of the queries themselves, or of a
// rounded scaled copy on one side (before) or both (balanced), as kept, not copied.
class HalfOperands {
 public:
  HalfOperands(HalfRows& rows, HalfScoreOrder order, int keyCount)
      : leftMatrix_(rows.left(order, keyCount)),
        rightMatrix_(rows.right(order, keyCount)),
        left_(leftMatrix_.rows.topRows(keyCount)),
        right_(rightMatrix_.rows.topRows(keyCount)),
        root_(rows.root()) {}
  HalfOperands(const HalfOperands&) = delete;
  HalfOperands& operator=(const HalfOperands&) = delete;

  const HalfRowsView& left() const { return left_; }
  const HalfRowsView& right() const { return right_; }
  HalfMatrix& leftMatrix() const { return leftMatrix_; }
  HalfMatrix& rightMatrix() const { return rightMatrix_; }
  double root() const { return root_; }  // √dₖ rounded to float16

 private:
  HalfMatrix& leftMatrix_;
  HalfMatrix& rightMatrix_;
  HalfRowsView left_, right_;
  double root_;
};

// Whether every float16 partial sum of rows i and j provably stays below 65504, so the pair cannot overflow. With
// u = 2⁻¹¹ and η = 2⁻²⁵ (float16's relative and subnormal rounding errors), Sₖ = Σₗ≤ₖ aₗbₗ exact and Dₖ = ŝₖ − Sₖ the
// float16 sum's error, the product and the sum each round once, so
//   |Dₖ| ≤ (1 + u)|Dₖ₋₁| + u(1 + u)|aₖbₖ| + u|Sₖ| + 3η, and what step k rounds is at most |Sₖ| + |Dₖ|.
// First, for all k at once, Cauchy–Schwarz from the row norms: |ŝₖ| ≤ (1 + u)^(k+1)·(‖a‖‖b‖ + 2kη). Failing that,
// block by block (kBlock steps): Sₖ stays within |S at the block's start| + A, A = ‖a_block‖‖b_block‖ ≥ Σ|aₗbₗ| over
// the block, so the error at its end is at most (1 + u)^L·(D at its start + u(1 + u)A + uL(|S_start| + A) + 3ηL).
// |S_start| is first bounded by the A of the blocks before it (tight for a row with itself, where the sums only
// grow), and only where that fails taken from the block sums, one matrix product per block: no pair is walked element
// by element, and the bound stays close to the exact one when the sums wander, as they do for unrelated q and k.
class OverflowBound {
 public:
  // Pairs with both rows below firstNewRow are kept from before and never asked about, so no block sums are taken
  // for them.
  OverflowBound(const HalfOperands& operands, Eigen::Index firstNewRow)
      : operands_(operands),
        first_(firstNewRow),
        // Kept with the rows: a keys step measures only its new ones.
        leftNorms_(operands.leftMatrix().norms),
        rightNorms_(operands.rightMatrix().norms),
        slack_(static_cast<double>(operands.left().cols()) * 2 * kTiny),
        // (1 + 2⁻³⁰) covers double's own rounding in the norms
        normLimit_(kHalfMax /
                   (std::pow(1.0 + kUnit, static_cast<double>(operands.left().cols()) + 1) * (1.0 + 0x1.0p-30))),
        blockGrowth_(std::pow(1.0 + kUnit, static_cast<double>(kBlock))),
        lastBlockGrowth_(std::pow(1.0 + kUnit, static_cast<double>(operands.left().cols() -
                                                                   (operands.left().cols() - 1) / kBlock * kBlock))) {}

  bool cannotOverflow(int i, int j) {
    if (leftNorms_[static_cast<std::size_t>(i)] * rightNorms_[static_cast<std::size_t>(j)] + slack_ < normLimit_)
      return true;
    // The block norms come with the rows, the block sums each cost a matrix product: the partial sums are first bounded
    // by the norms alone, |S at a block's start| ≤ Σ of the blocks' ‖a‖‖b‖ before it (exact for a row with itself).
    return blockBound(i, j, Starts::Norms) < kInfinity || sumBound(i, j) < kInfinity;
  }

  // A bound on |ŝ|, the pair's float16 sum at its end, when every partial sum is proven below 65504, else ∞. From the
  // block sums: the norms alone bound an unrelated pair's sum by its aligned pair's.
  double sumBound(int i, int j) {
    // With every |S at a block's start| taken as 0 the test is easier: failing even so, it needs no block sums.
    if (!(blockBound(i, j, Starts::Zero) < kInfinity)) return kInfinity;
    return blockBound(i, j, Starts::Exact);
  }

 private:
  static constexpr double kInfinity = std::numeric_limits<double>::infinity();

  // What the test takes for S at each block's start: 0 (not a proof, only a quick way to a failure), the norms' bound
  // on it, or the block sums.
  enum class Starts { Zero, Norms, Exact };

  // The test block by block: ∞ when a block fails it, else a bound on the sum's magnitude at the end, |S| + |D| with
  // the margins of the test.
  double blockBound(int i, int j, Starts starts) {
    if (!leftBlockNorms_) {
      // Kept with the rows, as their whole norms are.
      leftBlockNorms_ = &operands_.leftMatrix().blocks();
      rightBlockNorms_ = &operands_.rightMatrix().blocks();
    }
    if (starts == Starts::Exact && newRowSums_.empty()) measureBlocks();
    // Double's rounding in the block sums and norms is below 2⁻⁴⁰ of the terms: the margins cover it.
    const double limit = kHalfMax * (1.0 - 0x1.0p-30);
    const Eigen::Index length = operands_.left().cols();
    double start = 0.0, error = 0.0, absolute = 0.0;
    for (std::size_t block = 0; block < leftBlockNorms_->size(); ++block) {
      const Eigen::Index steps = std::min(kBlock, length - static_cast<Eigen::Index>(block) * kBlock);
      const double bound = (*leftBlockNorms_)[block][static_cast<std::size_t>(i)] *
                           (*rightBlockNorms_)[block][static_cast<std::size_t>(j)] * (1.0 + 0x1.0p-30);
      const double growth = steps == kBlock ? blockGrowth_ : lastBlockGrowth_;
      error = growth *
              (error + kUnit * (1.0 + kUnit) * bound + kUnit * static_cast<double>(steps) * (std::abs(start) + bound) +
               3 * kTiny * static_cast<double>(steps));
      absolute += bound;
      if (!(std::abs(start) + bound + error * (1.0 + 0x1.0p-20) + absolute * 0x1.0p-30 < limit)) return kInfinity;
      if (starts == Starts::Exact) start += blockSum(block, i, j);
      if (starts == Starts::Norms) start = absolute;
    }
    return std::abs(start) + error * (1.0 + 0x1.0p-20) + absolute * 0x1.0p-30;
  }

  static constexpr double kUnit = kHalfUnit;
  static constexpr double kTiny = kHalfTiny;
  static constexpr Eigen::Index kBlock = HalfMatrix::kBlockSteps;

  void measureBlocks() {
    const HalfRowsView& left = operands_.left();
    const HalfRowsView& right = operands_.right();
    const Eigen::Index length = left.cols(), rows = left.rows(), newRows = rows - first_;
    const Eigen::Index blocks = (length + kBlock - 1) / kBlock;
    for (Eigen::Index block = 0; block < blocks; ++block) {
      const Eigen::Index first = block * kBlock, steps = std::min(kBlock, length - first);
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

  bool symmetric() const { return &operands_.leftMatrix() == &operands_.rightMatrix(); }

  // Σ over the block of left row i times right row j, for a pair with a new row.
  double blockSum(std::size_t block, int i, int j) const {
    if (i >= first_) return newRowSums_[block](i - first_, j);
    return symmetric() ? newRowSums_[block](j - first_, i) : oldRowSums_[block](i, j - first_);
  }

  const HalfOperands& operands_;
  Eigen::Index first_;
  const std::vector<double>& leftNorms_;
  const std::vector<double>& rightNorms_;
  double slack_, normLimit_;
  // (1 + u)^L for a whole block and for the last one, taken once: pow per pair and block was most of the bound's time.
  double blockGrowth_, lastBlockGrowth_;
  const std::vector<std::vector<double>>* leftBlockNorms_ = nullptr;  // per block, per row
  const std::vector<std::vector<double>>* rightBlockNorms_ = nullptr;
  std::vector<RowMatrix> newRowSums_, oldRowSums_;  // per block: new rows × all, old rows × new (not symmetric)
};

// What a call needs of an order's scores: every one (the order shown by float16Scores), enough for each row's largest
// |score| and the counts (shown by float16RowLargest), or the counts alone (the other orders).
enum class ScoresAsked { All, RowLargest, Counts };

// The float16 scores under the order. Pairs not asked for are not emulated and left at 0: with Counts, those whose
// every partial sum is bounded below 65504 (they cannot overflow); with RowLargest also those whose final |score| is
// bounded by their rows' own pairs' (emulated first), so neither row's largest |score| is theirs. Score (i, j) depends
// on rows i and j alone (the bounds too), so `known`, these scores for the first known.rows() rows, gives its block as
// it is.
RowMatrix halfScores(const HalfOperands& operands, HalfScoreOrder order, ScoresAsked asked, const RowMatrix& known) {
  const auto keyCount = static_cast<int>(operands.left().rows());
  const Eigen::Index length = operands.left().cols();
  const auto knownCount = static_cast<int>(std::min<Eigen::Index>(known.rows(), keyCount));
  std::optional<OverflowBound> bound;  // not for an order asked in full
  if (asked != ScoresAsked::All) bound.emplace(operands, knownCount);
  // Keys are the queries, so unless only q is scaled the matrix is symmetric: fl(a·b) = fl(b·a) term by term, summed
  // in the same order. Half the float16 work, the same bits.
  const bool symmetric = order != HalfScoreOrder::Before;
  const double root = operands.root();
  const auto toScore = [&](double sum) { return order == HalfScoreOrder::After ? roundToHalf(sum / root) : sum; };
  RowMatrix scores(keyCount, keyCount);
  std::fill(scores.data(), scores.data() + scores.size(), 0.0);
  for (int i = 0; i < knownCount; ++i) std::copy_n(&known(i, 0), knownCount, &scores(i, 0));
  // The operands as floats, kept with their rows. Lanes that run past the last key are dropped.
  const Eigen::Index stride = operands.rightMatrix().transposedStride();
  if (asked == ScoresAsked::RowLargest && knownCount < keyCount) {
    // Each new row's own pair first, four rows to a register: the others are measured against it.
    std::vector<int> firstRows;
    for (int i = knownCount; i < keyCount; i += 4) firstRows.push_back(i);
    std::vector<HalfQuad> sums(firstRows.size());
    halfDiagonalsOf(operands.leftMatrix().transposedFloats().data(), operands.rightMatrix().transposedFloats().data(),
                    length, stride, firstRows.data(), static_cast<int>(firstRows.size()), sums.data());
    for (std::size_t g = 0; g < firstRows.size(); ++g) {
      for (int lane = 0; lane < 4 && firstRows[g] + lane < keyCount; ++lane)
        scores(firstRows[g] + lane, firstRows[g] + lane) = toScore(sums[g][lane]);
    }
  }
  const auto needed = [&](int i, int j) {
    if (asked == ScoresAsked::All) return true;
    if (asked == ScoresAsked::Counts) return !bound->cannotOverflow(i, j);
    if (i == j) return false;  // emulated above
    // |score| ≤ toScore(bound) (rounding and dividing keep the order), so at most its rows' own pairs' when that is.
    const double largest = bound->sumBound(i, j);
    const double ceiling =
        symmetric ? std::min(std::abs(scores(i, i)), std::abs(scores(j, j))) : std::abs(scores(i, i));
    return !(largest < std::numeric_limits<double>::infinity() && toScore(largest) <= ceiling);
  };
  std::vector<Quad> quads;
  for (int i = 0; i < keyCount; ++i) {
    // Each quad starts at the next pair still to do and covers the three after it too, needed or not. A symmetric
    // product takes the pairs at or left of the diagonal: a new key's pairs with the kept ones then fill a row of
    // whole quads, not one lane of a quad per kept row.
    for (int j = 0; j < (symmetric ? i + 1 : keyCount); ++j) {
      if (i < knownCount && j < knownCount) continue;
      if (!quads.empty() && quads.back().row == i && j < quads.back().firstColumn + 4) continue;
      if (needed(i, j)) quads.push_back({i, j});
    }
  }
  if (quads.empty()) return scores;
  const std::vector<float>& left = operands.leftMatrix().floats();
  const std::vector<float>& rightT = operands.rightMatrix().transposedFloats();
  std::vector<HalfQuad> sums(quads.size());
  halfDotsOf(left.data(), rightT.data(), length, stride, quads.data(), static_cast<int>(quads.size()), sums.data());
  for (std::size_t q = 0; q < quads.size(); ++q) {
    const Quad& quad = quads[q];
    for (int lane = 0; lane < 4 && quad.firstColumn + lane < keyCount; ++lane) {
      const int i = quad.row, j = quad.firstColumn + lane;
      const double score = toScore(sums[q][lane]);
      scores(i, j) = score;
      if (symmetric) scores(j, i) = score;
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
  const RowMatrix& of(std::uint64_t seed, int dk, double spread, HalfScoreOrder order, ScoresAsked asked) {
    Entry& entry = entries_[static_cast<std::size_t>(order)];
    const bool same = entry.seed == seed && entry.dk == dk && entry.spread == spread && entry.asked == asked;
    if (!same) entry = {seed, dk, spread, asked, RowMatrix()};
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
    ScoresAsked asked = ScoresAsked::All;
    RowMatrix scores;
  };
  std::array<Entry, kHalfScoreOrderNames.size()> entries_;
};

// The shown order's scores, as asked, and every order's counts: what float16Scores and float16RowLargest return.
struct ShownScores {
  RowMatrix scores, weights;
  std::int64_t infinities = 0, nans = 0;
  double largestExactScore = 0;
  std::array<HalfOverflowCounts, 3> byOrder;
};

ShownScores shownScores(int keyDimension, int keyCount, double spread, HalfScoreOrder order, std::uint64_t seed,
                        ScoresAsked shown) {
  HalfRows fresh;
  HalfRows& rows = halfRows(keyDimension, keyCount, spread, seed, fresh);
  ShownScores result;
  // |qᵢ·qⱼ| ≤ ‖qᵢ‖‖qⱼ‖, so the largest is some ‖qᵢ‖²; products of float16 values are exact in double.
  for (int i = 0; i < keyCount; ++i)
    result.largestExactScore =
        std::max(result.largestExactScore, rows.queries().squaredNorms[static_cast<std::size_t>(i)]);
  thread_local KnownScores known;
  for (const auto& entry : kHalfScoreOrderNames) {
    const HalfScoreOrder other = entry.first;
    const ScoresAsked asked = other == order ? shown : ScoresAsked::Counts;
    // Counts of 0, as emulating would find, without scaling the rows for that order.
    if (asked == ScoresAsked::Counts && rows.provenFinite(other, keyCount)) continue;
    const HalfOperands operands(rows, other, keyCount);
    const RowMatrix& kept = known.of(seed, keyDimension, spread, other, asked);
    // Scores not asked for are left at 0, and are finite: a row's softmax has NaN weights exactly when one of its
    // scores is +∞ or NaN (its own score, q·q, is never −∞), whatever its finite scores are, so the counts are the
    // full ones.
    RowMatrix scores = halfScores(operands, other, asked, kept);
    known.keep(other, scores);
    RowMatrix weights = halfSoftmaxRows(scores);
    const HalfOverflowCounts counts{countInfinities(scores), countNans(weights)};
    result.byOrder[static_cast<std::size_t>(other)] = counts;
    if (other != order) continue;
    result.infinities = counts.infinities;
    result.nans = counts.nans;
    result.scores = std::move(scores);
    result.weights = std::move(weights);
  }
  return result;
}

}  // namespace

HalfPrecisionScores float16Scores(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                  std::uint64_t seed) {
  checkHalfScoreArguments("float16Scores", keyDimension, keyCount, spread, order);
  ShownScores shown = shownScores(keyDimension, keyCount, spread, order, seed, ScoresAsked::All);
  HalfPrecisionScores result;
  result.keyCount = keyCount;
  result.scores = std::move(shown.scores);
  result.infinities = shown.infinities;
  result.weights = std::move(shown.weights);
  result.nans = shown.nans;
  result.largestExactScore = shown.largestExactScore;
  result.byOrder = shown.byOrder;
  return result;
}

HalfRowLargest float16RowLargest(int keyDimension, int keyCount, double spread, HalfScoreOrder order,
                                 std::uint64_t seed) {
  checkHalfScoreArguments("float16RowLargest", keyDimension, keyCount, spread, order);
  const ShownScores shown = shownScores(keyDimension, keyCount, spread, order, seed, ScoresAsked::RowLargest);
  HalfRowLargest result;
  result.keyCount = keyCount;
  for (int i = 0; i < keyCount; ++i) {
    double largest = 0.0;
    std::int64_t nans = 0;
    for (int j = 0; j < keyCount; ++j) {
      const double score = shown.scores(i, j);
      largest = std::isnan(score) || std::isnan(largest) ? std::numeric_limits<double>::quiet_NaN()
                                                         : std::max(largest, std::abs(score));
      nans += std::isnan(shown.weights(i, j)) ? 1 : 0;
    }
    result.rowLargest.push_back(largest);
    result.rowNans.push_back(nans);
  }
  result.infinities = shown.infinities;
  result.nans = shown.nans;
  result.largestExactScore = shown.largestExactScore;
  result.byOrder = shown.byOrder;
  return result;
}

double float16OverflowSpread(int keyDimension) {
  requireIntegerInRange("float16OverflowSpread", "dk", keyDimension, 1, kMaxHalfScoreKeyDimension);
  return std::sqrt(kHalfMax / static_cast<double>(keyDimension));
}

}  // namespace attention_lab
