#include "dot_product.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <future>

#include "errors.hpp"
#include "stats.hpp"

using namespace attention_lab;

namespace {
const Scale kNone{ScaleMode::None, 1.0};
const Scale kSqrt{ScaleMode::Sqrt, 1.0};
}  // namespace

TEST_CASE("Var(q·k) = dₖ within 3 standard errors, for dₖ from 1 to 4096") {
  // Direct where it is cheap; Fast (exact, O(1) per sample) where Direct would make the suite slow.
  struct Case {
    int dk;
    int count;
    DotProductMethod method;
  };
  for (const Case c : {Case{1, 20000, DotProductMethod::Direct}, Case{16, 20000, DotProductMethod::Direct},
                       Case{64, 10000, DotProductMethod::Direct}, Case{64, 50000, DotProductMethod::Fast},
                       Case{512, 50000, DotProductMethod::Fast}, Case{4096, 50000, DotProductMethod::Fast}}) {
    CAPTURE(c.dk);
    CAPTURE(static_cast<int>(c.method));
    const DotProductExperiment e = dotProductExperiment(c.dk, c.count, 1000 + c.dk, kNone, c.method, 40);
    CHECK(e.theoryVariance == doctest::Approx(c.dk));
    CHECK(e.theoryStd == doctest::Approx(std::sqrt(c.dk)));
    CHECK(std::abs(e.variance - c.dk) < 3 * e.varianceStandardError);
    CHECK(std::abs(e.mean) < 3 * e.meanStandardError);
    CHECK(std::abs(e.std - std::sqrt(c.dk)) < 3 * e.stdStandardError);
    CHECK(e.samples.size() == c.count);
  }
}

TEST_CASE("the standard error of the variance follows the sample's kurtosis") {
  // At dₖ = 1, q·k = XY has E[(XY)⁴] = 9, so SE(s²) ≈ sqrt(8/N), twice the normal-theory sqrt(2/N).
  const DotProductExperiment e = dotProductExperiment(1, 40000, 5, kNone, DotProductMethod::Fast, 10);
  CHECK(e.varianceStandardError == doctest::Approx(std::sqrt(8.0 / 40000)).epsilon(0.15));
  CHECK(e.meanStandardError == doctest::Approx(e.std / std::sqrt(40000.0)));
}

TEST_CASE("Direct and Fast sample the same distribution (two-sample KS), and KS can tell a wrong scale") {
  for (int dk : {1, 64}) {
    CAPTURE(dk);
    const DotProductExperiment direct = dotProductExperiment(dk, 10000, 21, kNone, DotProductMethod::Direct, 10);
    const DotProductExperiment fast = dotProductExperiment(dk, 10000, 22, kNone, DotProductMethod::Fast, 10);
    CHECK(ksTestTwoSample(direct.samples, fast.samples).pValue > 0.01);
    const DotProductExperiment wrong =
        dotProductExperiment(dk, 10000, 22, {ScaleMode::Temperature, 1.25}, DotProductMethod::Fast, 10);
    CHECK(ksTestTwoSample(direct.samples, wrong.samples).pValue < 0.01);
  }
}

TEST_CASE("÷√dₖ brings the variance to 1 and, once the CLT has taken hold, the histogram to N(0, 1)") {
  for (int dk : {4, 512, 65536}) {
    CAPTURE(dk);
    const DotProductExperiment e = dotProductExperiment(dk, 50000, 77, kSqrt, DotProductMethod::Fast, 40);
    CHECK(e.theoryVariance == doctest::Approx(1.0));
    CHECK(std::abs(e.variance - 1.0) < 3 * e.varianceStandardError);
    // A sum of dₖ products xᵢyᵢ (each of excess kurtosis 6) has excess kurtosis 6/dₖ: the normal shape is a limit.
    const Moments m = sampleMoments(e.samples);
    // Tolerance: about 4 SE of a normal sample's kurtosis (√(24/N) ≈ 0.022) plus 15% for the heavier tails at small dₖ.
    CHECK(std::abs(m.excessKurtosis - 6.0 / dk) < 0.1 + 0.15 * 6.0 / dk);
    if (dk >= 512) {
      CHECK(ksTestNormal(e.samples).pValue > 0.01);
    } else {
      CHECK(ksTestNormal(e.samples).pValue < 0.01);  // at dₖ = 4 the peak and tails are visibly not normal
    }
  }
  const DotProductExperiment linear =
      dotProductExperiment(256, 50000, 78, {ScaleMode::Linear, 1.0}, DotProductMethod::Fast, 40);
  CHECK(linear.theoryVariance == doctest::Approx(1.0 / 256));
  CHECK(std::abs(linear.variance - 1.0 / 256) < 3 * linear.varianceStandardError);
}

TEST_CASE("histogram spans ±4σ and the density overlay is scaled to counts") {
  const int count = 20000, bins = 50;
  const DotProductExperiment e = dotProductExperiment(64, count, 3, kNone, DotProductMethod::Fast, bins);
  REQUIRE(e.histogram.edges.size() == bins + 1);
  CHECK(e.histogram.edges[0] == doctest::Approx(-32.0));
  CHECK(e.histogram.edges[bins] == doctest::Approx(32.0));
  CHECK(e.histogram.counts.sum() + e.histogram.below + e.histogram.above == count);
  REQUIRE(e.densityCounts.size() == bins);
  // The density integrates to P(|Z| ≤ 4) ≈ 0.99994 of the count, and peaks at the centre like the counts.
  CHECK(e.densityCounts.sum() == doctest::Approx(count * 0.99994).epsilon(0.002));
  CHECK(e.densityCounts[bins / 2] == doctest::Approx(e.histogram.counts[bins / 2]).epsilon(0.1));
  CHECK(e.densityCounts[bins / 2] > e.densityCounts[0]);
}

TEST_CASE("same seed gives the same samples and another seed other samples") {
  const DotProductExperiment a = dotProductExperiment(32, 100, 9, kNone, DotProductMethod::Direct, 5);
  const DotProductExperiment b = dotProductExperiment(32, 100, 9, kNone, DotProductMethod::Direct, 5);
  const DotProductExperiment c = dotProductExperiment(32, 100, 10, kNone, DotProductMethod::Direct, 5);
  CHECK(a.samples == b.samples);
  CHECK(a.samples != c.samples);
}

TEST_CASE("dotProductExperiment rejects bad arguments with exact messages") {
  const auto run = [](int dk, int count, const Scale& scale, DotProductMethod method, int bins) {
    return dotProductExperiment(dk, count, 1, scale, method, bins);
  };
  CHECK_THROWS_WITH_AS(run(0, 100, kNone, DotProductMethod::Fast, 10),
                       "dotProductExperiment: dk must be between 1 and 65536, got 0", CoreError);
  CHECK_THROWS_WITH_AS(run(65537, 100, kNone, DotProductMethod::Fast, 10),
                       "dotProductExperiment: dk must be between 1 and 65536, got 65537", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 1, kNone, DotProductMethod::Fast, 10),
                       "dotProductExperiment: count must be between 2 and 1000000, got 1", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 1000001, kNone, DotProductMethod::Fast, 10),
                       "dotProductExperiment: count must be between 2 and 1000000, got 1000001", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 100, {static_cast<ScaleMode>(4), 1.0}, DotProductMethod::Fast, 10),
                       "dotProductExperiment: scale.mode must be 0 (none), 1 (sqrt), 2 (linear) or 3 (temperature), "
                       "got 4",
                       CoreError);
  CHECK_THROWS_WITH_AS(run(4, 100, {ScaleMode::Temperature, INFINITY}, DotProductMethod::Fast, 10),
                       "dotProductExperiment: scale.temperature must be between 0.001 and 1e+06, got inf", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 100, kNone, static_cast<DotProductMethod>(2), 10),
                       "dotProductExperiment: method must be 0 (direct) or 1 (fast), got 2", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 100, kNone, DotProductMethod::Fast, 0),
                       "dotProductExperiment: bins must be between 1 and 1000, got 0", CoreError);
  CHECK_THROWS_WITH_AS(run(4, 100, kNone, DotProductMethod::Fast, 1001),
                       "dotProductExperiment: bins must be between 1 and 1000, got 1001", CoreError);
  CHECK_THROWS_WITH_AS(run(4096, 20000, kNone, DotProductMethod::Direct, 10),
                       "dotProductExperiment: dk*count (direct method) must be at most 50000000, got 81920000",
                       CoreError);
}

TEST_CASE("more or fewer samples, the other scale or a dₖ come back to give a fresh experiment's bits") {
  // The products drawn lately are kept, and the statistics of settings met again; another thread keeps its own (none
  // yet), so there they are drawn and summed afresh.
  struct Call {
    int dk, count;
    Scale scale;
    DotProductMethod method;
  };
  const Call calls[] = {{64, 500, kNone, DotProductMethod::Fast},  {64, 2000, kSqrt, DotProductMethod::Fast},
                        {16, 300, kNone, DotProductMethod::Fast},  {64, 700, kNone, DotProductMethod::Fast},
                        {64, 100, kSqrt, DotProductMethod::Fast},  {16, 900, kSqrt, DotProductMethod::Fast},
                        {8, 400, kNone, DotProductMethod::Direct}, {8, 200, kSqrt, DotProductMethod::Direct},
                        {64, 2000, kNone, DotProductMethod::Fast}, {16, 300, kNone, DotProductMethod::Fast},
                        {64, 2000, kSqrt, DotProductMethod::Fast}, {8, 200, kSqrt, DotProductMethod::Direct}};
  for (const Call& c : calls) {
    const auto run = [&] { return dotProductExperiment(c.dk, c.count, 3, c.scale, c.method, 20); };
    const DotProductExperiment kept = run(), fresh = std::async(std::launch::async, run).get();
    CHECK(kept.samples == fresh.samples);
    CHECK(kept.mean == fresh.mean);
    CHECK(kept.variance == fresh.variance);
    CHECK(kept.std == fresh.std);
    CHECK(kept.meanStandardError == fresh.meanStandardError);
    CHECK(kept.varianceStandardError == fresh.varianceStandardError);
    CHECK(kept.stdStandardError == fresh.stdStandardError);
    CHECK(kept.theoryVariance == fresh.theoryVariance);
    CHECK(kept.theoryStd == fresh.theoryStd);
    CHECK(kept.histogram.edges == fresh.histogram.edges);
    CHECK(kept.histogram.counts == fresh.histogram.counts);
    CHECK(kept.histogram.below == fresh.histogram.below);
    CHECK(kept.histogram.above == fresh.histogram.above);
    CHECK(kept.densityCounts == fresh.densityCounts);
  }
}
