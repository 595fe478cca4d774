#include "dot_product.hpp"

#include <cmath>

#include "errors.hpp"
#include "gamma.hpp"
#include "rng.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

constexpr const char* kFunction = "dotProductExperiment";

double directDotProduct(NormalSampler& normal, int keyDimension) {
  double sum = 0.0;
  for (int i = 0; i < keyDimension; ++i) {
    const double q = normal.next();
    sum += q * normal.next();
  }
  return sum;
}

double fastDotProduct(NormalSampler& normal, int keyDimension) {
  return std::sqrt(sampleChiSquared(normal, keyDimension)) * normal.next();
}

}  // namespace

DotProductExperiment dotProductExperiment(int keyDimension, int count, std::uint64_t seed, const Scale& scale,
                                          DotProductMethod method, int bins) {
  requireIntegerInRange(kFunction, "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange(kFunction, "count", count, 2, kMaxSamples);
  requireScale(kFunction, scale);
  if (!isNamed(kDotProductMethodNames, method)) {
    failArgument(ErrorKind::Range, kFunction, "method", listNumbered(kDotProductMethodNames), static_cast<int>(method));
  }
  requireIntegerInRange(kFunction, "bins", bins, 1, kMaxBins);
  if (method == DotProductMethod::Direct) {
    // Direct costs 2·dₖ normals per sample; the cap keeps one call to a few seconds.
    requireAtMost(kFunction, "dk*count (direct method)", static_cast<std::int64_t>(keyDimension) * count,
                  kMaxDirectProducts);
  }

  const double divisor = scaleDivisor(scale, keyDimension);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  DotProductExperiment result;
  result.samples.resize(count);
  for (int s = 0; s < count; ++s) {
    const double product = method == DotProductMethod::Direct ? directDotProduct(normal, keyDimension)
                                                              : fastDotProduct(normal, keyDimension);
    result.samples[s] = product / divisor;
  }

  const Moments moments = sampleMoments(result.samples);
  result.mean = moments.mean;
  result.variance = moments.variance;
  result.std = std::sqrt(moments.variance);
  result.meanStandardError = meanStandardError(moments);
  result.varianceStandardError = varianceStandardError(moments);
  result.stdStandardError = result.std > 0 ? result.varianceStandardError / (2.0 * result.std) : 0.0;
  result.theoryVariance = scoreVariance(scale, keyDimension);
  result.theoryStd = std::sqrt(result.theoryVariance);

  const double halfRange = 4.0 * result.theoryStd;
  result.histogram = histogram(result.samples, -halfRange, halfRange, bins);
  const double width = 2.0 * halfRange / bins;
  result.densityCounts.resize(bins);
  for (int b = 0; b < bins; ++b) {
    const double centre = -halfRange + (b + 0.5) * width;
    result.densityCounts[b] = normalDensity(centre, 0.0, result.theoryVariance) * count * width;
  }
  return result;
}

}  // namespace attention_lab
