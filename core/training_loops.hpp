#pragma once
// The trainer's inner loops, shared by the gradient and the optimiser: fixed summation order, no Eigen reductions.
#include <Eigen/Core>

namespace attention_lab {

// out[r, :] += a · in[:] over a contiguous row: the compiler vectorises it without reordering any single sum.
inline void addScaledRow(double* out, double a, const double* in, Eigen::Index length) {
  for (Eigen::Index i = 0; i < length; ++i) out[i] += a * in[i];
}

inline double dot(const double* a, const double* b, Eigen::Index length) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < length; ++i) sum += a[i] * b[i];
  return sum;
}

}  // namespace attention_lab
