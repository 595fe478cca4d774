#include "attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "errors.hpp"
#include "exp_pairs.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

#ifdef __wasm_simd128__
// Entries j…j+7 of `rows` output rows (1 to 3) from row i on: four f64x2 registers of sums per row, each b row read
// once for all of them. Each finished sum is divided by `divisor` as it is stored.
template <int rows>
void multiplyBlock(const double* a, Eigen::Index aStride, const double* b, Eigen::Index bStride, Eigen::Index r,
                   double* c, Eigen::Index cStride, double divisor) {
  v128_t acc[rows][4];
  for (auto& row : acc) {
    for (auto& lane : row) lane = wasm_f64x2_splat(0.0);
  }
  for (Eigen::Index t = 0; t < r; ++t) {
    const double* bt = b + t * bStride;
    const v128_t b0 = wasm_v128_load(bt), b1 = wasm_v128_load(bt + 2), b2 = wasm_v128_load(bt + 4),
                 b3 = wasm_v128_load(bt + 6);
    for (int k = 0; k < rows; ++k) {
      const v128_t x = wasm_f64x2_splat(a[k * aStride + t]);
      acc[k][0] = wasm_f64x2_add(acc[k][0], wasm_f64x2_mul(x, b0));
      acc[k][1] = wasm_f64x2_add(acc[k][1], wasm_f64x2_mul(x, b1));
      acc[k][2] = wasm_f64x2_add(acc[k][2], wasm_f64x2_mul(x, b2));
      acc[k][3] = wasm_f64x2_add(acc[k][3], wasm_f64x2_mul(x, b3));
    }
  }
  // x / 1 is x in every bit, so products that are not scaled skip the division.
  const bool divide = divisor != 1.0;
  const v128_t divisors = wasm_f64x2_splat(divisor);
  for (int k = 0; k < rows; ++k) {
    for (int lane = 0; lane < 4; ++lane) {
      const v128_t sum = acc[k][lane];
      wasm_v128_store(c + k * cStride + 2 * lane, divide ? wasm_f64x2_div(sum, divisors) : sum);
    }
  }
}

// a·b for row-major a (n×r) and b (r×p). Eigen 3.4 has no WebAssembly SIMD backend, so its products run scalar in
// WASM; here output rows are built three at a time (twelve sums and four b values fill the sixteen SIMD registers of
// x86-64: 10 % faster than pairs), 8 columns at a time, b's rows read contiguously.
// Every entry sums over r in order 0…r−1, like a plain loop (Eigen's native order differs in the last bits), and
// is then divided by `divisor`: the same bits as dividing the finished product, without a second pass.
RowMatrix multiplyRows(const Eigen::Ref<const RowMatrix>& a, const Eigen::Ref<const RowMatrix>& b,
                       double divisor = 1.0) {
  const Eigen::Index n = a.rows(), r = a.cols(), p = b.cols();
  const Eigen::Index aStride = a.outerStride(), bStride = b.outerStride();
  RowMatrix c(n, p);
  const Eigen::Index wide = p - p % 8;
  for (Eigen::Index i = 0; i < n; i += 3) {
    const double* ai = a.data() + i * aStride;
    double* ci = c.data() + i * p;
    const Eigen::Index rows = std::min<Eigen::Index>(3, n - i);
    for (Eigen::Index j = 0; j < wide; j += 8) {
      if (rows == 3)
        multiplyBlock<3>(ai, aStride, b.data() + j, bStride, r, ci + j, p, divisor);
      else if (rows == 2)
        multiplyBlock<2>(ai, aStride, b.data() + j, bStride, r, ci + j, p, divisor);
      else
        multiplyBlock<1>(ai, aStride, b.data() + j, bStride, r, ci + j, p, divisor);
    }
    for (Eigen::Index k = i; k < i + rows; ++k) {
      for (Eigen::Index j = wide; j < p; ++j) {
        double sum = 0.0;
        for (Eigen::Index t = 0; t < r; ++t) sum += a(k, t) * b(t, j);
        c(k, j) = divisor != 1.0 ? sum / divisor : sum;
      }
    }
  }
  return c;
}

// q·kᵀ ÷ divisor through the row kernel: kᵀ is formed once (m·d copies) so that its rows are contiguous.
RowMatrix dividedProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys,
                          double divisor) {
  const RowMatrix keysTransposed = keys.transpose();
  return multiplyRows(queries, keysTransposed, divisor);
}

RowMatrix weightedValues(const RowMatrix& weights, const Eigen::Ref<const RowMatrix>& values) {
  return multiplyRows(weights, values);
}

// The largest of row[0…count−1], two at a time (exact for finite scores, which the caller has checked).
double rowMaximum(const double* row, Eigen::Index count) {
  v128_t pairs = wasm_f64x2_splat(row[0]);
  Eigen::Index j = 0;
  for (; j + 2 <= count; j += 2) pairs = wasm_f64x2_pmax(pairs, wasm_v128_load(row + j));
  double largest = std::max(wasm_f64x2_extract_lane(pairs, 0), wasm_f64x2_extract_lane(pairs, 1));
  for (; j < count; ++j) largest = std::max(largest, row[j]);
  return largest;
}

// row[j] = exp(row[j] − rowMax) for j < count, two at a time, returning their sum. Eigen's sum runs scalar in WASM,
// in order 0…count−1: the running total keeps that order, so the weights keep their bits.
double exponentiateRow(double* row, Eigen::Index count, double rowMax) {
  const v128_t maxima = wasm_f64x2_splat(rowMax);
  double total = 0.0;
  Eigen::Index j = 0;
  for (; j + 2 <= count; j += 2) {
    const v128_t shifted = wasm_f64x2_sub(wasm_v128_load(row + j), maxima);
    // Each row's maximum gives exp(0), outside the pair's range: that pair takes the scalar exp (see exactExp).
    const v128_t weights = expPairInRange(shifted) ? expPair(shifted)
                                                   : wasm_f64x2_make(std::exp(wasm_f64x2_extract_lane(shifted, 0)),
                                                                     std::exp(wasm_f64x2_extract_lane(shifted, 1)));
    wasm_v128_store(row + j, weights);
    total += wasm_f64x2_extract_lane(weights, 0);
    total += wasm_f64x2_extract_lane(weights, 1);
  }
  for (; j < count; ++j) total += row[j] = std::exp(row[j] - rowMax);
  return total;
}

// row[0…count−1] ÷ total, two at a time: each quotient is the scalar one.
void divideRow(double* row, Eigen::Index count, double total) {
  const v128_t totals = wasm_f64x2_splat(total);
  Eigen::Index j = 0;
  for (; j + 2 <= count; j += 2) wasm_v128_store(row + j, wasm_f64x2_div(wasm_v128_load(row + j), totals));
  for (; j < count; ++j) row[j] /= total;
}
#else
RowMatrix dividedProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys,
                          double divisor) {
  RowMatrix products = queries * keys.transpose();
  if (divisor == 1.0) return products;
  return products / divisor;
}

RowMatrix weightedValues(const RowMatrix& weights, const Eigen::Ref<const RowMatrix>& values) {
  return weights * values;
}
#endif

// True when x[0…count−1] are all finite. An exponent of all ones (±∞, NaN) carries into the sign bit when one is
// added to it: one integer pass that both compilers vectorise, where a loop over std::isfinite stays scalar in GCC.
bool allFinite(const double* x, Eigen::Index count) {
  constexpr std::uint64_t kExponent = 0x7ff0000000000000ULL, kExponentOne = 0x0010000000000000ULL;
  std::uint64_t carried = 0;
  for (Eigen::Index j = 0; j < count; ++j) {
    std::uint64_t bits;
    std::memcpy(&bits, x + j, sizeof bits);
    carried |= (bits & kExponent) + kExponentOne;
  }
  return (carried >> 63) == 0;
}

}  // namespace

RowMatrix queryKeyProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys) {
  return dividedProducts(queries, keys, 1.0);
}

namespace {

constexpr const char* kFunction = "attention";  // errors use the JS names: attention(q, k, v)

void requireFiniteRows(const char* argument, const Eigen::Ref<const RowMatrix>& matrix) {
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    if (allFinite(matrix.data() + i * matrix.outerStride(), matrix.cols())) continue;
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      if (!std::isfinite(matrix(i, j))) {
        const std::string name = std::string(argument) + "[" + std::to_string(i) + "," + std::to_string(j) + "]";
        failArgument(ErrorKind::Range, kFunction, name.c_str(), "finite", matrix(i, j));
      }
    }
  }
}

void requireShape(const char* argument, Eigen::Index rows, Eigen::Index cols, std::int64_t maxRows) {
  if (rows < 1 || rows > maxRows || cols < 1 || cols > kMaxModelDimension) {
    failArgument(ErrorKind::Shape, kFunction, argument,
                 "1 to " + std::to_string(maxRows) + " rows by 1 to " + std::to_string(kMaxModelDimension) + " columns",
                 std::to_string(rows) + "x" + std::to_string(cols));
  }
  requireAtMost(kFunction, (std::string(argument) + ".rows*cols").c_str(), static_cast<std::int64_t>(rows) * cols,
                kMaxMatrixCells);
}

RowMatrix unitRows(const char* argument, const Eigen::Ref<const RowMatrix>& matrix) {
  RowMatrix unit(matrix.rows(), matrix.cols());
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    // Divide by the largest |entry| first: the squares of rows near 1e200 overflow and of rows near 1e-200 underflow.
    const double largest = matrix.row(i).cwiseAbs().maxCoeff();
    if (!(largest > 0)) {
      const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, kFunction, name.c_str(), "a nonzero row for cosine scores", "a zero row");
    }
    unit.row(i) = matrix.row(i) / largest;
    unit.row(i) /= unit.row(i).norm();
  }
  return unit;
}

RowMatrix attentionScores(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys,
                          const AttentionScale& scale) {
  const double d = static_cast<double>(queries.cols());
  switch (scale.mode) {
    case AttentionScaleMode::None:
      return dividedProducts(queries, keys, 1.0);
    case AttentionScaleMode::Sqrt:
      return dividedProducts(queries, keys, std::sqrt(d));
    case AttentionScaleMode::Linear:
      return dividedProducts(queries, keys, d);
    case AttentionScaleMode::Temperature:
      return dividedProducts(queries, keys, scale.temperature);
    case AttentionScaleMode::Balanced: {
      const double quarter = std::pow(d, -0.25);
      return dividedProducts(queries * quarter, keys * quarter, 1.0);
    }
    case AttentionScaleMode::Cosine:
      break;
  }
  return dividedProducts(unitRows("q", queries), unitRows("k", keys), scale.temperature);
}

}  // namespace

AttentionResult scaledDotProductAttention(const Eigen::Ref<const RowMatrix>& queries,
                                          const Eigen::Ref<const RowMatrix>& keys,
                                          const Eigen::Ref<const RowMatrix>& values, const AttentionScale& scale,
                                          bool causal) {
  requireShape("q", queries.rows(), queries.cols(), kMaxAttentionRows);
  requireShape("k", keys.rows(), keys.cols(), kMaxAttentionRows);
  requireShape("v", values.rows(), values.cols(), kMaxAttentionRows);
  if (keys.cols() != queries.cols()) {
    failArgument(ErrorKind::Shape, kFunction, "k", std::to_string(queries.cols()) + " columns (as q)",
                 std::to_string(keys.cols()) + " columns");
  }
  if (values.rows() != keys.rows()) {
    failArgument(ErrorKind::Shape, kFunction, "v", std::to_string(keys.rows()) + " rows (one per key)",
                 std::to_string(values.rows()) + " rows");
  }
  const Eigen::Index n = queries.rows();
  const Eigen::Index m = keys.rows();
  requireAtMost(kFunction, "n*m", static_cast<std::int64_t>(n) * m, kMaxAttentionCells);
  if (causal && m < n) {
    failArgument(ErrorKind::Shape, kFunction, "k",
                 "at least " + std::to_string(n) + " rows (one per query) when causal", std::to_string(m) + " rows");
  }
  switch (scale.mode) {
    case AttentionScaleMode::None:
    case AttentionScaleMode::Sqrt:
    case AttentionScaleMode::Linear:
    case AttentionScaleMode::Balanced:
      break;
    case AttentionScaleMode::Temperature:
    case AttentionScaleMode::Cosine:
      requirePositiveFinite(kFunction, "scale.temperature", scale.temperature);
      break;
    default:
      failArgument(ErrorKind::Range, kFunction, "scale.mode", listNumbered(kAttentionScaleModeNames),
                   static_cast<int>(scale.mode));
  }
  requireFiniteRows("q", queries);
  requireFiniteRows("k", keys);
  requireFiniteRows("v", values);

  AttentionResult result;
  result.weights = attentionScores(queries, keys, scale);
  for (Eigen::Index i = 0; i < n; ++i) {
    // Query i sees keys 0..last; the rest of its row is masked to exactly 0.
    const Eigen::Index visible = causal ? i + (m - n) + 1 : m;
    auto row = result.weights.row(i);
    // Finite inputs can still overflow to ±∞ scores (e.g. 1e200·1e200); a NaN row would follow, so refuse it.
    if (!allFinite(row.data(), visible)) {
      failArgument(ErrorKind::Range, kFunction, "scores", "finite (inputs too large for the chosen scale)",
                   "an overflow in query row " + std::to_string(i));
    }
#ifdef __wasm_simd128__
    const double rowMax = rowMaximum(row.data(), visible);
    divideRow(row.data(), visible, exponentiateRow(row.data(), visible, rowMax));
#else
    const double rowMax = row.head(visible).maxCoeff();
    for (Eigen::Index j = 0; j < visible; ++j) row[j] = std::exp(row[j] - rowMax);  // see exactExp in softmax.hpp
    row.head(visible) /= row.head(visible).sum();
#endif
    row.tail(m - visible).setZero();
  }
  result.output = weightedValues(result.weights, values);
  return result;
}

}  // namespace attention_lab
