#include "dot_product.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "errors.hpp"
#include "gamma.hpp"
#include "recent_draws.hpp"
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

// keyDimension was validated once per experiment (1..kMaxKeyDimension), not at each of its draws.
double fastDotProduct(NormalSampler& normal, int keyDimension) {
  return std::sqrt(sampleChiSquaredUnchecked(normal, keyDimension)) * normal.next();
}

// The raw products q·k of recent experiments, kept for the next call: moving the samples slider asks for the same
// draws again, only more or fewer of them (sample s is the s-th draw of the seed's stream), toggling the scale asks
// for the same draws divided otherwise, and moving dₖ back returns to draws already made. Dividing and the
// statistics are done afresh each call: the same bits with or without it.
constexpr std::int64_t kMaxRememberedProducts = std::int64_t{1} << 20;  // of all experiments kept; 8 MiB

class DrawnProducts {
 public:
  DrawnProducts(int keyDimension, std::uint64_t seed, DotProductMethod method)
      : keyDimension_(keyDimension),
        seed_(seed),
        method_(method),
        engine_(std::make_unique<Xoshiro256pp>(seed)),
        normal_(std::make_unique<NormalSampler>(*engine_)) {}

  bool isFor(int keyDimension, std::uint64_t seed, DotProductMethod method) const {
    return keyDimension == keyDimension_ && seed == seed_ && method == method_;
  }

  // Draws products until `count` exist.
  void extend(int count) {
    if (static_cast<int>(products_.size()) >= count) return;
    products_.reserve(static_cast<std::size_t>(count));
    // Every dₖ reads stream 0 of the seed: the Box–Muller pairs another dₖ made serve where this reading meets them.
    normal_->usePairs(&normalPairsOf(seed_, 0));
    while (static_cast<int>(products_.size()) < count)
      products_.push_back(method_ == DotProductMethod::Direct ? directDotProduct(*normal_, keyDimension_)
                                                              : fastDotProduct(*normal_, keyDimension_));
    normal_->usePairs(nullptr);
  }

  std::int64_t size() const { return static_cast<std::int64_t>(products_.size()); }
  double operator[](int s) const { return products_[static_cast<std::size_t>(s)]; }

 private:
  int keyDimension_;
  std::uint64_t seed_;
  DotProductMethod method_;
  std::unique_ptr<Xoshiro256pp> engine_;
  std::unique_ptr<NormalSampler> normal_;  // draws from *engine_, so both live on the heap and never move
  std::vector<double> products_;
};

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
  thread_local RecentDraws<DrawnProducts> recent(kMaxRememberedProducts);
  const DrawnProducts& products =
      recent.extended([&](const DrawnProducts& kept) { return kept.isFor(keyDimension, seed, method); },
                      [&] { return std::make_unique<DrawnProducts>(keyDimension, seed, method); }, count);
  DotProductExperiment result;
  result.samples.resize(count);
  for (int s = 0; s < count; ++s) result.samples[s] = products[s] / divisor;

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
