#include "random_matrix.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"

using namespace attention_lab;

TEST_CASE("normalMatrix fills in storage order with N(0, std²) draws") {
  Xoshiro256pp a(3), b(3);
  NormalSampler first(a), second(b);
  const RowMatrix m = normalMatrix(first, 2, 3, 0.5);
  CHECK(m.rows() == 2);
  CHECK(m.cols() == 3);
  for (Eigen::Index i = 0; i < m.size(); ++i) CHECK(m.data()[i] == 0.5 * second.next());
  NormalSampler normal(a);
  const RowMatrix big = normalMatrix(normal, 200, 500);
  const double mean = big.mean();
  const double variance = (big.array() - mean).square().sum() / static_cast<double>(big.size() - 1);
  CHECK(std::fabs(mean) < 4.0 / std::sqrt(1e5));
  CHECK(std::fabs(variance - 1.0) < 4.0 * std::sqrt(2.0 / 1e5));
}

TEST_CASE("normalMatrix rejects empty, oversized and bad spreads") {
  Xoshiro256pp engine(1);
  NormalSampler normal(engine);
  CHECK_THROWS_WITH_AS(normalMatrix(normal, 0, 3), "normalMatrix: rows must be between 1 and 1048576, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(normalMatrix(normal, 2048, 1024), "normalMatrix: rows*cols must be at most 1048576, got 2097152",
                       CoreError);
  CHECK_THROWS_WITH_AS(normalMatrix(normal, 2, 2, NAN), "normalMatrix: std must be finite and at least 0, got nan",
                       CoreError);
}

TEST_CASE("sampleNormals: the first draws of the seed's stream, checked count") {
  Xoshiro256pp engine(9);
  NormalSampler normal(engine);
  const Eigen::VectorXd values = sampleNormals(5, 9);
  for (Eigen::Index i = 0; i < values.size(); ++i) CHECK(values[i] == normal.next());
  CHECK_THROWS_WITH_AS(sampleNormals(0, 1), "sampleNormals: count must be between 1 and 1000000, got 0", CoreError);
  CHECK_THROWS_WITH_AS(sampleNormals(1000001, 1), "sampleNormals: count must be between 1 and 1000000, got 1000001",
                       CoreError);
}
