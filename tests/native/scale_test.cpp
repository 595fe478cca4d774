#include "scale.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"

using namespace attention_lab;

TEST_CASE("each scale mode divides by its documented divisor") {
  CHECK(scaleDivisor({ScaleMode::None, 1.0}, 64) == 1.0);
  CHECK(scaleDivisor({ScaleMode::Sqrt, 1.0}, 64) == 8.0);
  CHECK(scaleDivisor({ScaleMode::Linear, 1.0}, 64) == 64.0);
  CHECK(scaleDivisor({ScaleMode::Temperature, 2.5}, 64) == 2.5);
  CHECK(scaleModeName(ScaleMode::None) == "none");
  CHECK(scaleModeName(ScaleMode::Sqrt) == "sqrt");
  CHECK(scaleModeName(ScaleMode::Linear) == "linear");
  CHECK(scaleModeName(ScaleMode::Temperature) == "temperature");
}

TEST_CASE("scoreStd reproduces the lesson's magnitudes, and ÷√dₖ gives 1 at every dₖ") {
  const Scale none{ScaleMode::None, 1.0};
  CHECK(scoreStd(none, 2) == doctest::Approx(1.414).epsilon(1e-3));
  CHECK(scoreStd(none, 16) == 4.0);
  CHECK(scoreStd(none, 64) == 8.0);
  CHECK(scoreStd(none, 128) == doctest::Approx(11.314).epsilon(1e-4));
  CHECK(scoreStd(none, 512) == doctest::Approx(22.627).epsilon(1e-4));
  CHECK(scoreStd(none, 768) == doctest::Approx(27.713).epsilon(1e-4));
  CHECK(scoreStd(none, 1024) == 32.0);
  CHECK(scoreStd(none, 4096) == 64.0);
  for (int dk : {1, 2, 64, 512, 65536}) {
    CAPTURE(dk);
    CHECK(scoreVariance({ScaleMode::Sqrt, 1.0}, dk) == doctest::Approx(1.0));
    CHECK(scoreVariance({ScaleMode::Linear, 1.0}, dk) == doctest::Approx(1.0 / dk));
    CHECK(scoreVariance({ScaleMode::None, 1.0}, dk) == doctest::Approx(dk));
  }
  CHECK(scoreVariance({ScaleMode::Temperature, 4.0}, 64) == doctest::Approx(4.0));
}

TEST_CASE("scale functions reject bad modes, temperatures and dimensions") {
  CHECK_THROWS_WITH_AS(scaleDivisor({static_cast<ScaleMode>(7), 1.0}, 4),
                       "scaleDivisor: scale.mode must be 0 (none), 1 (sqrt), 2 (linear) or 3 (temperature), got 7",
                       CoreError);
  CHECK_THROWS_WITH_AS(scaleDivisor({ScaleMode::Temperature, 0.0}, 4),
                       "scaleDivisor: scale.temperature must be between 0.001 and 1e+06, got 0", CoreError);
  CHECK_THROWS_WITH_AS(scaleDivisor({ScaleMode::Temperature, NAN}, 4),
                       "scaleDivisor: scale.temperature must be between 0.001 and 1e+06, got nan", CoreError);
  CHECK_THROWS_WITH_AS(scaleDivisor({ScaleMode::Temperature, 2e6}, 4),
                       "scaleDivisor: scale.temperature must be between 0.001 and 1e+06, got 2000000", CoreError);
  CHECK_THROWS_WITH_AS(scaleDivisor({ScaleMode::Sqrt, 1.0}, 0), "scaleDivisor: dk must be between 1 and 65536, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(scoreVariance({ScaleMode::Sqrt, 1.0}, 65537),
                       "scaleDivisor: dk must be between 1 and 65536, got 65537", CoreError);
  CHECK_THROWS_WITH_AS(scaleModeName(static_cast<ScaleMode>(-1)),
                       "scaleModeName: mode must be 0 (none), 1 (sqrt), 2 (linear) or 3 (temperature), got -1",
                       CoreError);
}

TEST_CASE("scoreStatistics: mean 0, and the variance, std and divisor of each scale") {
  const ScoreStatistics unscaled = scoreStatistics(Scale{ScaleMode::None, 1.0}, 512);
  CHECK(unscaled.mean == 0.0);
  CHECK(unscaled.variance == 512.0);
  CHECK(unscaled.std == doctest::Approx(std::sqrt(512.0)));
  CHECK(unscaled.divisor == 1.0);
  const ScoreStatistics scaled = scoreStatistics(Scale{ScaleMode::Sqrt, 1.0}, 512);
  CHECK(scaled.variance == doctest::Approx(1.0));
  CHECK(scaled.divisor == doctest::Approx(std::sqrt(512.0)));
  CHECK_THROWS_WITH_AS(scoreStatistics(Scale{ScaleMode::Sqrt, 1.0}, 0),
                       "scoreStatistics: dk must be between 1 and 65536, got 0", CoreError);
}
