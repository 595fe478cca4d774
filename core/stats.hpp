#pragma once
// Sample statistics the widgets read out next to theory, and the tests that check samplers against theory.
#include <Eigen/Core>
#include <cstdint>

namespace attention_lab {

// Two-pass moments of a sample. variance is the unbiased s² (÷(N−1)); skewness and excessKurtosis use the
// central moments m2, m3, m4 (÷N): g1 = m3 / m2^1.5, g2 = m4 / m2² − 3 (0 for a normal).
struct Moments {
  std::int64_t count = 0;
  double mean = 0.0;
  double variance = 0.0;
  double skewness = 0.0;
  double excessKurtosis = 0.0;
  double centralFourth = 0.0;  // m4, kept for the standard error of the variance
};

// samples: length 2..kMaxSamples, finite.
Moments sampleMoments(const Eigen::VectorXd& samples);

// SE of the sample mean: s / √N.
double meanStandardError(const Moments& moments);
// SE of s², distribution-free: sqrt((m4 − s⁴) / N). For a normal m4 = 3σ⁴ and this is the familiar σ²·sqrt(2/N);
// unlike that normal-theory formula it stays right for heavy-tailed samples such as q·k at dₖ = 1 (kurtosis 6).
double varianceStandardError(const Moments& moments);

// Φ(x) for the standard normal.
double standardNormalCdf(double x);
// P(|Z| ≤ sigmas) for a standard normal Z: how much of N(0, σ²) lies within `sigmas` standard deviations (0..40).
double normalWithin(double sigmas);
// Density of N(mean, variance) at x; variance > 0.
double normalDensity(double x, double mean, double variance);

struct KsResult {
  double statistic = 0.0;  // D = sup |F₁ − F₂|
  double pValue = 1.0;     // asymptotic Kolmogorov distribution with Stephens' small-sample correction
};

// P(D > d) for the Kolmogorov distribution at an effective sample size (N, or N·M/(N+M) for two samples).
double kolmogorovPValue(double statistic, double effectiveCount);
// One-sample Kolmogorov–Smirnov test of samples against N(mean, std²).
KsResult ksTestNormal(const Eigen::VectorXd& samples, double mean = 0.0, double std = 1.0);
// Two-sample Kolmogorov–Smirnov test: are a and b drawn from the same continuous distribution?
KsResult ksTestTwoSample(const Eigen::VectorXd& a, const Eigen::VectorXd& b);

// Equal-width bins over [low, high]; a value equal to high falls in the last bin; others outside are counted apart.
struct Histogram {
  Eigen::VectorXd edges;   // bins + 1 edges, edges[0] = low, edges[bins] = high
  Eigen::VectorXd counts;  // bins counts (whole numbers, stored as doubles for typed-array transfer)
  std::int64_t below = 0;  // samples < low
  std::int64_t above = 0;  // samples > high
};

// samples: length 1..kMaxSamples, finite; low < high, both finite; bins 1..kMaxBins.
Histogram histogram(const Eigen::VectorXd& samples, double low, double high, int bins);

}  // namespace attention_lab
