#include "gradient_survival.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "errors.hpp"
#include "random_matrix.hpp"
#include "softmax.hpp"
#include "test_vectors.hpp"

using namespace attention_lab;
using test_vectors::vec;

namespace {

#ifdef ATTENTION_LAB_COVERAGE_BUILD
constexpr int kSeeds = 10;  // the instrumented build only needs every line run; the native build runs all 200 seeds
#else
constexpr int kSeeds = 200;
#endif
constexpr int kKeys = 8;

std::vector<int> powersOfTwo() {
  std::vector<int> dks;
  for (int dk = 1; dk <= 4096; dk *= 2) dks.push_back(dk);
  return dks;
}

QueryGradientSurvival survival(ScaleMode mode, int dk, std::uint64_t seed, int keys = kKeys) {
  return gradientSurvival(dk, keys, Scale{mode, 1.0}, kDefaultSurvivalTrials, seed);
}

// ‖J·K/c‖_F / (√(n−1)/n) with J, K formed explicitly: the quantity the closed form takes the expectation of.
double bruteForceRatio(const Eigen::VectorXd& q, const RowMatrix& keys, double divisor) {
  const Eigen::VectorXd weights = softmax(keys * q / divisor);
  const Eigen::MatrixXd gradient = softmaxJacobian(weights) * keys / divisor;
  return gradient.norm() / uniformJacobianFrobenius(static_cast<int>(keys.rows()));
}

}  // namespace

TEST_CASE("the verdict's four states by the documented thresholds") {
  CHECK(querySurvivalState(3.0) == GradientSurvival::Healthy);
  CHECK(querySurvivalState(kQuerySurvivalThresholds.healthy) == GradientSurvival::Healthy);
  CHECK(querySurvivalState(std::nextafter(kQuerySurvivalThresholds.healthy, 0.0)) == GradientSurvival::Fading);
  CHECK(querySurvivalState(kQuerySurvivalThresholds.fading) == GradientSurvival::Fading);
  CHECK(querySurvivalState(std::nextafter(kQuerySurvivalThresholds.fading, 0.0)) == GradientSurvival::Dying);
  CHECK(querySurvivalState(kQuerySurvivalThresholds.dying) == GradientSurvival::Dying);
  CHECK(querySurvivalState(std::nextafter(kQuerySurvivalThresholds.dying, 0.0)) == GradientSurvival::Dead);
  CHECK(querySurvivalState(0.0) == GradientSurvival::Dead);
  CHECK_THROWS_WITH_AS(querySurvivalState(-1.0), "querySurvivalState: ratio must be a finite number at least 0, got -1",
                       CoreError);
}

TEST_CASE("÷√dₖ: healthy at every dₖ from 1 to 4096, for 200 seeds") {
  for (int dk : powersOfTwo()) {
    for (int seed = 1; seed <= kSeeds; ++seed) {
      const QueryGradientSurvival s = survival(ScaleMode::Sqrt, dk, seed);
      CAPTURE(dk);
      CAPTURE(seed);
      REQUIRE(s.expected.state == GradientSurvival::Healthy);
    }
  }
  // dₖ that are not powers of two too, at one seed.
  for (int dk : {3, 5, 100, 777, 3000})
    CHECK(survival(ScaleMode::Sqrt, dk, 1).expected.state == GradientSurvival::Healthy);
}

TEST_CASE("unscaled: healthy → fading → dying → dead as dₖ rises, never back up, for 200 seeds") {
  const std::vector<int> dks = powersOfTwo();
  for (int seed = 1; seed <= kSeeds; ++seed) {
    CAPTURE(seed);
    std::vector<QueryGradientSurvival> row;
    for (int dk : dks) row.push_back(survival(ScaleMode::None, dk, seed));
    std::size_t peak = 0;
    for (std::size_t i = 1; i < row.size(); ++i) {
      if (row[i].expected.ratio > row[peak].expected.ratio) peak = i;
    }
    for (std::size_t i = peak + 1; i < row.size(); ++i) {
      CAPTURE(dks[i]);
      CHECK(row[i].expected.ratio < row[i - 1].expected.ratio);
    }
    for (std::size_t i = 1; i < row.size(); ++i) {
      CAPTURE(dks[i]);
      CHECK(static_cast<int>(row[i].expected.state) >= static_cast<int>(row[i - 1].expected.state));
    }
    CHECK(row.front().expected.state == GradientSurvival::Healthy);
    CHECK(row[6].expected.state != GradientSurvival::Healthy);  // dₖ = 64, n = 8
    CHECK(row.back().expected.state == GradientSurvival::Dead);
  }
}

TEST_CASE("÷dₖ, the opposite failure: not healthy at large dₖ, for 200 seeds") {
  for (int seed = 1; seed <= kSeeds; ++seed) {
    CAPTURE(seed);
    const QueryGradientSurvival large = survival(ScaleMode::Linear, 4096, seed);
    CHECK(large.expected.state != GradientSurvival::Healthy);
    CHECK(large.sample.state != GradientSurvival::Healthy);
    // The weights stay near uniform, so r ≈ 1/√dₖ: the 1/c factor is what shrinks it.
    CHECK(large.expected.ratio == doctest::Approx(1.0 / 64).epsilon(0.02));
  }
}

TEST_CASE("the closed form agrees with ‖J·K/c‖_F from explicit q and K") {
  SUBCASE("at dₖ = 1 there is no orthogonal part: exactly equal for every draw") {
    Xoshiro256pp engine(5);
    NormalSampler normal(engine);
    for (int t = 0; t < 50; ++t) {
      const Eigen::VectorXd q = normalMatrix(normal, 1, 1).transpose();
      const RowMatrix keys = normalMatrix(normal, 6, 1);
      const Eigen::VectorXd alignments = keys * q / std::abs(q[0]);
      CHECK(queryGradientRatio(std::abs(q[0]), alignments, 1, 1.0) ==
            doctest::Approx(bruteForceRatio(q, keys, 1.0)).epsilon(1e-12));
    }
  }
  SUBCASE("at dₖ 3 and 16: the mean of r² equals the brute-force mean of ‖JK/c‖² within 4 standard errors") {
    for (int dk : {3, 16}) {
      for (double divisor : {1.0, std::sqrt(static_cast<double>(dk))}) {
        CAPTURE(dk);
        CAPTURE(divisor);
        constexpr int kDraws = 20000;
        Xoshiro256pp a(11), b(12);
        NormalSampler explicitDraws(a), exactDraws(b);
        double bruteSum = 0, bruteSquares = 0, closedSum = 0, closedSquares = 0;
        for (int t = 0; t < kDraws; ++t) {
          const Eigen::VectorXd q = normalMatrix(explicitDraws, dk, 1);
          const double brute = std::pow(bruteForceRatio(q, normalMatrix(explicitDraws, 5, dk), divisor), 2);
          const QueryDraw draw = sampleQuery(exactDraws, dk, 5);
          const double closed = std::pow(queryGradientRatio(draw.queryNorm, draw.alignments, dk, divisor), 2);
          bruteSum += brute;
          bruteSquares += brute * brute;
          closedSum += closed;
          closedSquares += closed * closed;
        }
        const auto meanAndError = [&](double sum, double squares) {
          const double mean = sum / kDraws;
          return std::pair<double, double>{mean, std::sqrt((squares / kDraws - mean * mean) / kDraws)};
        };
        const auto [bruteMean, bruteError] = meanAndError(bruteSum, bruteSquares);
        const auto [closedMean, closedError] = meanAndError(closedSum, closedSquares);
        CHECK(std::abs(bruteMean - closedMean) < 4 * std::hypot(bruteError, closedError));
      }
    }
  }
}

TEST_CASE("the sample is the query sampleQueryScores shows for that seed; same seed, same numbers") {
  for (int dk : {1, 64, 4096}) {
    Xoshiro256pp engine(42);
    NormalSampler normal(engine);
    const QueryDraw draw = sampleQuery(normal, dk, kKeys);
    CHECK(draw.queryNorm * draw.alignments == sampleQueryScores(dk, kKeys, 42));
    const QueryGradientSurvival s = survival(ScaleMode::None, dk, 42);
    CHECK(s.sample.ratio == queryGradientRatio(draw.queryNorm, draw.alignments, dk, 1.0));
    CHECK(s.sample.state == querySurvivalState(s.sample.ratio));
    const QueryGradientSurvival again = survival(ScaleMode::None, dk, 42);
    CHECK(again.expected.ratio == s.expected.ratio);
    CHECK(again.expected.standardError == s.expected.standardError);
    CHECK(again.sample.ratio == s.sample.ratio);
    CHECK(s.expected.trials == kDefaultSurvivalTrials);
  }
}

TEST_CASE("a temperature τ = √dₖ gives the ÷√dₖ numbers; a tiny τ saturates every query to exactly one-hot") {
  const QueryGradientSurvival sqrt = survival(ScaleMode::Sqrt, 64, 3);
  const QueryGradientSurvival tau = gradientSurvival(64, kKeys, Scale{ScaleMode::Temperature, 8.0}, 1024, 3);
  CHECK(tau.expected.ratio == sqrt.expected.ratio);
  CHECK(tau.sample.ratio == sqrt.sample.ratio);
  const QueryGradientSurvival frozen = gradientSurvival(4096, kKeys, Scale{ScaleMode::Temperature, 1e-3}, 64, 3);
  CHECK(frozen.expected.ratio < 1e-100);  // almost every query counts as the floor, 1e-300
  CHECK(frozen.expected.state == GradientSurvival::Dead);
  CHECK(frozen.sample.ratio == 0.0);
}

TEST_CASE("a saturated query keeps its tiny true gradient instead of cancelling to 0") {
  // Scores 0 and −390·|q|: the weights are (1, e^-390), J's entries ≈ 4.2e-170, and so is r's order.
  const double ratio = queryGradientRatio(390.0, vec({0.0, -1.0}), 1, 1.0);
  const Eigen::VectorXd q = vec({390.0});
  RowMatrix keys(2, 1);
  keys << 0.0, -1.0;
  CHECK(ratio > 0.0);
  CHECK(ratio == doctest::Approx(bruteForceRatio(q, keys, 1.0)).epsilon(1e-9));
}

TEST_CASE("gradientSurvival and queryGradientRatio reject bad arguments with exact messages") {
  const Scale sqrt{ScaleMode::Sqrt, 1.0};
  CHECK_THROWS_WITH_AS(gradientSurvival(0, 8, sqrt, 16, 1), "gradientSurvival: dk must be between 1 and 65536, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(gradientSurvival(4, 1, sqrt, 16, 1),
                       "gradientSurvival: keyCount must be between 2 and 4096, got 1", CoreError);
  CHECK_THROWS_WITH_AS(gradientSurvival(4, 8, sqrt, 1, 1),
                       "gradientSurvival: trials must be between 2 and 100000, got 1", CoreError);
  CHECK_THROWS_WITH_AS(gradientSurvival(4, 4096, sqrt, 10000, 1),
                       "gradientSurvival: trials*keyCount must be at most 20000000, got 40960000", CoreError);
  CHECK_THROWS_WITH_AS(gradientSurvival(4, 8, Scale{ScaleMode::Temperature, 0.0}, 16, 1),
                       "gradientSurvival: scale.temperature must be between 0.001 and 1e+06, got 0", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(-1.0, vec({0, 1}), 4, 1.0),
                       "queryGradientRatio: queryNorm must be a finite number at least 0, got -1", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(1.0, vec({0}), 4, 1.0),
                       "queryGradientRatio: alignments must be of length 2 to 4096, got 1 elements", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(1.0, vec({0, NAN}), 4, 1.0),
                       "queryGradientRatio: alignments[1] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(1.0, vec({0, 1}), 0, 1.0),
                       "queryGradientRatio: dk must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(1.0, vec({0, 1}), 4, 0.0),
                       "queryGradientRatio: divisor must be a finite number greater than 0, got 0", CoreError);
}

// Found by tests/fuzz/sweeps_fuzz: a subnormal divisor turned a finite gradient into r = ∞, and alignments near
// ±1e308 overflowed z_i − z_top into NaN. Every scale's divisor, |q| and z lie far inside the limits below.
TEST_CASE("queryGradientRatio refuses parts whose gradient would overflow, and is finite at its limits") {
  const double tiny = 4.9406564584124654e-324;
  CHECK_THROWS_WITH_AS(queryGradientRatio(tiny, vec({tiny, tiny}), 45, tiny),
                       "queryGradientRatio: divisor must be between 0.001 and 1e+06, got 4.94065645841247e-324",
                       CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(0.0, vec({0, 1e308, -1e308}), 4, 1.0),
                       "queryGradientRatio: alignments[1] must be between -1e+06 and 1e+06, got 1e+308", CoreError);
  CHECK_THROWS_WITH_AS(queryGradientRatio(1e300, vec({0, 1}), 4, 1.0),
                       "queryGradientRatio: queryNorm must be between 0 and 1e+06, got 1e+300", CoreError);
  for (const double queryNorm : {0.0, 1.0, 1e6}) {
    for (const double divisor : {kMinScaleTemperature, 1.0, kMaxScaleTemperature}) {
      for (const double z : {1.0, 1e6}) {
        const double ratio = queryGradientRatio(queryNorm, vec({z, -z, 0.5 * z}), 65536, divisor);
        CHECK(std::isfinite(ratio));
        CHECK(ratio >= 0);
      }
    }
  }
}
