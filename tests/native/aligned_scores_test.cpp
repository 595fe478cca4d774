#include "aligned_scores.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"

using namespace attention_lab;

TEST_CASE("aligned q and k: mean ρ·dₖ and variance dₖ(1 + ρ²) before the scale") {
  const ScoreStatistics none = alignedScoreStatistics(Scale{ScaleMode::None}, 4096, 0.5);
  CHECK(none.mean == doctest::Approx(2048.0));
  CHECK(none.variance == doctest::Approx(4096.0 * 1.25));
  CHECK(none.divisor == 1.0);
  // ÷√dₖ: the mean grows like ρ√dₖ, 0.5·64 = 32 at dₖ 4096, while the spread stays √(1 + ρ²).
  const ScoreStatistics sqrt = alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 4096, 0.5);
  CHECK(sqrt.mean == doctest::Approx(32.0));
  CHECK(sqrt.std == doctest::Approx(std::sqrt(1.25)));
  // ÷dₖ: the mean is ρ whatever dₖ is, and the spread shrinks like 1/√dₖ.
  const ScoreStatistics linear = alignedScoreStatistics(Scale{ScaleMode::Linear}, 4096, 0.5);
  CHECK(linear.mean == doctest::Approx(0.5));
  CHECK(linear.std == doctest::Approx(std::sqrt(1.25) / 64.0));
  CHECK(alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 1024, 0.5).mean == doctest::Approx(16.0));
  CHECK(alignedScoreStatistics(Scale{ScaleMode::Temperature, 8.0}, 64, 0.25).mean == doctest::Approx(2.0));
}

TEST_CASE("at ρ = 0 the aligned statistics are the independent case the lesson derives") {
  for (int dk : {1, 64, 4096}) {
    for (ScaleMode mode : kAlignedScaleModes) {
      const ScoreStatistics aligned = alignedScoreStatistics(Scale{mode}, dk, 0.0);
      const ScoreStatistics independent = scoreStatistics(Scale{mode}, dk);
      CHECK(aligned.mean == 0.0);
      CHECK(aligned.variance == doctest::Approx(independent.variance));
    }
  }
}

TEST_CASE("from dₖ 64 to 4096 at ρ = 0.5, ÷√dₖ grows ×8 while ÷dₖ stays at 0.5") {
  const double sqrt64 = alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 64, 0.5).mean;
  const double sqrt4096 = alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 4096, 0.5).mean;
  CHECK(sqrt4096 / sqrt64 == doctest::Approx(8.0));
  CHECK(alignedScoreStatistics(Scale{ScaleMode::Linear}, 64, 0.5).mean == doctest::Approx(0.5));
}

TEST_CASE("sampled scores match the closed forms within a few standard errors, over seeds and alignments") {
  const int pairs = 20000;
  for (double rho : {-1.0, -0.3, 0.0, 0.5, 1.0}) {
    for (int dk : {1, 16, 1024}) {
      for (std::uint64_t seed : {1u, 2u, 3u}) {
        const AlignedScores draw = alignedScores(dk, rho, pairs, seed);
        CHECK(draw.keyDimension == dk);
        for (std::size_t s = 0; s < 3; ++s) {
          const AlignedScaleScores& entry = draw.byScale[s];
          CAPTURE(rho);
          CAPTURE(dk);
          CAPTURE(s);
          CHECK(entry.mode == kAlignedScaleModes[s]);
          CHECK(entry.scores.size() == pairs);
          // SE of the mean is σ/√N; 5 SE leaves a false alarm rate far below one in this whole loop.
          const double meanError = entry.theory.std / std::sqrt(static_cast<double>(pairs));
          CHECK(std::abs(entry.mean - entry.theory.mean) < 5 * meanError);
          // The sample std within 5 % (q·k at dₖ 1 is heavy-tailed, so no tighter normal-theory bound).
          CHECK(entry.std == doctest::Approx(entry.theory.std).epsilon(0.05));
        }
      }
    }
  }
}

TEST_CASE("the three scales see the same draws, divided by 1, √dₖ and dₖ") {
  const AlignedScores draw = alignedScores(256, 0.5, 100, 7);
  for (Eigen::Index i = 0; i < 100; ++i) {
    CHECK(draw.byScale[1].scores[i] == doctest::Approx(draw.byScale[0].scores[i] / 16.0));
    CHECK(draw.byScale[2].scores[i] == doctest::Approx(draw.byScale[0].scores[i] / 256.0));
  }
  // The same seed gives the same scores; another seed does not.
  CHECK(alignedScores(256, 0.5, 100, 7).byScale[0].scores == draw.byScale[0].scores);
  CHECK(alignedScores(256, 0.5, 100, 8).byScale[0].scores != draw.byScale[0].scores);
}

TEST_CASE("alignedScores and alignedScoreStatistics refuse bad arguments by name") {
  CHECK_THROWS_WITH_AS(alignedScores(0, 0.5, 10, 1), "alignedScores: dk must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(alignedScores(4, 1.5, 10, 1), "alignedScores: alignment must be between -1 and 1, got 1.5",
                       CoreError);
  CHECK_THROWS_WITH_AS(alignedScores(4, NAN, 10, 1), "alignedScores: alignment must be between -1 and 1, got nan",
                       CoreError);
  CHECK_THROWS_WITH_AS(alignedScores(4, 0.5, 1, 1), "alignedScores: pairs must be between 2 and 1000000, got 1",
                       CoreError);
  CHECK_THROWS_WITH_AS(alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 4, -2),
                       "alignedScoreStatistics: alignment must be between -1 and 1, got -2", CoreError);
  CHECK_THROWS_WITH_AS(alignedScoreStatistics(Scale{ScaleMode::Sqrt}, 65537, 0),
                       "alignedScoreStatistics: dk must be between 1 and 65536, got 65537", CoreError);
  CHECK_THROWS_WITH_AS(alignedScoreStatistics(Scale{static_cast<ScaleMode>(9)}, 4, 0),
                       "alignedScoreStatistics: scale.mode must be 0 (none), 1 (sqrt), 2 (linear) or 3 (temperature), "
                       "got 9",
                       CoreError);
}
