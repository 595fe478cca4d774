#include "gradient_survival.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

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

constexpr int kSeeds = 200;
constexpr int kKeys = 8;

// The values the widgets' log dₖ slider stops at (4 steps per doubling, each once): 4, 5, 6, 7, 8, 10, …, 4096.
std::vector<int> sliderStops(int from, int to) {
  std::vector<int> stops;
  for (int k = 0;; ++k) {
    const int value = static_cast<int>(std::lround(std::pow(2.0, k / 4.0)));
    if (value < from || (!stops.empty() && stops.back() == value)) continue;
    stops.push_back(std::min(value, to));
    if (value >= to) return stops;
  }
}

double share(const Eigen::VectorXd& scores, double divisor) {
  return gradientSurvival(softmax(scores / divisor)).share;
}

const Scale kScales[] = {
    {ScaleMode::None, 1.0}, {ScaleMode::Sqrt, 1.0}, {ScaleMode::Linear, 1.0}, {ScaleMode::Temperature, 8.0}};

}  // namespace

TEST_CASE("bounded to [0, 1]: 1 at uniform weights, exactly 0 at one-hot, and tr J relative to uniform's") {
  for (int n : {2, 3, 8, 512, 65536}) {
    CAPTURE(n);
    CHECK(gradientSurvival(Eigen::VectorXd::Constant(n, 1.0 / n)).share == doctest::Approx(1.0).epsilon(1e-15));
    Eigen::VectorXd oneHot = Eigen::VectorXd::Zero(n);
    oneHot[n - 1] = 1.0;
    CHECK(gradientSurvival(oneHot).share == 0.0);
  }
  // Two equal weights beat uniform on ‖J‖_F at n = 3, but not on the trace.
  CHECK(gradientSurvival(vec({0.5, 0.5, 0})).share == doctest::Approx(0.75));
  CHECK(gradientSurvival(vec({0.3, 0.3, 0.2, 0.2})).share == doctest::Approx(0.74 / 0.75));
  Xoshiro256pp engine(3);
  NormalSampler normal(engine);
  for (int t = 0; t < 2000; ++t) {
    const int n = 2 + t % 63;
    Eigen::VectorXd scores(n);
    for (Eigen::Index i = 0; i < n; ++i) scores[i] = std::pow(10.0, t % 5 - 2) * normal.next();
    const Eigen::VectorXd p = softmax(scores);
    const double s = gradientSurvival(p).share;
    CAPTURE(t);
    REQUIRE(s >= 0.0);
    REQUIRE(s <= 1.0);
    CHECK(s == doctest::Approx(softmaxJacobian(p).trace() / (1.0 - 1.0 / n)).epsilon(1e-12));
  }
  // Weights that sum to 1 + 1e-10 (within the accepted 1e-9·n) are still uniform, not 100.000001 %.
  CHECK(gradientSurvival(Eigen::VectorXd::Constant(4, 0.25 + 2.5e-11)).share == 1.0);
}

TEST_CASE("the four bands by the documented thresholds, with their names") {
  const GradientSurvivalThresholds& edge = kGradientSurvivalThresholds;
  CHECK(edge.healthy == 0.5);
  CHECK(edge.fading == 0.1);
  CHECK(edge.dying == 1e-3);
  CHECK(survivalState(1.0) == GradientSurvival::Healthy);
  CHECK(survivalState(edge.healthy) == GradientSurvival::Healthy);
  CHECK(survivalState(std::nextafter(edge.healthy, 0.0)) == GradientSurvival::Fading);
  CHECK(survivalState(edge.fading) == GradientSurvival::Fading);
  CHECK(survivalState(std::nextafter(edge.fading, 0.0)) == GradientSurvival::Dying);
  CHECK(survivalState(edge.dying) == GradientSurvival::Dying);
  CHECK(survivalState(std::nextafter(edge.dying, 0.0)) == GradientSurvival::Dead);
  CHECK(survivalState(0.0) == GradientSurvival::Dead);
  CHECK(survivalName(GradientSurvival::Healthy) == "healthy");
  CHECK(survivalName(GradientSurvival::Fading) == "fading");
  CHECK(survivalName(GradientSurvival::Dying) == "dying");
  CHECK(survivalName(GradientSurvival::Dead) == "dead");
}

TEST_CASE("one towering bar is never healthy: a top weight of 0.95 or more is at most fading") {
  for (int n : {2, 8, 64}) {
    for (double top : {0.95, 0.9855, 0.999, 0.99995}) {
      CAPTURE(n);
      CAPTURE(top);
      // The rest shared evenly is the most spread the others can be, so the largest share that top allows.
      Eigen::VectorXd p = Eigen::VectorXd::Constant(n, (1 - top) / (n - 1));
      p[0] = top;
      CHECK(gradientSurvival(p).state != GradientSurvival::Healthy);
      CHECK(gradientSurvival(p).share <= 2 * (1 - top) / (1 - 1.0 / n));
    }
  }
}

TEST_CASE("the lesson's scores walk through the bands as the logits are multiplied") {
  const Eigen::VectorXd s = vec({1, 0.5, 0, -0.5});
  CHECK(gradientSurvival(softmax(s)).share == doctest::Approx(0.904).epsilon(1e-3));
  CHECK(gradientSurvival(softmax(s)).state == GradientSurvival::Healthy);
  CHECK(gradientSurvival(softmax(5 * s)).state == GradientSurvival::Fading);
  CHECK(gradientSurvival(softmax(10 * s)).state == GradientSurvival::Dying);
  CHECK(gradientSurvival(softmax(20 * s)).state == GradientSurvival::Dead);  // max weight 0.99995
  CHECK(gradientSurvival(softmax(50 * s)).state == GradientSurvival::Dead);
}

TEST_CASE("monotone: multiplying fixed scores never raises the share (larger spread, less gradient)") {
  Xoshiro256pp engine(17);
  NormalSampler normal(engine);
  for (int t = 0; t < 300; ++t) {
    Eigen::VectorXd scores(2 + t % 31);
    for (Eigen::Index i = 0; i < scores.size(); ++i) scores[i] = normal.next();
    double previous = 1.0;
    for (double m = 0.0; m <= 40.0; m += 0.25) {
      const double s = gradientSurvival(softmax(m * scores)).share;
      CAPTURE(t);
      CAPTURE(m);
      REQUIRE(s <= previous * (1 + 1e-12));
      previous = s;
    }
  }
}

TEST_CASE("monotone along dₖ for each scale: a query of typical length √dₖ in a fixed direction") {
  // The scores are √dₖ·z for alignments z: unscaled they spread like √dₖ, ÷√dₖ they stay z, ÷dₖ they shrink.
  const std::vector<int> dks = sliderStops(1, 4096);
  for (int seed = 1; seed <= kSeeds; ++seed) {
    Xoshiro256pp engine(static_cast<std::uint64_t>(seed));
    NormalSampler normal(engine);
    const Eigen::VectorXd z = sampleQuery(normal, 1, kKeys).alignments;
    for (const Scale& scale : kScales) {
      CAPTURE(seed);
      CAPTURE(scaleModeName(scale.mode));
      std::vector<double> shares;
      for (int dk : dks) shares.push_back(share(std::sqrt(dk) * z, scaleDivisor(scale, dk)));
      for (std::size_t i = 1; i < shares.size(); ++i) {
        CAPTURE(dks[i]);
        if (scale.mode == ScaleMode::Sqrt) REQUIRE(shares[i] == doctest::Approx(shares[0]).epsilon(1e-12));
        if (scale.mode == ScaleMode::Linear) REQUIRE(shares[i] >= shares[i - 1] * (1 - 1e-12));
        if (scale.mode == ScaleMode::None || scale.mode == ScaleMode::Temperature)
          REQUIRE(shares[i] <= shares[i - 1] * (1 + 1e-12));
      }
    }
  }
}

TEST_CASE("no flicker: along the dₖ slider from 4 to 4096 the shown query's band never turns back, 200 seeds") {
  const std::vector<int> dks = sliderStops(4, 4096);
  REQUIRE(dks.front() == 4);
  REQUIRE(dks.back() == 4096);
  for (int seed = 1; seed <= kSeeds; ++seed) {
    for (const Scale& scale : kScales) {
      CAPTURE(seed);
      CAPTURE(scaleModeName(scale.mode));
      std::vector<int> bands;
      for (int dk : dks) {
        const Eigen::VectorXd scores = sampleQueryScores(dk, kKeys, static_cast<std::uint64_t>(seed));
        bands.push_back(static_cast<int>(gradientSurvival(softmax(scores / scaleDivisor(scale, dk))).state));
      }
      int direction = 0;  // the first change sets it; a change the other way is a flicker
      for (std::size_t i = 1; i < bands.size(); ++i) {
        const int step = bands[i] - bands[i - 1];
        if (step == 0) continue;
        CAPTURE(dks[i]);
        if (scale.mode == ScaleMode::None) REQUIRE(step > 0);    // only ever towards dead
        if (scale.mode == ScaleMode::Linear) REQUIRE(step < 0);  // only ever towards healthy
        REQUIRE(step * direction >= 0);
        direction = step;
      }
    }
  }
  // The lesson's own query (seed 1) makes the whole journey unscaled, and stays healthy ÷√dₖ.
  const auto state = [&](ScaleMode mode, int dk) {
    return gradientSurvival(softmax(sampleQueryScores(dk, kKeys, 1) / scaleDivisor(Scale{mode, 1.0}, dk))).state;
  };
  CHECK(state(ScaleMode::None, 4) == GradientSurvival::Healthy);
  CHECK(state(ScaleMode::None, 64) == GradientSurvival::Fading);
  CHECK(state(ScaleMode::None, 512) == GradientSurvival::Dying);
  CHECK(state(ScaleMode::None, 4096) == GradientSurvival::Dead);
  for (int dk : dks) CHECK(state(ScaleMode::Sqrt, dk) == GradientSurvival::Healthy);
}

TEST_CASE("gradientSurvival and survivalState reject bad arguments with exact messages") {
  CHECK_THROWS_WITH_AS(gradientSurvival(vec({1.0})),
                       "gradientSurvival: weights must be of length 2 to 65536, got 1 elements", CoreError);
  CHECK_THROWS_WITH_AS(gradientSurvival(vec({0.7, 0.7})),
                       "gradientSurvival: weights must be a probability vector summing to 1 within 2e-09, got a sum of "
                       "1.4",
                       CoreError);
  CHECK_THROWS_WITH_AS(survivalState(-0.1), "survivalState: share must be a number from 0 to 1, got -0.1", CoreError);
  CHECK_THROWS_WITH_AS(survivalState(1.5), "survivalState: share must be a number from 0 to 1, got 1.5", CoreError);
  CHECK_THROWS_WITH_AS(survivalState(NAN), "survivalState: share must be a number from 0 to 1, got nan", CoreError);
  CHECK_THROWS_WITH_AS(survivalName(static_cast<GradientSurvival>(9)),
                       "survivalName: state must be 0 (healthy), 1 (fading), 2 (dying) or 3 (dead), got 9", CoreError);
}
