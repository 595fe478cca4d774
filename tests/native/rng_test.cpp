#include "rng.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "errors.hpp"
#include "gamma.hpp"
#include "stats.hpp"

using namespace attention_lab;

// ---- Pinned xoshiro256++ outputs (splitmix64 seeding) — the WASM build must assert the same constants. ----
// Xoshiro256pp(42, 0).next() × 6:
constexpr std::array<std::uint64_t, 6> kSeed42Stream0 = {0xd0764d4f4476689fULL, 0x519e4174576f3791ULL,
                                                         0xfbe07cfb0c24ed8cULL, 0xb37d9f600cd835b8ULL,
                                                         0xcb231c3874846a73ULL, 0x968d9f004e50de7dULL};
// Xoshiro256pp(42, 1).next() × 3 (one jump() of 2^128 steps):
constexpr std::array<std::uint64_t, 3> kSeed42Stream1 = {0xc0b6f4be293b1ae5ULL, 0x5db3dd9683e7bb33ULL,
                                                         0x08d177efba75b08eULL};
// Xoshiro256pp(42, 0).uniform() first value: (0xd0764d4f4476689f >> 11) · 2^-53
constexpr double kSeed42FirstUniform = 0.8143051451229099;
// ---- end of pinned constants ----

TEST_CASE("xoshiro256++ reproduces the pinned outputs for seed 42") {
  Xoshiro256pp engine(42);
  for (std::uint64_t expected : kSeed42Stream0) CHECK(engine.next() == expected);
  Xoshiro256pp stream1(42, 1);
  for (std::uint64_t expected : kSeed42Stream1) CHECK(stream1.next() == expected);
  Xoshiro256pp forUniform(42);
  CHECK(forUniform.uniform() == kSeed42FirstUniform);  // exact: 53 bits times a power of two
}

TEST_CASE("stream s is the seed's sequence after s jumps, and streams differ") {
  Xoshiro256pp jumped(7);
  jumped.jump();
  jumped.jump();
  Xoshiro256pp stream2(7, 2);
  for (int i = 0; i < 8; ++i) CHECK(jumped.next() == stream2.next());
  Xoshiro256pp a(7, 0), b(7, 1), c(8, 0);
  const std::uint64_t first = a.next();
  CHECK(first != b.next());
  CHECK(first != c.next());
}

TEST_CASE("uniform lies in 0 to 1 (1 excluded) with mean 1/2 and variance 1/12") {
  Xoshiro256pp engine(3);
  constexpr int kCount = 100000;
  Eigen::VectorXd u(kCount);
  for (int i = 0; i < kCount; ++i) u[i] = engine.uniform();
  CHECK(u.minCoeff() >= 0.0);
  CHECK(u.maxCoeff() < 1.0);
  const Moments m = sampleMoments(u);
  CHECK(std::abs(m.mean - 0.5) < 4 * std::sqrt(1.0 / 12 / kCount));
  CHECK(std::abs(m.variance - 1.0 / 12) < 4 * varianceStandardError(m));
}

TEST_CASE("normal sampler: moments within 4 standard errors of N(0, 1), and KS does not reject") {
  Xoshiro256pp engine(2024);
  NormalSampler normal(engine);
  constexpr int kCount = 200000;
  Eigen::VectorXd x(kCount);
  for (int i = 0; i < kCount; ++i) x[i] = normal.next();
  const Moments m = sampleMoments(x);
  const double n = kCount;
  // Normal-theory standard errors of the sample moments: 1/√n, √(2/n), √(6/n), √(24/n).
  CHECK(std::abs(m.mean) < 4 / std::sqrt(n));
  CHECK(std::abs(m.variance - 1.0) < 4 * std::sqrt(2 / n));
  CHECK(std::abs(m.skewness) < 4 * std::sqrt(6 / n));
  CHECK(std::abs(m.excessKurtosis) < 4 * std::sqrt(24 / n));
  const KsResult ks = ksTestNormal(x);
  CHECK(ks.pValue > 0.01);
  CHECK(ks.statistic < 1.63 / std::sqrt(n));  // the 1% critical value
}

TEST_CASE("normal sampler draws pairs: same seed, same numbers") {
  Xoshiro256pp e1(99), e2(99);
  NormalSampler a(e1), b(e2);
  for (int i = 0; i < 5; ++i) CHECK(a.next() == b.next());
  CHECK(&a.engine() == &e1);
}

// One reading of a stream: `normals` normals, then a uniform, repeated; its numbers as bits.
static std::vector<double> readStream(NormalPairs* pairs, int normals, int rounds) {
  Xoshiro256pp engine(9, 3);
  NormalSampler normal(engine);
  normal.usePairs(pairs);
  std::vector<double> read;
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < normals; ++i) read.push_back(normal.next());
    read.push_back(engine.uniform());
  }
  return read;
}

TEST_CASE("kept Box–Muller pairs: a stream read in other groupings gives the same numbers with them as without") {
  NormalPairs pairs;
  // Groupings of odd and even lengths put the pairs at both parities, so later readings meet kept pairs.
  for (int normals : {3, 4, 7, 2, 64, 65, 1}) {
    CAPTURE(normals);
    const std::vector<double> alone = readStream(nullptr, normals, 4000);
    const std::vector<double> helped = readStream(&pairs, normals, 4000);
    REQUIRE(helped.size() == alone.size());
    CHECK(std::memcmp(helped.data(), alone.data(), alone.size() * sizeof(double)) == 0);
  }
  CHECK(pairs.size() > 0);
}

TEST_CASE("kept Box–Muller pairs hold the blocks of positions a reading made, not those it skipped") {
  NormalPairs pairs;
  double first = 0.0, second = 0.0;
  pairs.keep(50000, 1.5, -2.5);  // a reading that starts far into the stream, as new trials do
  CHECK(pairs.size() == 4096);
  CHECK_FALSE(pairs.find(0, first, second));
  CHECK_FALSE(pairs.find(50001, first, second));
  pairs.keep(3, 0.25, 0.75);
  CHECK(pairs.size() == 2 * 4096);
  REQUIRE(pairs.find(50000, first, second));  // a block made before stays where it was
  CHECK(first == 1.5);
  CHECK(second == -2.5);
  pairs.keep(std::uint64_t{1} << 16, 1.0, 1.0);  // beyond a stream's cap: not kept
  CHECK(pairs.size() == 2 * 4096);
  CHECK_FALSE(pairs.find(std::uint64_t{1} << 16, first, second));
}

TEST_CASE("gamma sampler (Marsaglia–Tsang) has mean and variance equal to its shape") {
  Xoshiro256pp engine(11);
  NormalSampler normal(engine);
  constexpr int kCount = 50000;
  for (double shape : {0.5, 1.0, 3.7, 100.0}) {
    CAPTURE(shape);
    Eigen::VectorXd g(kCount);
    for (int i = 0; i < kCount; ++i) g[i] = sampleGamma(normal, shape);
    CHECK(g.minCoeff() >= 0.0);
    const Moments m = sampleMoments(g);
    CHECK(std::abs(m.mean - shape) < 4 * meanStandardError(m));
    CHECK(std::abs(m.variance - shape) < 4 * varianceStandardError(m));
    CHECK(m.skewness == doctest::Approx(2 / std::sqrt(shape)).epsilon(0.15));  // Gamma skewness 2/√k
  }
}

TEST_CASE("χ²(k) from the gamma sampler matches the sum of k squared normals (two-sample KS)") {
  Xoshiro256pp e1(5), e2(6);
  NormalSampler fast(e1), direct(e2);
  constexpr int kCount = 20000;
  for (int k : {1, 3, 30}) {
    CAPTURE(k);
    Eigen::VectorXd a(kCount), b(kCount);
    for (int i = 0; i < kCount; ++i) {
      a[i] = sampleChiSquared(fast, k);
      double sum = 0.0;
      for (int j = 0; j < k; ++j) {
        const double z = direct.next();
        sum += z * z;
      }
      b[i] = sum;
    }
    CHECK(ksTestTwoSample(a, b).pValue > 0.01);
  }
}

TEST_CASE("gamma and χ² samplers reject bad shapes") {
  Xoshiro256pp engine(1);
  NormalSampler normal(engine);
  CHECK_THROWS_WITH_AS(sampleGamma(normal, 0.0), "sampleGamma: shape must be a finite number greater than 0, got 0",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleGamma(normal, NAN), "sampleGamma: shape must be a finite number greater than 0, got nan",
                       CoreError);
  CHECK_THROWS_WITH_AS(sampleChiSquared(normal, -2.0),
                       "sampleChiSquared: degreesOfFreedom must be a finite number greater than 0, got -2", CoreError);
  CHECK_THROWS_WITH_AS(sampleChiSquared(normal, INFINITY),
                       "sampleChiSquared: degreesOfFreedom must be a finite number greater than 0, got inf", CoreError);
}

TEST_CASE("randomIntegers: the engine's raw outputs of a stream, with its bounds checked") {
  const std::vector<std::uint64_t> first = randomIntegers(42, 0, static_cast<int>(kSeed42Stream0.size()));
  REQUIRE(first.size() == kSeed42Stream0.size());
  for (std::size_t i = 0; i < first.size(); ++i) CHECK(first[i] == kSeed42Stream0[i]);
  CHECK(randomIntegers(42, 1, 3)[0] == kSeed42Stream1[0]);
  CHECK_THROWS_WITH_AS(randomIntegers(1, 65, 1), "randomIntegers: stream must be between 0 and 64, got 65", CoreError);
  CHECK_THROWS_WITH_AS(randomIntegers(1, 0, 0), "randomIntegers: count must be between 1 and 4096, got 0", CoreError);
}
