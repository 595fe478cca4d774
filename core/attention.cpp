#include "attention.hpp"

#include <cmath>
#include <string>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

constexpr const char* kFunction = "scaledDotProductAttention";

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
}

RowMatrix unitRows(const char* argument, const Eigen::Ref<const RowMatrix>& matrix) {
  RowMatrix unit(matrix.rows(), matrix.cols());
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    const double norm = matrix.row(i).norm();
    if (!(norm > 0)) {
      const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, kFunction, name.c_str(), "a nonzero row for cosine scores", "a zero row");
    }
    unit.row(i) = matrix.row(i) / norm;
  }
  return unit;
}

RowMatrix attentionScores(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys,
                          const AttentionScale& scale) {
  const double d = static_cast<double>(queries.cols());
  switch (scale.mode) {
    case AttentionScaleMode::None:
      return queries * keys.transpose();
    case AttentionScaleMode::Sqrt:
      return (queries * keys.transpose()) / std::sqrt(d);
    case AttentionScaleMode::Linear:
      return (queries * keys.transpose()) / d;
    case AttentionScaleMode::Temperature:
      return (queries * keys.transpose()) / scale.temperature;
    case AttentionScaleMode::Balanced: {
      const double quarter = std::pow(d, -0.25);
      return (queries * quarter) * (keys * quarter).transpose();
    }
    case AttentionScaleMode::Cosine:
      break;
  }
  return (unitRows("queries", queries) * unitRows("keys", keys).transpose()) / scale.temperature;
}

}  // namespace

AttentionResult scaledDotProductAttention(const Eigen::Ref<const RowMatrix>& queries,
                                          const Eigen::Ref<const RowMatrix>& keys,
                                          const Eigen::Ref<const RowMatrix>& values, const AttentionScale& scale,
                                          bool causal) {
  requireShape("queries", queries.rows(), queries.cols(), kMaxAttentionRows);
  requireShape("keys", keys.rows(), keys.cols(), kMaxAttentionRows);
  requireShape("values", values.rows(), values.cols(), kMaxAttentionRows);
  if (keys.cols() != queries.cols()) {
    failArgument(ErrorKind::Shape, kFunction, "keys", std::to_string(queries.cols()) + " columns (as queries)",
                 std::to_string(keys.cols()) + " columns");
  }
  if (values.rows() != keys.rows()) {
    failArgument(ErrorKind::Shape, kFunction, "values", std::to_string(keys.rows()) + " rows (one per key)",
                 std::to_string(values.rows()) + " rows");
  }
  const Eigen::Index n = queries.rows();
  const Eigen::Index m = keys.rows();
  requireAtMost(kFunction, "queries.rows*keys.rows", static_cast<std::int64_t>(n) * m, kMaxAttentionCells);
  if (causal && m < n) {
    failArgument(ErrorKind::Shape, kFunction, "keys",
                 "at least " + std::to_string(n) + " rows (one per query) when causal",
                 std::to_string(m) + " rows");
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
      failArgument(ErrorKind::Range, kFunction, "scale.mode",
                   "0 (none), 1 (sqrt), 2 (linear), 3 (temperature), 4 (balanced) or 5 (cosine)",
                   static_cast<int>(scale.mode));
  }
  requireFiniteRows("queries", queries);
  requireFiniteRows("keys", keys);
  requireFiniteRows("values", values);

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
  result.output = result.weights * values;
  return result;
}

}  // namespace attention_lab
