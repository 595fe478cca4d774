#pragma once
// Small builders so tests read like the lesson's vectors.
#include <Eigen/Core>
#include <initializer_list>

namespace test_vectors {

inline Eigen::VectorXd vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

}  // namespace test_vectors
