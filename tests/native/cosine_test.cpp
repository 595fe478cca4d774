// The O(1) cosine sampler (CosineMethod::Fast) against theory and against the definition (Direct).
#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"
#include "stats.hpp"
#include "sweeps.hpp"

using namespace attention_lab;

namespace {

CosineSweep sweepOf(int d, int pairs, std::uint64_t seed, CosineMethod method) {
  return cosineSweep({d}, pairs, seed, method);
}

}  // namespace

TEST_CASE("fast cosines: mean 0 and variance 1/d within sampling error over many seeds") {
  constexpr int kSeeds = 60;
  for (int d : {2, 3, 16, 256, 4096}) {
    CAPTURE(d);
    int meanMisses = 0;
    int varianceMisses = 0;
    double varianceSum = 0.0;
    double varianceErrorSquares = 0.0;
    for (int seed = 1; seed <= kSeeds; ++seed) {
      const CosineSweep s = sweepOf(d, 2000, static_cast<std::uint64_t>(seed), CosineMethod::Fast);
      CHECK(s.samples[0].cwiseAbs().maxCoeff() <= 1.0);
      if (std::abs(s.mean[0]) > 3 * s.meanStandardError[0]) ++meanMisses;
      if (std::abs(s.variance[0] - 1.0 / d) > 3 * s.varianceStandardError[0]) ++varianceMisses;
      varianceSum += s.variance[0];
      varianceErrorSquares += s.varianceStandardError[0] * s.varianceStandardError[0];
    }
    // Beyond 3 SE happens 0.27 % of the time: a few misses in 60 seeds would already say the sampler is biased.
    CHECK(meanMisses <= 2);
    CHECK(varianceMisses <= 2);
    // The average over all seeds pins the variance far more tightly than one seed does.
    const double pooledError = std::sqrt(varianceErrorSquares) / kSeeds;
    CHECK(std::abs(varianceSum / kSeeds - 1.0 / d) < 4 * pooledError);
  }
}

TEST_CASE("fast and direct cosines have the same distribution (two-sample KS), and KS tells another d apart") {
  for (int d : {2, 5, 64, 512}) {
    CAPTURE(d);
    const CosineSweep direct = sweepOf(d, 5000, 31, CosineMethod::Direct);
    const CosineSweep fast = sweepOf(d, 5000, 32, CosineMethod::Fast);
    CHECK(ksTestTwoSample(direct.samples[0], fast.samples[0]).pValue > 0.01);
    // The same test has the power to see a dimension 1.5× off: a pass above is not for want of power.
    const CosineSweep other = sweepOf(d * 3 / 2 + 1, 5000, 32, CosineMethod::Fast);
    CHECK(ksTestTwoSample(direct.samples[0], other.samples[0]).pValue < 0.01);
  }
}

TEST_CASE("fast cosines at d = 1 are ±1 with both signs, like the direct ones") {
  const CosineSweep fast = sweepOf(1, 4000, 5, CosineMethod::Fast);
  CHECK(fast.samples[0].cwiseAbs().minCoeff() == 1.0);
  CHECK(std::abs(fast.mean[0]) < 3 * fast.meanStandardError[0]);
}

TEST_CASE("fast cosines repeat with the seed and change with it") {
  const CosineSweep a = sweepOf(300, 100, 7, CosineMethod::Fast);
  const CosineSweep b = sweepOf(300, 100, 7, CosineMethod::Fast);
  const CosineSweep c = sweepOf(300, 100, 8, CosineMethod::Fast);
  CHECK(a.samples[0] == b.samples[0]);
  CHECK(a.samples[0] != c.samples[0]);
}

TEST_CASE("fast cosines cost O(1) draws, so their limit counts pairs, not dimensions") {
  CHECK(cosineSweep({4096, 4096}, 2000, 1, CosineMethod::Fast).samples.size() == 2);
  CHECK_THROWS_WITH_AS(cosineSweep({4096, 4096}, 2000, 1, CosineMethod::Direct),
                       "cosineSweep: 2*pairs*sum(dimensions) must be at most 20000000, got 32768000", CoreError);
  CHECK_THROWS_WITH_AS(cosineSweep({8}, 100, 1, static_cast<CosineMethod>(2)),
                       "cosineSweep: method must be 0 (direct) or 1 (fast), got 2", CoreError);
}
