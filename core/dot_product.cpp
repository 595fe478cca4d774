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

// The statistics of recent experiments, by everything they depend on: moving dₖ back to a setting already drawn, at
// the same samples and scale, reads them instead of summing and binning the same samples again. Each holds the
// histogram and density only (about 1.2 KB); the samples are divided afresh from the kept products.
constexpr std::size_t kMaxRememberedSummaries = 96;  // both scales at every stop of the dₖ slider

struct SummaryOf {
  int keyDimension;
  int count;
  std::uint64_t seed;
  DotProductMethod method;
  double divisor;
  double theoryVariance;
  int bins;

  bool operator==(const SummaryOf& o) const {
    return keyDimension == o.keyDimension && count == o.count && seed == o.seed && method == o.method &&
           divisor == o.divisor && theoryVariance == o.theoryVariance && bins == o.bins;
  }
};

class RecentSummaries {
 public:
  // The kept summary of `setting`, moved to the front; nullptr if none is kept.
  const DotProductExperiment* find(const SummaryOf& setting) {
    auto found = std::find_if(kept_.begin(), kept_.end(), [&](const Kept& k) { return k.setting == setting; });
    if (found == kept_.end()) return nullptr;
    std::rotate(kept_.begin(), found, found + 1);
    return &kept_.front().summary;
  }

  void keep(const SummaryOf& setting, DotProductExperiment summary) {
    kept_.insert(kept_.begin(), Kept{setting, std::move(summary)});
    if (kept_.size() > kMaxRememberedSummaries) kept_.pop_back();
  }

 private:
  struct Kept {
    SummaryOf setting;
    DotProductExperiment summary;  // its samples empty
  };
  std::vector<Kept> kept_;
};

// Everything but the samples, from them.
void summarize(DotProductExperiment& result, double theoryVariance, int bins) {
  const auto count = static_cast<double>(result.samples.size());
  const Moments moments = sampleMoments(result.samples);
  result.mean = moments.mean;
  result.variance = moments.variance;
  result.std = std::sqrt(moments.variance);
  result.meanStandardError = meanStandardError(moments);
  result.varianceStandardError = varianceStandardError(moments);
  result.stdStandardError = result.std > 0 ? result.varianceStandardError / (2.0 * result.std) : 0.0;
  result.theoryVariance = theoryVariance;
  result.theoryStd = std::sqrt(result.theoryVariance);

  const double halfRange = 4.0 * result.theoryStd;
  result.histogram = histogram(result.samples, -halfRange, halfRange, bins);
  const double width = 2.0 * halfRange / bins;
  result.densityCounts.resize(bins);
  for (int b = 0; b < bins; ++b) {
    const double centre = -halfRange + (b + 0.5) * width;
    result.densityCounts[b] = normalDensity(centre, 0.0, result.theoryVariance) * count * width;
  }
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
  thread_local RecentDraws<DrawnProducts> recent(kMaxRememberedProducts);
  const DrawnProducts& products =
      recent.extended([&](const DrawnProducts& kept) { return kept.isFor(keyDimension, seed, method); },
                      [&] { return std::make_unique<DrawnProducts>(keyDimension, seed, method); }, count);
  const SummaryOf setting{keyDimension, count, seed, method, divisor, scoreVariance(scale, keyDimension), bins};
  thread_local RecentSummaries summaries;
  const DotProductExperiment* known = summaries.find(setting);
  DotProductExperiment result = known != nullptr ? *known : DotProductExperiment{};
  result.samples.resize(count);
  for (int s = 0; s < count; ++s) result.samples[s] = products[s] / divisor;
  if (known != nullptr) return result;

  summarize(result, setting.theoryVariance, bins);
  Eigen::VectorXd samples;
  samples.swap(result.samples);  // the summary is kept without them
  summaries.keep(setting, result);
  result.samples.swap(samples);
  return result;
}

}  // namespace attention_lab
