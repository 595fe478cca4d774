#include "softmax.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "errors.hpp"

using attention_lab::CoreError;
using attention_lab::softmax;

namespace {
Eigen::VectorXd vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}
}  // namespace

TEST_CASE("softmax reproduces the lesson's reference vectors") {
  const Eigen::VectorXd p = softmax(vec({1, 0.5, 0, -0.5}));
  CHECK(p[0] == doctest::Approx(0.455054).epsilon(1e-6));
  CHECK(p[1] == doctest::Approx(0.276004).epsilon(1e-6));
  CHECK(p[2] == doctest::Approx(0.167405).epsilon(1e-6));
  CHECK(p[3] == doctest::Approx(0.101536).epsilon(1e-6));

  const Eigen::VectorXd large = softmax(vec({20, 22, 18, 21}));
  CHECK(large[1] == doctest::Approx(0.657233).epsilon(1e-6));
  const Eigen::VectorXd scaled = softmax(vec({20, 22, 18, 21}), std::sqrt(512.0));
  CHECK(scaled[0] == doctest::Approx(0.246731).epsilon(1e-6));
  CHECK(scaled[3] == doctest::Approx(0.257879).epsilon(1e-6));
}

TEST_CASE("softmax does not overflow on huge scores") {
  const Eigen::VectorXd p = softmax(vec({1000, 999, -1000}));
  CHECK(p.allFinite());
  CHECK(p.sum() == doctest::Approx(1.0));
  CHECK(p[0] == doctest::Approx(1.0 / (1.0 + std::exp(-1.0))));
}

TEST_CASE("softmax rejects bad input with a message naming the argument") {
  CHECK_THROWS_WITH_AS(softmax(Eigen::VectorXd()), "softmax: scores must be of length 1 to 65536, got 0 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({1, NAN})), "softmax: scores[1] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({1, 2}), 0.0), "softmax: temperature must be a finite number greater than 0, got 0",
                       CoreError);
}
