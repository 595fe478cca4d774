#include "scores.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"
#include "stats.hpp"

using namespace attention_lab;

TEST_CASE("sampleQueryScores: reproducible, and scores of many queries have variance dₖ") {
  CHECK(sampleQueryScores(64, 8, 3) == sampleQueryScores(64, 8, 3));
  CHECK(sampleQueryScores(64, 8, 3) != sampleQueryScores(64, 8, 4));
  // Given q the scores share |q|; over many queries the pooled scores have Var = E|q|² = dₖ.
  Xoshiro256pp engine(8);
  NormalSampler normal(engine);
  for (int dk : {1, 512, 65536}) {
    CAPTURE(dk);
    Eigen::VectorXd pooled(20000);
    for (int t = 0; t < 10000; ++t) pooled.segment(2 * t, 2) = sampleQueryScores(normal, dk, 2);
    const Moments m = sampleMoments(pooled);
    // Pairs share a query, so the samples are not independent: allow 4 naive SEs.
    CHECK(std::abs(m.variance - dk) < 4 * varianceStandardError(m));
  }
}

TEST_CASE("one query's scores are N(0, |q|²): their spread tracks √dₖ") {
  const Eigen::VectorXd scores = sampleQueryScores(4096, 4096, 12);
  const Moments m = sampleMoments(scores);
  // |q| = √χ²(4096) is within a few percent of 64.
  CHECK(std::sqrt(m.variance) == doctest::Approx(64.0).epsilon(0.06));
}

TEST_CASE("sampleQueryScores rejects bad sizes with exact messages") {
  CHECK_THROWS_WITH_AS(sampleQueryScores(0, 4, 1), "sampleQueryScores: dk must be between 1 and 65536, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleQueryScores(65537, 4, 1), "sampleQueryScores: dk must be between 1 and 65536, got 65537",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleQueryScores(4, 0, 1), "sampleQueryScores: keyCount must be between 1 and 4096, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleQueryScores(4, 4097, 1),
                       "sampleQueryScores: keyCount must be between 1 and 4096, got 4097", CoreError);
  Xoshiro256pp engine(1);
  NormalSampler normal(engine);
  CHECK_THROWS_WITH_AS(sampleQueryScores(normal, -1, 4), "sampleQueryScores: dk must be between 1 and 65536, got -1",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleQueryScores(normal, 4, 5000),
                       "sampleQueryScores: keyCount must be between 1 and 4096, got 5000", CoreError);
}
