#include "stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "errors.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

constexpr double kPi = 3.141592653589793238462643383279;

std::vector<double> sortedCopy(const Eigen::VectorXd& values) {
  std::vector<double> sorted(values.data(), values.data() + values.size());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace

Moments sampleMoments(const Eigen::VectorXd& samples) {
  requireLength("sampleMoments", "samples", samples.size(), 2, kMaxSamples);
  requireFinite("sampleMoments", "samples", samples);
  const double n = static_cast<double>(samples.size());
  Moments moments;
  moments.count = samples.size();
  moments.mean = samples.mean();
  double m2 = 0.0, m3 = 0.0, m4 = 0.0;
  for (Eigen::Index i = 0; i < samples.size(); ++i) {
    const double d = samples[i] - moments.mean;
    const double d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  moments.variance = m2 / (n - 1.0);
  m2 /= n;
  m3 /= n;
  m4 /= n;
  moments.centralFourth = m4;
  // A constant sample has no shape: report 0 rather than 0/0.
  moments.skewness = m2 > 0 ? m3 / std::pow(m2, 1.5) : 0.0;
  moments.excessKurtosis = m2 > 0 ? m4 / (m2 * m2) - 3.0 : 0.0;
  return moments;
}

double meanStandardError(const Moments& moments) {
  return std::sqrt(moments.variance / static_cast<double>(moments.count));
}

double varianceStandardError(const Moments& moments) {
  const double excess = moments.centralFourth - moments.variance * moments.variance;
  return std::sqrt(std::max(0.0, excess) / static_cast<double>(moments.count));
}

double standardNormalCdf(double x) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  requireInRange("standardNormalCdf", "x", x, -kInfinity, kInfinity);  // ±∞ are fine limits; NaN is not
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double normalWithin(double sigmas) {
  requireInRange("normalWithin", "sigmas", sigmas, 0, 40);
  return standardNormalCdf(sigmas) - standardNormalCdf(-sigmas);
}

double normalDensity(double x, double mean, double variance) {
  requireFiniteValue("normalDensity", "x", x);
  requireFiniteValue("normalDensity", "mean", mean);
  requirePositiveFinite("normalDensity", "variance", variance);
  const double z = x - mean;
  return std::exp(-0.5 * z * z / variance) / std::sqrt(2.0 * kPi * variance);
}

double kolmogorovPValue(double statistic, double effectiveCount) {
  requireInRange("kolmogorovPValue", "statistic", statistic, 0.0, 1.0);
  requirePositiveFinite("kolmogorovPValue", "effectiveCount", effectiveCount);
  const double root = std::sqrt(effectiveCount);
  const double lambda = (root + 0.12 + 0.11 / root) * statistic;
  if (lambda < 1e-3) return 1.0;
  // Two series for Q_KS(λ): the theta-function form converges fast for small λ, the alternating one for large.
  if (lambda < 1.18) {
    const double y = std::exp(-kPi * kPi / (8.0 * lambda * lambda));
    double sum = 0.0;
    for (int k = 1; k <= 7; k += 2) sum += std::pow(y, k * k);
    return std::clamp(1.0 - std::sqrt(2.0 * kPi) / lambda * sum, 0.0, 1.0);
  }
  double sum = 0.0;
  for (int k = 1; k <= 100; ++k) {
    const double term = std::exp(-2.0 * k * k * lambda * lambda);
    sum += (k % 2 == 1 ? term : -term);
    if (term < 1e-17) break;
  }
  return std::clamp(2.0 * sum, 0.0, 1.0);
}

KsResult ksTestNormal(const Eigen::VectorXd& samples, double mean, double std) {
  requireLength("ksTestNormal", "samples", samples.size(), 1, kMaxSamples);
  requireFinite("ksTestNormal", "samples", samples);
  requireFiniteValue("ksTestNormal", "mean", mean);
  requirePositiveFinite("ksTestNormal", "std", std);
  const std::vector<double> sorted = sortedCopy(samples);
  const double n = static_cast<double>(sorted.size());
  double d = 0.0;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const double cdf = standardNormalCdf((sorted[i] - mean) / std);
    // The empirical CDF jumps from i/n to (i+1)/n at each sample: check both sides of the step.
    d = std::max({d, (static_cast<double>(i) + 1.0) / n - cdf, cdf - static_cast<double>(i) / n});
  }
  return {d, kolmogorovPValue(d, n)};
}

KsResult ksTestTwoSample(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  requireLength("ksTestTwoSample", "a", a.size(), 1, kMaxSamples);
  requireLength("ksTestTwoSample", "b", b.size(), 1, kMaxSamples);
  requireFinite("ksTestTwoSample", "a", a);
  requireFinite("ksTestTwoSample", "b", b);
  const std::vector<double> x = sortedCopy(a);
  const std::vector<double> y = sortedCopy(b);
  const double nx = static_cast<double>(x.size());
  const double ny = static_cast<double>(y.size());
  std::size_t i = 0, j = 0;
  double d = 0.0;
  while (i < x.size() && j < y.size()) {
    // Step past every copy of the smaller value in both samples, so ties never open a false gap.
    const double value = std::min(x[i], y[j]);
    while (i < x.size() && x[i] == value) ++i;
    while (j < y.size() && y[j] == value) ++j;
    d = std::max(d, std::abs(static_cast<double>(i) / nx - static_cast<double>(j) / ny));
  }
  return {d, kolmogorovPValue(d, nx * ny / (nx + ny))};
}

Histogram histogram(const Eigen::VectorXd& samples, double low, double high, int bins) {
  requireLength("histogram", "samples", samples.size(), 1, kMaxSamples);
  requireFinite("histogram", "samples", samples);
  requireFiniteValue("histogram", "low", low);
  requireFiniteValue("histogram", "high", high);
  if (!(high > low)) {
    failArgument(ErrorKind::Range, "histogram", "high", "greater than low (" + formatNumber(low) + ")", high);
  }
  requireIntegerInRange("histogram", "bins", bins, 1, kMaxBins);
  Histogram result;
  // high − low can overflow (±1.7e308) and (high − low) / bins can underflow to 0 (a range of 1e-321): bins are
  // found from the fraction of the range below x, computed on halves when the full difference would overflow.
  const bool halve = !std::isfinite(high - low);
  const double range = halve ? high / 2 - low / 2 : high - low;
  result.edges.resize(bins + 1);
  for (int i = 0; i <= bins; ++i) {
    const double f = static_cast<double>(i) / bins;
    // Each step is monotone in f, so the edges ascend even where rounding to subnormals is coarse.
    const double edge = halve ? 2.0 * (low / 2 + range * f) : low + range * f;
    result.edges[i] = std::clamp(edge, low, high);
  }
  result.edges[0] = low;
  result.edges[bins] = high;
  result.counts = Eigen::VectorXd::Zero(bins);
  for (Eigen::Index i = 0; i < samples.size(); ++i) {
    const double x = samples[i];
    if (x < low) {
      ++result.below;
    } else if (x > high) {
      ++result.above;
    } else {
      const double fraction = std::clamp((halve ? x / 2 - low / 2 : x - low) / range, 0.0, 1.0);
      const int bin = std::min(bins - 1, static_cast<int>(fraction * bins));
      result.counts[bin] += 1.0;
    }
  }
  return result;
}

}  // namespace attention_lab
