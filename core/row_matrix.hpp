#pragma once
// The core's matrix type for results that cross into JS: row-major, so a Float64Array of rows maps onto it as is.
#include <Eigen/Core>

namespace attention_lab {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace attention_lab
