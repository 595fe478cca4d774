#include "sweeps.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <future>

#include "errors.hpp"
#include "jacobian.hpp"
#include "rng.hpp"
#include "scale.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "test_vectors.hpp"

using namespace attention_lab;
using test_vectors::vec;

namespace {
const Scale kNone{ScaleMode::None, 1.0};
const Scale kSqrt{ScaleMode::Sqrt, 1.0};
const Scale kLinear{ScaleMode::Linear, 1.0};
}  // namespace

TEST_CASE("entropy against dₖ: none collapses, ÷√dₖ stays flat, ÷dₖ climbs to ln n") {
  const std::vector<int> dks = {4, 64, 1024};
  const int n = 16;
  const EntropySweep sweep = entropySweep(dks, n, 400, 2024, {kNone, kSqrt, kLinear});
  REQUIRE(sweep.meanEntropy.rows() == 3);
  REQUIRE(sweep.meanEntropy.cols() == 3);
  CHECK(sweep.maxEntropy == doctest::Approx(std::log(16.0)));
  // none: entropy falls as dₖ grows, far below ln n at dₖ = 1024; max weight rises towards 1.
  CHECK(sweep.meanEntropy(0, 0) > sweep.meanEntropy(0, 1) + 5 * sweep.entropyStandardError(0, 1));
  CHECK(sweep.meanEntropy(0, 1) > sweep.meanEntropy(0, 2) + 5 * sweep.entropyStandardError(0, 2));
  CHECK(sweep.meanEntropy(0, 2) < 0.5);
  CHECK(sweep.meanMaxWeight(0, 2) > 0.8);
  // ÷√dₖ: the score distribution is the same at every dₖ apart from |q|/√dₖ → 1, so the curve is flat.
  CHECK(std::abs(sweep.meanEntropy(1, 1) - sweep.meanEntropy(1, 2)) <
        4 * std::hypot(sweep.entropyStandardError(1, 1), sweep.entropyStandardError(1, 2)));
  CHECK(sweep.meanEntropy(1, 2) > 2.0);
  // ÷dₖ: variance 1/dₖ, near-uniform attention.
  CHECK(sweep.meanEntropy(2, 2) == doctest::Approx(std::log(16.0)).epsilon(0.001));
  CHECK(sweep.meanMaxWeight(2, 2) == doctest::Approx(1.0 / 16).epsilon(0.1));
  CHECK(sweep.entropyStandardError(1, 1) > 0.0);
  CHECK(sweep.maxWeightStandardError(0, 1) > 0.0);
}

TEST_CASE("entropy sweep: each dₖ point is its own stream, so adding points leaves the others unchanged") {
  const EntropySweep one = entropySweep({64}, 8, 50, 7, {kSqrt});
  const EntropySweep two = entropySweep({64, 128}, 8, 50, 7, {kSqrt, kNone});
  CHECK(one.meanEntropy(0, 0) == two.meanEntropy(0, 0));
  CHECK(one.meanMaxWeight(0, 0) == two.meanMaxWeight(0, 0));
}

TEST_CASE("entropy sweep: more or fewer trials of the same sweep give what a fresh sweep gives, bit for bit") {
  // The last sweep's trials are kept: a call that extends them or takes a prefix must not differ from one that draws
  // every trial anew (a different seed in between starts afresh).
  const std::vector<int> dks = {1, 64, 4096};
  const auto same = [](const EntropySweep& a, const EntropySweep& b) {
    return a.meanEntropy == b.meanEntropy && a.entropyStandardError == b.entropyStandardError &&
           a.meanMaxWeight == b.meanMaxWeight && a.maxWeightStandardError == b.maxWeightStandardError;
  };
  const auto fresh = [&](int trials) {
    entropySweep(dks, 8, 2, 99, {kSqrt});
    return entropySweep(dks, 8, trials, 5, {kNone, kSqrt, kLinear});
  };
  const EntropySweep full = fresh(300), prefix = fresh(80);
  entropySweep(dks, 8, 50, 5, {kNone, kSqrt, kLinear});
  entropySweep(dks, 8, 120, 5, {kNone, kSqrt, kLinear});
  CHECK(same(entropySweep(dks, 8, 300, 5, {kNone, kSqrt, kLinear}), full));   // extended from 120
  CHECK(same(entropySweep(dks, 8, 80, 5, {kNone, kSqrt, kLinear}), prefix));  // a prefix of 300
  // A different key count, scale or dₖ list with the same seed is another sweep, not the kept one.
  CHECK_FALSE(same(entropySweep(dks, 9, 80, 5, {kNone, kSqrt, kLinear}), prefix));
  CHECK(entropySweep(dks, 8, 80, 5, {kSqrt}).meanEntropy.row(0) == prefix.meanEntropy.row(1));
}

TEST_CASE("entropy sweep: its one-pass entropy and top weight are those of the softmax, query by query") {
  // The sweep's stream for point k is (seed, k); drawing the same queries here and taking softmax → entropy by the
  // definition must give its means (to rounding: it computes H as ln Z − Σ e^x·x / Z).
  for (const int n : {1, 2, 8, 64}) {
    const EntropySweep sweep = entropySweep({1, 64, 4096}, n, 20, 5, {kNone, kSqrt, kLinear});
    for (int k = 0; k < 3; ++k) {
      const int dk = sweep.keyDimensions[static_cast<std::size_t>(k)];
      Xoshiro256pp engine(5, static_cast<std::uint64_t>(k));
      NormalSampler normal(engine);
      double entropySum[3] = {0, 0, 0}, topSum[3] = {0, 0, 0};
      for (int t = 0; t < 20; ++t) {
        const Eigen::VectorXd scores = sampleQueryScores(normal, dk, n);
        for (int s = 0; s < 3; ++s) {
          const Eigen::VectorXd weights = softmax(scores, scaleDivisor(sweep.scales[static_cast<std::size_t>(s)], dk));
          entropySum[s] += entropy(weights);
          topSum[s] += weights.maxCoeff();
        }
      }
      for (int s = 0; s < 3; ++s) {
        CHECK(sweep.meanEntropy(s, k) == doctest::Approx(entropySum[s] / 20).epsilon(1e-12).scale(1e-12));
        CHECK(sweep.meanMaxWeight(s, k) == doctest::Approx(topSum[s] / 20).epsilon(1e-12));
      }
    }
  }
}

TEST_CASE("saturation curve is p₁ of softmax and crosses 0.99 at ln 297") {
  const Eigen::VectorXd xs = Eigen::VectorXd::LinSpaced(101, 0, 10);
  const Eigen::VectorXd p = saturationCurve(xs, 4);
  for (Eigen::Index i = 0; i < xs.size(); ++i) CHECK(p[i] == doctest::Approx(softmax(vec({xs[i], 0, 0, 0}))[0]));
  CHECK(p[0] == doctest::Approx(0.25));
  const Eigen::VectorXd around = saturationCurve(vec({std::log(297.0) - 1e-6, std::log(297.0) + 1e-6}), 4);
  CHECK(around[0] < 0.99);
  CHECK(around[1] > 0.99);
  const Eigen::VectorXd extreme = saturationCurve(vec({-1000, 1000}), 4);
  CHECK(extreme[0] == 0.0);
  CHECK(extreme[1] == 1.0);
  CHECK(saturationCurve(vec({-3}), 1)[0] == 1.0);
}

TEST_CASE("saturation curve is a number for every finite x: one position always has p₁ = 1") {
  // With n = 1 the old formula computed eˣ / (eˣ + 0), which is 0/0 once eˣ underflows.
  const Eigen::VectorXd xs = vec({-800, -1e308, -745.2, 0, 800, 1e308});
  const Eigen::VectorXd alone = saturationCurve(xs, 1);
  for (Eigen::Index i = 0; i < xs.size(); ++i) CHECK(alone[i] == 1.0);
  const Eigen::VectorXd two = saturationCurve(xs, 2);
  CHECK(two.allFinite());
  CHECK(two[0] == 0.0);
  CHECK(two[1] == 0.0);
  CHECK(two[3] == 0.5);
  CHECK(two[5] == 1.0);
  CHECK(saturationCurve(vec({-700}), 65536)[0] == doctest::Approx(std::exp(-700.0) / 65535).epsilon(1e-12));
}

TEST_CASE("Jacobian norms shrink as the logits are multiplied by 1, 5, 10, 20, 50") {
  const Eigen::VectorXd scores = vec({1, 0.5, 0, -0.5});
  const JacobianSweep sweep = jacobianNormsByMultiplier(scores, vec({1, 5, 10, 20, 50}));
  REQUIRE(sweep.frobenius.size() == 5);
  for (int i = 0; i < 4; ++i) {
    CHECK(sweep.maxAbs[i + 1] < sweep.maxAbs[i]);
    CHECK(sweep.frobenius[i + 1] < sweep.frobenius[i]);
  }
  const Eigen::VectorXd p5 = softmax(5 * scores);
  CHECK(sweep.maxAbs[1] == doctest::Approx(jacobianMaxAbs(p5)));
  CHECK(sweep.frobenius[1] == doctest::Approx(jacobianFrobenius(p5)));
  CHECK(sweep.survivalShare[1] == gradientSurvival(p5).share);
  for (int i = 0; i < 4; ++i) CHECK(sweep.survivalShare[i + 1] < sweep.survivalShare[i]);
  CHECK(sweep.multipliers == vec({1, 5, 10, 20, 50}));
  const JacobianSweep zero = jacobianNormsByMultiplier(scores, vec({0}));
  CHECK(zero.survivalShare[0] == 1.0);  // multiplier 0 is the uniform distribution
}

TEST_CASE("random directions are nearly orthogonal: cosine mean 0 and variance 1/d") {
  const std::vector<int> ds = {1, 3, 16, 256};
  const CosineSweep sweep = cosineSweep(ds, 4000, 99);
  REQUIRE(sweep.samples.size() == ds.size());
  for (std::size_t k = 0; k < ds.size(); ++k) {
    CAPTURE(ds[k]);
    const auto i = static_cast<Eigen::Index>(k);
    CHECK(sweep.samples[k].size() == 4000);
    CHECK(sweep.samples[k].cwiseAbs().maxCoeff() <= 1.0 + 1e-12);
    CHECK(sweep.theoryVariance[i] == doctest::Approx(1.0 / ds[k]));
    CHECK(std::abs(sweep.mean[i]) < 3 * sweep.meanStandardError[i]);
    CHECK(std::abs(sweep.variance[i] - 1.0 / ds[k]) < 3 * sweep.varianceStandardError[i]);
  }
  CHECK(sweep.samples[0].cwiseAbs().minCoeff() == doctest::Approx(1.0));  // at d = 1 every cosine is ±1
}

TEST_CASE("sweeps reject bad arguments with exact messages") {
  CHECK_THROWS_WITH_AS(entropySweep({}, 8, 10, 1, {kSqrt}),
                       "entropySweep: dks must be of length 1 to 64, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(entropySweep(std::vector<int>(65, 4), 8, 10, 1, {kSqrt}),
                       "entropySweep: dks must be of length 1 to 64, got 65 elements", CoreError);
  CHECK_THROWS_WITH_AS(entropySweep({4, 0}, 8, 10, 1, {kSqrt}),
                       "entropySweep: dks[1] must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(entropySweep({4}, 0, 10, 1, {kSqrt}), "entropySweep: keyCount must be between 1 and 4096, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(entropySweep({4}, 8, 1, 1, {kSqrt}), "entropySweep: trials must be between 2 and 100000, got 1",
                       CoreError);
  CHECK_THROWS_WITH_AS(entropySweep({4}, 8, 10, 1, {}), "entropySweep: scales must be of length 1 to 8, got 0 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(entropySweep({4}, 8, 10, 1, {{ScaleMode::Temperature, -1}}),
                       "entropySweep: scale.temperature must be between 0.001 and 1e+06, got -1", CoreError);
  CHECK_THROWS_WITH_AS(entropySweep(std::vector<int>(10, 4), 4096, 1000, 1, {kSqrt}),
                       "entropySweep: dks*trials*keyCount*scales must be at most 20000000, got 40960000", CoreError);

  CHECK_THROWS_WITH_AS(saturationCurve(Eigen::VectorXd(), 4),
                       "saturationCurve: xs must be of length 1 to 65536, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(saturationCurve(vec({NAN}), 4), "saturationCurve: xs[0] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(saturationCurve(vec({1}), 0), "saturationCurve: n must be between 1 and 65536, got 0",
                       CoreError);

  CHECK_THROWS_WITH_AS(jacobianNormsByMultiplier(vec({1}), vec({1})),
                       "jacobianNormsByMultiplier: scores must be of length 2 to 65536, got 1 elements", CoreError);
  CHECK_THROWS_WITH_AS(jacobianNormsByMultiplier(vec({1, INFINITY}), vec({1})),
                       "jacobianNormsByMultiplier: scores[1] must be finite, got inf", CoreError);
  CHECK_THROWS_WITH_AS(jacobianNormsByMultiplier(vec({1, 2}), Eigen::VectorXd()),
                       "jacobianNormsByMultiplier: multipliers must be of length 1 to 64, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(jacobianNormsByMultiplier(vec({1, 2}), vec({1, NAN})),
                       "jacobianNormsByMultiplier: multipliers[1] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(jacobianNormsByMultiplier(vec({1e300, 2}), vec({1, 1e10})),
                       "jacobianNormsByMultiplier: multipliers[1] must be small enough that multiplier*scores stays "
                       "finite, got 10000000000",
                       CoreError);

  CHECK_THROWS_WITH_AS(cosineSweep({}, 100, 1), "cosineSweep: dimensions must be of length 1 to 64, got 0 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(cosineSweep({8, 4097}, 100, 1),
                       "cosineSweep: dimensions[1] must be between 1 and 4096, got 4097", CoreError);
  CHECK_THROWS_WITH_AS(cosineSweep({8}, 1, 1), "cosineSweep: pairs must be between 2 and 100000, got 1", CoreError);
  CHECK_THROWS_WITH_AS(cosineSweep({4096, 4096}, 2000, 1),
                       "cosineSweep: 2*pairs*sum(dimensions) must be at most 20000000, got 32768000", CoreError);
}

TEST_CASE("entropy sweep: key counts drawn before and come back to give what a fresh sweep gives, bit for bit") {
  // Recent sweeps are kept per key count, so moving the keys slider away and back finds them; another thread has its
  // own kept sweeps (none yet), so there the sweep is drawn afresh.
  const std::vector<int> dks = {1, 2, 64, 4096};
  const std::vector<Scale> scales = {kNone, kSqrt, kLinear};
  const auto afresh = [&](int keys, int trials) {
    return std::async(std::launch::async, [&] { return entropySweep(dks, keys, trials, 11, scales); }).get();
  };
  for (const int keys : {5, 6, 7}) entropySweep(dks, keys, 60, 11, scales);
  const int visits[][2] = {{6, 40}, {5, 90}, {7, 60}, {8, 30}, {5, 20}};
  for (const auto& [keys, trials] : visits) {
    const EntropySweep kept = entropySweep(dks, keys, trials, 11, scales), fresh = afresh(keys, trials);
    CHECK(kept.meanEntropy == fresh.meanEntropy);
    CHECK(kept.entropyStandardError == fresh.entropyStandardError);
    CHECK(kept.meanMaxWeight == fresh.meanMaxWeight);
    CHECK(kept.maxWeightStandardError == fresh.maxWeightStandardError);
  }
}
