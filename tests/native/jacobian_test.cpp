#include "jacobian.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"
#include "softmax.hpp"
#include "sweeps.hpp"
#include "test_vectors.hpp"

using namespace attention_lab;
using test_vectors::vec;

TEST_CASE("Jacobian at p = (0.3, 0.3, 0.2, 0.2): the lesson's diagonal, zero row sums, symmetry") {
  const Eigen::MatrixXd j = softmaxJacobian(vec({0.3, 0.3, 0.2, 0.2}));
  REQUIRE(j.rows() == 4);
  REQUIRE(j.cols() == 4);
  CHECK(j(0, 0) == doctest::Approx(0.21));
  CHECK(j(1, 1) == doctest::Approx(0.21));
  CHECK(j(2, 2) == doctest::Approx(0.16));
  CHECK(j(3, 3) == doctest::Approx(0.16));
  CHECK(j(0, 1) == doctest::Approx(-0.09));
  CHECK(j(0, 2) == doctest::Approx(-0.06));
  CHECK(j(2, 3) == doctest::Approx(-0.04));
  CHECK(j.rowwise().sum().cwiseAbs().maxCoeff() < 1e-15);
  CHECK(j == j.transpose());
  CHECK(jacobianMaxAbs(vec({0.3, 0.3, 0.2, 0.2})) == doctest::Approx(0.21));
  CHECK(jacobianFrobenius(vec({0.3, 0.3, 0.2, 0.2})) == doctest::Approx(j.norm()));
}

TEST_CASE("O(n) norms agree with the formed matrix on a random softmax") {
  const Eigen::VectorXd p = softmax(vec({9.2, -3.1, 8.8, -5.4, 1.2}));
  const Eigen::MatrixXd j = softmaxJacobian(p);
  CHECK(jacobianMaxAbs(p) == doctest::Approx(j.cwiseAbs().maxCoeff()).epsilon(1e-14));
  CHECK(jacobianFrobenius(p) == doctest::Approx(j.norm()).epsilon(1e-14));
  // Off-diagonal can be the largest entry: two equal weights of 0.5 give |−0.25| = 0.25 = the diagonal.
  CHECK(jacobianMaxAbs(vec({0.5, 0.5})) == doctest::Approx(0.25));
  CHECK(jacobianMaxAbs(vec({1.0})) == 0.0);
}

TEST_CASE("one-hot: every Jacobian entry is 0 and the gradient is dead") {
  const Eigen::VectorXd oneHot = vec({0, 0, 1, 0});
  CHECK(softmaxJacobian(oneHot).cwiseAbs().maxCoeff() == 0.0);
  CHECK(jacobianFrobenius(oneHot) == 0.0);
  CHECK(jacobianMaxAbs(oneHot) == 0.0);
  CHECK(jacobianTrace(oneHot) == 0.0);
  CHECK(gradientSurvival(oneHot).share == 0.0);
  CHECK(gradientSurvival(oneHot).state == GradientSurvival::Dead);
}

TEST_CASE("near one-hot the Jacobian keeps its tiny true values instead of cancelling to 0") {
  const Eigen::VectorXd p = softmax(vec({50, 0, 0}));
  REQUIRE(p[0] == 1.0);  // 1 − 2e−50·… rounds to 1, so p₀ − p₀² would be exactly 0
  const Eigen::MatrixXd j = softmaxJacobian(p);
  CHECK(j(0, 0) == doctest::Approx(2 * std::exp(-50.0)).epsilon(1e-12));
  CHECK(j(1, 1) == doctest::Approx(std::exp(-50.0)).epsilon(1e-12));
  CHECK(jacobianFrobenius(p) == doctest::Approx(j.norm()).epsilon(1e-12));
  CHECK(gradientSurvival(p).state == GradientSurvival::Dead);
}

TEST_CASE("‖J‖_F and tr J at uniform weights; tr J is Σ pᵢ(1 − pᵢ) and keeps its tiny true value near one-hot") {
  for (int n : {2, 4, 512}) {
    CAPTURE(n);
    const Eigen::VectorXd uniform = Eigen::VectorXd::Constant(n, 1.0 / n);
    CHECK(uniformJacobianFrobenius(n) == doctest::Approx(std::sqrt(n - 1.0) / n));
    CHECK(jacobianFrobenius(uniform) == doctest::Approx(uniformJacobianFrobenius(n)));
    CHECK(jacobianTrace(uniform) == doctest::Approx(1.0 - 1.0 / n));
  }
  const Eigen::VectorXd p = vec({0.3, 0.3, 0.2, 0.2});
  CHECK(jacobianTrace(p) == doctest::Approx(softmaxJacobian(p).trace()).epsilon(1e-15));
  CHECK(jacobianTrace(p) == doctest::Approx(0.21 + 0.21 + 0.16 + 0.16));
  const Eigen::VectorXd saturated = softmax(vec({50, 0, 0}));
  REQUIRE(saturated[0] == 1.0);  // Σ pᵢ² rounds to 1, so 1 − Σ pᵢ² would be exactly 0
  CHECK(jacobianTrace(saturated) == doctest::Approx(4 * std::exp(-50.0)).epsilon(1e-12));
}

TEST_CASE("softmaxStats bundles the same numbers as the single functions") {
  const Eigen::VectorXd p = softmax(vec({20, 22, 18, 21}));
  const SoftmaxStats stats = softmaxStats(p);
  CHECK(stats.entropy == doctest::Approx(entropy(p)));
  CHECK(stats.perplexity == doctest::Approx(std::exp(entropy(p))));
  CHECK(stats.maxWeight == doctest::Approx(0.657233).epsilon(1e-6));
  CHECK(stats.jacobianMaxAbs == doctest::Approx(jacobianMaxAbs(p)));
  CHECK(stats.jacobianFrobenius == doctest::Approx(jacobianFrobenius(p)));
  CHECK(stats.jacobianTrace == jacobianTrace(p));
  CHECK(stats.survivalShare == gradientSurvival(p).share);
  CHECK(stats.survival == gradientSurvival(p).state);
}

TEST_CASE("softmaxJacobianInto fills a kept buffer with the same J, resizing it when n changes") {
  Eigen::MatrixXd buffer;
  const Eigen::VectorXd large = softmax(vec({2, -1, 0.5, 3, 0}));
  softmaxJacobianInto(large, buffer);
  CHECK(buffer == softmaxJacobian(large));
  const Eigen::VectorXd small = vec({0.25, 0.75});
  softmaxJacobianInto(small, buffer);
  CHECK(buffer.rows() == 2);
  CHECK(buffer == softmaxJacobian(small));
  CHECK_THROWS_WITH_AS(
      softmaxJacobianInto(vec({0.5, 0.6}), buffer),
      "softmaxJacobian: weights must be a probability vector summing to 1 within 2e-09, got a sum of 1.1", CoreError);
}

TEST_CASE("Jacobian functions reject bad weights with exact messages") {
  CHECK_THROWS_WITH_AS(softmaxJacobian(Eigen::VectorXd()),
                       "softmaxJacobian: weights must be of length 1 to 1024, got 0 elements", CoreError);
  // Over the cap: J would be n×n doubles, so its size is bounded even though softmax allows 65536 positions.
  CHECK_THROWS_WITH_AS(softmaxJacobian(Eigen::VectorXd::Constant(1025, 1.0 / 1025)),
                       "softmaxJacobian: weights must be of length 1 to 1024, got 1025 elements", CoreError);
  CHECK_THROWS_WITH_AS(softmaxJacobian(vec({0.5, NAN})), "softmaxJacobian: weights[1] must be finite, got nan",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxJacobian(vec({1.2, -0.2})), "softmaxJacobian: weights[1] must be at least 0, got -0.2",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxJacobian(vec({0.3, 0.3})),
                       "softmaxJacobian: weights must be a probability vector summing to 1 within 2e-09, got a sum of "
                       "0.6",
                       CoreError);
  CHECK_THROWS_WITH_AS(
      jacobianMaxAbs(vec({0.2, 0.2})),
      "jacobianMaxAbs: weights must be a probability vector summing to 1 within 2e-09, got a sum of 0.4", CoreError);
  CHECK_THROWS_WITH_AS(jacobianFrobenius(vec({-1, 2})), "jacobianFrobenius: weights[0] must be at least 0, got -1",
                       CoreError);
  CHECK_THROWS_WITH_AS(uniformJacobianFrobenius(1), "uniformJacobianFrobenius: n must be between 2 and 65536, got 1",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxStats(vec({1.0})), "softmaxStats: weights must be of length 2 to 65536, got 1 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmaxStats(vec({INFINITY, 0})), "softmaxStats: weights[0] must be finite, got inf", CoreError);
  CHECK_THROWS_WITH_AS(
      jacobianTrace(vec({0.2, 0.2})),
      "jacobianTrace: weights must be a probability vector summing to 1 within 2e-09, got a sum of 0.4", CoreError);
}

TEST_CASE("‖J‖_F, tr J and gradient survival do not underflow while max |J| > 0") {
  // p = (1, e^-390): J = p₀p₁·[[1, −1], [−1, 1]], so ‖J‖_F = 2p₀p₁ ≈ 8.4e-170, whose entries square to ~1e-339.
  const Eigen::VectorXd p = softmax(vec({0, -390}));
  const double entry = p[0] * p[1];
  REQUIRE(entry > 0.0);
  REQUIRE(entry * entry == 0.0);  // the naive sum of squares would be 0
  const SoftmaxStats stats = softmaxStats(p);
  CHECK(stats.jacobianMaxAbs == doctest::Approx(entry).epsilon(1e-12));
  CHECK(stats.jacobianFrobenius == doctest::Approx(2 * entry).epsilon(1e-12));
  CHECK(stats.jacobianFrobenius == doctest::Approx(8.4e-170).epsilon(0.01));
  // tr J = 2p₀p₁, and uniform weights' tr J is 1/2.
  CHECK(stats.survivalShare == doctest::Approx(4 * entry).epsilon(1e-12));
  CHECK(stats.survivalShare > 0.0);
  // Three positions, two of them tiny and unequal: the formed matrix's norm, written relative to the largest entry.
  const Eigen::VectorXd q = softmax(vec({0, -360, -380}));
  const double a = q[0] * q[1], b = q[0] * q[2] / a, c = q[1] * q[2] / a;
  REQUIRE(a * a < 1e-300);
  const double expected =
      a * std::sqrt((1 + b) * (1 + b) + (1 + c) * (1 + c) + (b + c) * (b + c) + 2 * (1 + b * b + c * c));
  CHECK(jacobianFrobenius(q) == doctest::Approx(expected).epsilon(1e-12));
  const JacobianSweep sweep = jacobianNormsByMultiplier(vec({0, -1}), vec({390}));
  CHECK(sweep.frobenius[0] == doctest::Approx(8.4e-170).epsilon(0.01));
  CHECK(sweep.survivalShare[0] > 0.0);
}

TEST_CASE("softmaxStatsOfScores: the stats of softmax(scores), with errors naming softmaxStats and scores") {
  SoftmaxOptions options;
  options.temperature = 2.0;
  const SoftmaxStats stats = softmaxStatsOfScores(vec({1, 2, 3}), options);
  CHECK(stats.maxWeight == softmaxStats(softmax(vec({1, 2, 3}), 2.0)).maxWeight);
  CHECK_THROWS_WITH_AS(softmaxStatsOfScores(vec({1}), options),
                       "softmaxStats: scores must be of length 2 to 65536, got 1 elements", CoreError);
  CHECK_THROWS_WITH_AS(softmaxStatsOfScores(vec({1, NAN}), options),
                       "softmaxStats: scores[1] must be finite or -inf, got nan", CoreError);
}
