#include "attention.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "errors.hpp"
#include "validate.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>  // a compiler intrinsic header (clang), not an Emscripten API: the core stays portable
#endif

namespace attention_lab {
namespace {

#ifdef __wasm_simd128__
// Entries j…j+7 of output rows i and i+1 (rows = 2) or of row i alone (rows = 1): eight f64x2 registers of
// sums, each b row read once for both output rows.
template <int rows>
void multiplyBlock(const double* a, Eigen::Index aStride, const double* b, Eigen::Index bStride, Eigen::Index r,
                   double* c, Eigen::Index cStride) {
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
  for (int k = 0; k < rows; ++k) {
    for (int lane = 0; lane < 4; ++lane) wasm_v128_store(c + k * cStride + 2 * lane, acc[k][lane]);
  }
}

// a·b for row-major a (n×r) and b (r×p). Eigen 3.4 has no WebAssembly SIMD backend, so its products run scalar in
// WASM; here output rows are built in pairs, 8 columns at a time, b's rows read contiguously.
// Every entry sums over r in order 0…r−1, like a plain loop (Eigen's native order differs in the last bits).
RowMatrix multiplyRows(const Eigen::Ref<const RowMatrix>& a, const Eigen::Ref<const RowMatrix>& b) {
  const Eigen::Index n = a.rows(), r = a.cols(), p = b.cols();
  const Eigen::Index aStride = a.outerStride(), bStride = b.outerStride();
  RowMatrix c(n, p);
  const Eigen::Index wide = p - p % 8;
  for (Eigen::Index i = 0; i < n; i += 2) {
    const double* ai = a.data() + i * aStride;
    double* ci = c.data() + i * p;
    for (Eigen::Index j = 0; j < wide; j += 8) {
      if (i + 1 < n)
        multiplyBlock<2>(ai, aStride, b.data() + j, bStride, r, ci + j, p);
      else
        multiplyBlock<1>(ai, aStride, b.data() + j, bStride, r, ci + j, p);
    }
    for (Eigen::Index k = i; k < std::min(i + 2, n); ++k) {
      for (Eigen::Index j = wide; j < p; ++j) {
        double sum = 0.0;
        for (Eigen::Index t = 0; t < r; ++t) sum += a(k, t) * b(t, j);
        c(k, j) = sum;
      }
    }
  }
  return c;
}

}  // namespace

// q·kᵀ through the row kernel: kᵀ is formed once (m·d copies) so that its rows are contiguous.
RowMatrix queryKeyProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys) {
  const RowMatrix keysTransposed = keys.transpose();
  return multiplyRows(queries, keysTransposed);
}

namespace {
RowMatrix weightedValues(const RowMatrix& weights, const Eigen::Ref<const RowMatrix>& values) {
  return multiplyRows(weights, values);
}
#else
}  // namespace

RowMatrix queryKeyProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys) {
  return queries * keys.transpose();
}

namespace {
RowMatrix weightedValues(const RowMatrix& weights, const Eigen::Ref<const RowMatrix>& values) {
  return weights * values;
}
#endif

constexpr const char* kFunction = "attention";  // errors use the JS names: attention(q, k, v)

void requireFiniteRows(const char* argument, const Eigen::Ref<const RowMatrix>& matrix) {
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
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
      return queryKeyProducts(queries, keys);
    case AttentionScaleMode::Sqrt:
      return queryKeyProducts(queries, keys) / std::sqrt(d);
    case AttentionScaleMode::Linear:
      return queryKeyProducts(queries, keys) / d;
    case AttentionScaleMode::Temperature:
      return queryKeyProducts(queries, keys) / scale.temperature;
    case AttentionScaleMode::Balanced: {
      const double quarter = std::pow(d, -0.25);
      return queryKeyProducts(queries * quarter, keys * quarter);
    }
    case AttentionScaleMode::Cosine:
      break;
  }
  return queryKeyProducts(unitRows("q", queries), unitRows("k", keys)) / scale.temperature;
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
    const double rowMax = row.head(visible).maxCoeff();
    // Finite inputs can still overflow to ±∞ scores (e.g. 1e200·1e200); a NaN row would follow, so refuse it.
    if (!std::isfinite(rowMax) || !row.head(visible).allFinite()) {
      failArgument(ErrorKind::Range, kFunction, "scores", "finite (inputs too large for the chosen scale)",
                   "an overflow in query row " + std::to_string(i));
    }
    for (Eigen::Index j = 0; j < visible; ++j) row[j] = std::exp(row[j] - rowMax);  // see exactExp in softmax.hpp
    row.head(visible) /= row.head(visible).sum();
    row.tail(m - visible).setZero();
  }
  result.output = weightedValues(result.weights, values);
  return result;
}

}  // namespace attention_lab
