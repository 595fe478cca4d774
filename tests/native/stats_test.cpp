#include "stats.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "errors.hpp"
#include "rng.hpp"
#include "test_vectors.hpp"

using namespace attention_lab;
using test_vectors::vec;

TEST_CASE("sampleMoments of a small hand-checked sample") {
  // 1, 2, 3, 4, 10: mean 4, Σd² = 9+4+1+0+36 = 50, Σd³ = −27−8−1+0+216 = 180, Σd⁴ = 81+16+1+0+1296 = 1394.
  const Moments m = sampleMoments(vec({1, 2, 3, 4, 10}));
  CHECK(m.count == 5);
  CHECK(m.mean == doctest::Approx(4.0));
  CHECK(m.variance == doctest::Approx(12.5));
  CHECK(m.centralFourth == doctest::Approx(1394.0 / 5));
  CHECK(m.skewness == doctest::Approx((180.0 / 5) / std::pow(10.0, 1.5)));
  CHECK(m.excessKurtosis == doctest::Approx((1394.0 / 5) / 100.0 - 3.0));
  CHECK(meanStandardError(m) == doctest::Approx(std::sqrt(12.5 / 5)));
  CHECK(varianceStandardError(m) == doctest::Approx(std::sqrt((1394.0 / 5 - 156.25) / 5)));
  const Moments flat = sampleMoments(vec({2, 2, 2}));
  CHECK(flat.variance == 0.0);
  CHECK(flat.skewness == 0.0);
  CHECK(flat.excessKurtosis == 0.0);
}

TEST_CASE("normal CDF and density") {
  CHECK(standardNormalCdf(0) == doctest::Approx(0.5));
  CHECK(standardNormalCdf(1.959963984540054) == doctest::Approx(0.975));
  CHECK(standardNormalCdf(-INFINITY) == 0.0);
  CHECK(normalDensity(0, 0, 1) == doctest::Approx(0.3989422804014327));
  CHECK(normalDensity(3, 1, 4) == doctest::Approx(std::exp(-0.5) / std::sqrt(8 * 3.141592653589793)));
}

TEST_CASE("Kolmogorov p-values match the known distribution, smoothly across the series switch") {
  const double n = 1e12;  // makes the small-sample correction negligible, so λ = √n·D
  const auto at = [n](double lambda) { return kolmogorovPValue(lambda / std::sqrt(n), n); };
  CHECK(at(0.5) == doctest::Approx(0.9639452).epsilon(1e-5));
  CHECK(at(1.0) == doctest::Approx(0.2699997).epsilon(1e-5));
  CHECK(at(1.358) == doctest::Approx(0.0500268).epsilon(1e-4));
  CHECK(at(1.63) == doctest::Approx(0.0098464).epsilon(1e-4));
  CHECK(at(1.1799) == doctest::Approx(at(1.1801)).epsilon(1e-3));
  CHECK(kolmogorovPValue(0.0, 100) == 1.0);
  CHECK(kolmogorovPValue(1.0, 100) < 1e-30);
}

TEST_CASE("one-sample KS statistic on hand-checked samples") {
  CHECK(ksTestNormal(vec({0})).statistic == doctest::Approx(0.5));
  CHECK(ksTestNormal(vec({-1, 1})).statistic == doctest::Approx(0.8413447 - 0.5).epsilon(1e-6));
  // Shifting both the samples and the reference mean changes nothing.
  CHECK(ksTestNormal(vec({9, 11}), 10, 1).statistic == doctest::Approx(0.8413447 - 0.5).epsilon(1e-6));
}

TEST_CASE("KS rejects samples from the wrong distribution") {
  Xoshiro256pp engine(17);
  NormalSampler normal(engine);
  Eigen::VectorXd uniform(5000), wide(5000);
  for (int i = 0; i < 5000; ++i) {
    uniform[i] = engine.uniform();
    wide[i] = 1.2 * normal.next();
  }
  CHECK(ksTestNormal(uniform).pValue < 1e-6);
  CHECK(ksTestNormal(wide).pValue < 1e-3);          // variance 1.44 instead of 1
  CHECK(ksTestNormal(wide, 0, 1.2).pValue > 0.01);  // but fine against the right σ
  Eigen::VectorXd narrow(5000);
  for (int i = 0; i < 5000; ++i) narrow[i] = normal.next();
  CHECK(ksTestTwoSample(narrow, wide).pValue < 1e-3);
}

TEST_CASE("two-sample KS statistic with disjoint, overlapping and tied samples") {
  CHECK(ksTestTwoSample(vec({1, 2, 3}), vec({4, 5, 6})).statistic == doctest::Approx(1.0));
  CHECK(ksTestTwoSample(vec({1, 2, 3, 4}), vec({3, 4, 5, 6})).statistic == doctest::Approx(0.5));
  CHECK(ksTestTwoSample(vec({1, 1, 2}), vec({1, 1, 2})).statistic == 0.0);  // ties must not open a gap
  CHECK(ksTestTwoSample(vec({1, 1, 2}), vec({1, 1, 2})).pValue == 1.0);
}

TEST_CASE("histogram bins, edges and out-of-range counts") {
  const Histogram h = histogram(vec({-3, -1, -0.5, 0, 0.5, 1, 1, 2, 5}), -2, 2, 4);
  REQUIRE(h.edges.size() == 5);
  CHECK(h.edges[0] == -2.0);
  CHECK(h.edges[2] == 0.0);
  CHECK(h.edges[4] == 2.0);
  REQUIRE(h.counts.size() == 4);
  CHECK(h.counts[0] == 0.0);  // [−2, −1)
  CHECK(h.counts[1] == 2.0);  // [−1, 0): −1, −0.5
  CHECK(h.counts[2] == 2.0);  // [0, 1): 0, 0.5
  CHECK(h.counts[3] == 3.0);  // [1, 2]: 1, 1, 2 (the top edge belongs to the last bin)
  CHECK(h.below == 1);
  CHECK(h.above == 1);
}

TEST_CASE("stats functions reject bad input with exact messages") {
  const Eigen::VectorXd big = Eigen::VectorXd::Zero(1000001);
  CHECK_THROWS_WITH_AS(sampleMoments(vec({1})), "sampleMoments: samples must be of length 2 to 1000000, got 1 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleMoments(big),
                       "sampleMoments: samples must be of length 2 to 1000000, got 1000001 elements", CoreError);
  CHECK_THROWS_WITH_AS(sampleMoments(vec({1, NAN})), "sampleMoments: samples[1] must be finite, got nan", CoreError);

  CHECK_THROWS_WITH_AS(standardNormalCdf(NAN), "standardNormalCdf: x must be between -inf and inf, got nan", CoreError);
  CHECK_THROWS_WITH_AS(normalDensity(INFINITY, 0, 1), "normalDensity: x must be finite, got inf", CoreError);
  CHECK_THROWS_WITH_AS(normalDensity(0, NAN, 1), "normalDensity: mean must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(normalDensity(0, 0, 0), "normalDensity: variance must be a finite number greater than 0, got 0",
                       CoreError);

  CHECK_THROWS_WITH_AS(kolmogorovPValue(1.5, 10), "kolmogorovPValue: statistic must be between 0 and 1, got 1.5",
                       CoreError);
  CHECK_THROWS_WITH_AS(kolmogorovPValue(0.5, 0),
                       "kolmogorovPValue: effectiveCount must be a finite number greater than 0, got 0", CoreError);

  CHECK_THROWS_WITH_AS(ksTestNormal(Eigen::VectorXd()),
                       "ksTestNormal: samples must be of length 1 to 1000000, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(ksTestNormal(vec({INFINITY})), "ksTestNormal: samples[0] must be finite, got inf", CoreError);
  CHECK_THROWS_WITH_AS(ksTestNormal(vec({0}), NAN, 1), "ksTestNormal: mean must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(ksTestNormal(vec({0}), 0, -1),
                       "ksTestNormal: std must be a finite number greater than 0, got -1", CoreError);

  CHECK_THROWS_WITH_AS(ksTestTwoSample(Eigen::VectorXd(), vec({1})),
                       "ksTestTwoSample: a must be of length 1 to 1000000, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(ksTestTwoSample(vec({1}), big),
                       "ksTestTwoSample: b must be of length 1 to 1000000, got 1000001 elements", CoreError);
  CHECK_THROWS_WITH_AS(ksTestTwoSample(vec({1}), vec({2, NAN})), "ksTestTwoSample: b[1] must be finite, got nan",
                       CoreError);

  CHECK_THROWS_WITH_AS(histogram(Eigen::VectorXd(), 0, 1, 4),
                       "histogram: samples must be of length 1 to 1000000, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({NAN}), 0, 1, 4), "histogram: samples[0] must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({0}), -INFINITY, 1, 4), "histogram: low must be finite, got -inf", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({0}), 0, NAN, 4), "histogram: high must be finite, got nan", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({0}), 2, 2, 4), "histogram: high must be greater than low (2), got 2", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({0}), 0, 1, 0), "histogram: bins must be between 1 and 1000, got 0", CoreError);
  CHECK_THROWS_WITH_AS(histogram(vec({0}), 0, 1, 1001), "histogram: bins must be between 1 and 1000, got 1001",
                       CoreError);
}

TEST_CASE("normalWithin: the lesson's 68–95–99.7 rule, from the normal CDF") {
  CHECK(normalWithin(0) == 0.0);
  CHECK(normalWithin(1) == doctest::Approx(0.682689492137).epsilon(1e-10));
  CHECK(normalWithin(2) == doctest::Approx(0.954499736104).epsilon(1e-10));
  CHECK(normalWithin(3) == doctest::Approx(0.997300203937).epsilon(1e-10));
  CHECK(normalWithin(40) == 1.0);
  CHECK_THROWS_WITH_AS(normalWithin(-1), "normalWithin: sigmas must be between 0 and 40, got -1", CoreError);
  CHECK_THROWS_WITH_AS(normalWithin(NAN), "normalWithin: sigmas must be between 0 and 40, got nan", CoreError);
}

TEST_CASE("histogram of extreme ranges: finite correct bins where the range overflows or its bins underflow") {
  // high − low overflows to ∞ here; the sample lies 0.794 of the way up, so in bin 7 of 10.
  const Histogram wide = histogram(vec({1e308, -1.7e308, 1.7e308}), -1.7e308, 1.7e308, 10);
  CHECK(wide.counts.sum() == 3.0);
  CHECK(wide.counts[7] == 1.0);
  CHECK(wide.counts[0] == 1.0);
  CHECK(wide.counts[9] == 1.0);
  CHECK(wide.edges.allFinite());
  CHECK(wide.edges[0] == -1.7e308);
  CHECK(wide.edges[10] == 1.7e308);
  CHECK(wide.edges[5] == doctest::Approx(0.0).epsilon(1e-300));
  // Each of 1000 bins of [0, 1e-321] is narrower than the smallest double: the ends still land in the end bins.
  const Histogram narrow = histogram(vec({0, 1e-321}), 0, 1e-321, 1000);
  CHECK(narrow.counts.sum() == 2.0);
  CHECK(narrow.counts[0] == 1.0);
  CHECK(narrow.counts[999] == 1.0);
  CHECK(narrow.below + narrow.above == 0);
  CHECK(narrow.edges.allFinite());
  for (Eigen::Index i = 0; i < 1000; ++i) CHECK(narrow.edges[i] <= narrow.edges[i + 1]);
  // Found by stats_fuzz: 255 bins over the subnormals [1, 202]·2⁻¹⁰⁷⁴ once gave a descending pair of edges.
  const Histogram tiny = histogram(vec({0x1p-1074}), 0x1p-1074, 0xcap-1074, 255);
  for (Eigen::Index i = 0; i < 255; ++i) CHECK(tiny.edges[i] <= tiny.edges[i + 1]);
  // Subnormal and largest finite samples and ranges together.
  const Histogram mixed = histogram(vec({5e-324, -5e-324, 1.7976931348623157e308}), -5e-324, 1.7976931348623157e308, 3);
  CHECK(mixed.counts.sum() == 3.0);
  CHECK(mixed.counts[2] == 1.0);
}
