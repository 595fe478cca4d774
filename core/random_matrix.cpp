#include "random_matrix.hpp"

#include <cmath>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {

RowMatrix normalMatrix(NormalSampler& normal, Eigen::Index rows, Eigen::Index cols, double std) {
  requireIntegerInRange("normalMatrix", "rows", rows, 1, kMaxMatrixCells);
  requireIntegerInRange("normalMatrix", "cols", cols, 1, kMaxMatrixCells);
  requireAtMost("normalMatrix", "rows*cols", static_cast<std::int64_t>(rows) * cols, kMaxMatrixCells);
  if (!(std::isfinite(std) && std >= 0))
    failArgument(ErrorKind::Range, "normalMatrix", "std", "finite and at least 0", std);
  RowMatrix matrix(rows, cols);
  for (Eigen::Index i = 0; i < matrix.size(); ++i) matrix.data()[i] = std * normal.next();
  return matrix;
}

Eigen::VectorXd sampleNormals(std::int64_t count, std::uint64_t seed) {
  requireIntegerInRange("sampleNormals", "count", count, 1, kMaxSamples);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  Eigen::VectorXd values(count);
  for (auto& x : values) x = normal.next();
  return values;
}

}  // namespace attention_lab
