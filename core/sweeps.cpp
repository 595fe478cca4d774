#include "sweeps.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "exp_pairs.hpp"
#include "gamma.hpp"
#include "jacobian.hpp"
#include "recent_draws.hpp"
#include "rng.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "stats.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// Mean and its standard error from running sums over `count` trials.
void meanAndError(double sum, double sumSquares, int count, double& mean, double& error) {
  mean = sum / count;
  const double variance = std::max(0.0, (sumSquares - count * mean * mean) / (count - 1));
  error = std::sqrt(variance / count);
}

void requireListItems(const char* function, const char* argument, const std::vector<int>& items, std::int64_t cap) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string name = std::string(argument) + "[" + std::to_string(i) + "]";
    requireIntegerInRange(function, name.c_str(), items[i], 1, cap);
  }
}

struct EntropyAndTop {
  double entropy = 0.0;
  double top = 0.0;
};

// softmax(scores / divisor)'s entropy and largest weight in one pass without allocating: the sweep does this
// dks × trials × scales times. With xᵢ = (sᵢ − max)/divisor and Z = Σ e^xᵢ, pᵢ = e^xᵢ/Z and ln pᵢ = xᵢ − ln Z, so
// H = ln Z − Σ e^xᵢ·xᵢ / Z (n exps and one log, not n logs), and the largest weight is e⁰/Z = 1/Z. `largest` is the
// scores' maximum, found once for all scales.
EntropyAndTop entropyAndTop(const Eigen::VectorXd& scores, double largest, double divisor) {
  const double* s = scores.data();
  const Eigen::Index n = scores.size();
  double total = 0.0, weighted = 0.0;
  Eigen::Index i = 0;
#ifdef __wasm_simd128__
  // Two exps at once, each the scalar one's bits (exp_pairs.hpp); the sums still add one term at a time, in order.
  const v128_t largests = wasm_f64x2_splat(largest), divisors = wasm_f64x2_splat(divisor);
  for (; i + 2 <= n; i += 2) {
    const v128_t x = wasm_f64x2_div(wasm_f64x2_sub(wasm_v128_load(s + i), largests), divisors);
    const double x0 = wasm_f64x2_extract_lane(x, 0), x1 = wasm_f64x2_extract_lane(x, 1);
    double e0 = 0.0, e1 = 0.0;
    if (expPairInRange(x)) {
      const v128_t e = expPair(x);
      e0 = wasm_f64x2_extract_lane(e, 0);
      e1 = wasm_f64x2_extract_lane(e, 1);
    } else {
      e0 = std::exp(x0);  // the maximum's exp(0), an underflow or a tiny x: the scalar exp handles those
      e1 = std::exp(x1);
    }
    total += e0;
    weighted += e0 * x0;
    total += e1;
    weighted += e1 * x1;
  }
#endif
  for (; i < n; ++i) {
    const double x = (s[i] - largest) / divisor;
    const double e = std::exp(x);
    total += e;
    weighted += e * x;
  }
  return {std::max(0.0, std::log(total) - weighted / total), 1.0 / total};
}

// Each trial's entropy and top weight of recent sweeps, kept for the next: a learner moving the trials slider asks
// for the same draws again, only more or fewer of them (trial t at dₖ k is the t-th draw of stream k), so only new
// trials are drawn; one moving the keys slider back comes back to sweeps already drawn. The sums are taken afresh
// in trial order each call: the same bits with or without it.
constexpr std::int64_t kMaxRememberedTrials = std::int64_t{1} << 18;  // dks × scales × trials of one sweep; 4 MiB
constexpr std::int64_t kMaxRememberedInAll = std::int64_t{1} << 19;   // of all sweeps kept; 8 MiB

class EntropyTrials {
 public:
  bool isFor(const std::vector<int>& keyDimensions, int keyCount, std::uint64_t seed, const RowMatrix& divisors) const {
    return keyDimensions == keyDimensions_ && keyCount == keyCount_ && seed == seed_ &&
           divisors.rows() == divisors_.rows() && divisors.cols() == divisors_.cols() && divisors == divisors_;
  }

  // Starts the streams of a sweep afresh.
  void reset(const std::vector<int>& keyDimensions, int keyCount, std::uint64_t seed, const RowMatrix& divisors) {
    keyDimensions_ = keyDimensions;
    keyCount_ = keyCount;
    seed_ = seed;
    divisors_ = divisors;
    streams_.clear();
    for (std::size_t k = 0; k < keyDimensions.size(); ++k) {
      auto engine = std::make_unique<Xoshiro256pp>(seed, static_cast<std::uint64_t>(k));
      auto normal = std::make_unique<NormalSampler>(*engine);
      streams_.push_back({std::move(engine), std::move(normal), {}});
    }
  }

  // Draws trials until `trials` exist for every dₖ.
  void extend(int trials) {
    const Eigen::Index scaleCount = divisors_.cols();
    Eigen::VectorXd scores(keyCount_);
    for (std::size_t k = 0; k < streams_.size(); ++k) {
      Stream& stream = streams_[k];
      const auto row = static_cast<Eigen::Index>(k);
      if (static_cast<int>(stream.trials.size() / scaleCount) >= trials) continue;
      // Another key count read this stream before: its Box–Muller pairs serve wherever this reading meets them.
      stream.normal->usePairs(&normalPairsOf(seed_, static_cast<std::uint64_t>(k)));
      for (auto t = static_cast<int>(stream.trials.size() / scaleCount); t < trials; ++t) {
        sampleQueryScoresInto(*stream.normal, keyDimensions_[k], scores);
        double largest = scores[0];
        for (Eigen::Index i = 1; i < scores.size(); ++i) largest = std::max(largest, scores[i]);
        for (Eigen::Index s = 0; s < scaleCount; ++s) {
          // Scales that agree at this dₖ (all of them at dₖ = 1) share the one computation.
          Eigen::Index same = 0;
          while (same < s && divisors_(row, same) != divisors_(row, s)) ++same;
          stream.trials.push_back(same < s ? stream.trials[stream.trials.size() - static_cast<std::size_t>(s - same)]
                                           : entropyAndTop(scores, largest, divisors_(row, s)));
        }
      }
      stream.normal->usePairs(nullptr);
    }
  }

  std::int64_t size() const {
    std::int64_t entries = 0;
    for (const Stream& stream : streams_) entries += static_cast<std::int64_t>(stream.trials.size());
    return entries;
  }

  const EntropyAndTop& trial(Eigen::Index k, Eigen::Index s, int t) const {
    return streams_[static_cast<std::size_t>(k)].trials[static_cast<std::size_t>(t * divisors_.cols() + s)];
  }

 private:
  struct Stream {
    std::unique_ptr<Xoshiro256pp> engine;
    std::unique_ptr<NormalSampler> normal;  // draws from *engine, so both live on the heap and never move
    std::vector<EntropyAndTop> trials;      // trial-major: the scales of trial 0, then of trial 1, …
  };
  std::vector<int> keyDimensions_;
  int keyCount_ = 0;
  std::uint64_t seed_ = 0;
  RowMatrix divisors_;
  std::vector<Stream> streams_;
};

}  // namespace

EntropySweep entropySweep(const std::vector<int>& keyDimensions, int keyCount, int trials, std::uint64_t seed,
                          const std::vector<Scale>& scales) {
  constexpr const char* kFunction = "entropySweep";
  requireLength(kFunction, "dks", static_cast<std::int64_t>(keyDimensions.size()), 1, kMaxSweepPoints);
  requireListItems(kFunction, "dks", keyDimensions, kMaxKeyDimension);
  requireIntegerInRange(kFunction, "keyCount", keyCount, 1, kMaxKeys);
  requireIntegerInRange(kFunction, "trials", trials, 2, kMaxTrials);
  requireLength(kFunction, "scales", static_cast<std::int64_t>(scales.size()), 1, kMaxSweepModes);
  for (const Scale& scale : scales) requireScale(kFunction, scale);
  const std::int64_t work =
      static_cast<std::int64_t>(keyDimensions.size()) * trials * keyCount * static_cast<std::int64_t>(scales.size());
  requireAtMost(kFunction, "dks*trials*keyCount*scales", work, kMaxSweepWork);

  const auto rows = static_cast<Eigen::Index>(scales.size());
  const auto cols = static_cast<Eigen::Index>(keyDimensions.size());
  RowMatrix divisors(cols, rows);
  for (Eigen::Index k = 0; k < cols; ++k) {
    for (Eigen::Index s = 0; s < rows; ++s)
      divisors(k, s) = scaleDivisor(scales[static_cast<std::size_t>(s)], keyDimensions[static_cast<std::size_t>(k)]);
  }
  thread_local RecentDraws<EntropyTrials> recent(kMaxRememberedInAll);
  EntropyTrials fresh;
  const bool remember = static_cast<std::int64_t>(cols) * rows * trials <= kMaxRememberedTrials;
  if (!remember) {
    fresh.reset(keyDimensions, keyCount, seed, divisors);
    fresh.extend(trials);
  }
  const auto isFor = [&](const EntropyTrials& kept) { return kept.isFor(keyDimensions, keyCount, seed, divisors); };
  const auto make = [&] {
    auto sweep = std::make_unique<EntropyTrials>();
    sweep->reset(keyDimensions, keyCount, seed, divisors);
    return sweep;
  };
  const EntropyTrials& drawn = remember ? recent.extended(isFor, make, trials) : fresh;

  EntropySweep sweep;
  sweep.keyDimensions = keyDimensions;
  sweep.scales = scales;
  sweep.maxEntropy = std::log(static_cast<double>(keyCount));
  sweep.meanEntropy.resize(rows, cols);
  sweep.entropyStandardError.resize(rows, cols);
  sweep.meanMaxWeight.resize(rows, cols);
  sweep.maxWeightStandardError.resize(rows, cols);
  for (Eigen::Index k = 0; k < cols; ++k) {
    for (Eigen::Index s = 0; s < rows; ++s) {
      double entropySum = 0, entropySquares = 0, maxSum = 0, maxSquares = 0;
      for (int t = 0; t < trials; ++t) {
        const EntropyAndTop& trial = drawn.trial(k, s, t);
        entropySum += trial.entropy;
        entropySquares += trial.entropy * trial.entropy;
        maxSum += trial.top;
        maxSquares += trial.top * trial.top;
      }
      meanAndError(entropySum, entropySquares, trials, sweep.meanEntropy(s, k), sweep.entropyStandardError(s, k));
      meanAndError(maxSum, maxSquares, trials, sweep.meanMaxWeight(s, k), sweep.maxWeightStandardError(s, k));
    }
  }
  return sweep;
}

Eigen::VectorXd saturationCurve(const Eigen::VectorXd& xs, int n) {
  requireLength("saturationCurve", "xs", xs.size(), 1, kMaxSoftmaxLength);
  requireFinite("saturationCurve", "xs", xs);
  requireIntegerInRange("saturationCurve", "n", n, 1, kMaxSoftmaxLength);
  // p₁ = 1 / (1 + e^(ln(n − 1) − x)): an overflow gives 1/∞ = 0, and n = 1 gives e^(−∞) = 0, so p₁ = 1, never 0/0.
  const double logOthers = std::log(static_cast<double>(n - 1));
  Eigen::VectorXd p(xs.size());
  for (Eigen::Index i = 0; i < xs.size(); ++i) p[i] = 1.0 / (1.0 + std::exp(logOthers - xs[i]));
  return p;
}

JacobianSweep jacobianNormsByMultiplier(const Eigen::VectorXd& scores, const Eigen::VectorXd& multipliers) {
  constexpr const char* kFunction = "jacobianNormsByMultiplier";
  requireLength(kFunction, "scores", scores.size(), 2, kMaxSoftmaxLength);
  requireFinite(kFunction, "scores", scores);
  requireLength(kFunction, "multipliers", multipliers.size(), 1, kMaxSweepPoints);
  requireFinite(kFunction, "multipliers", multipliers);
  JacobianSweep sweep;
  sweep.multipliers = multipliers;
  sweep.maxAbs.resize(multipliers.size());
  sweep.frobenius.resize(multipliers.size());
  sweep.survivalShare.resize(multipliers.size());
  for (Eigen::Index i = 0; i < multipliers.size(); ++i) {
    const Eigen::VectorXd logits = multipliers[i] * scores;
    if (!logits.allFinite()) {
      const std::string name = "multipliers[" + std::to_string(i) + "]";
      failArgument(ErrorKind::Range, kFunction, name.c_str(), "small enough that multiplier*scores stays finite",
                   multipliers[i]);
    }
    const Eigen::VectorXd weights = softmax(logits);
    sweep.maxAbs[i] = jacobianMaxAbs(weights);
    sweep.frobenius[i] = jacobianFrobenius(weights);
    sweep.survivalShare[i] = gradientSurvival(weights).share;
  }
  return sweep;
}

namespace {

// One cosine of two random directions in ℝ^d from their 2·d coordinates; a zero vector is drawn again.
double directCosine(NormalSampler& normal, Eigen::VectorXd& u, Eigen::VectorXd& v) {
  const auto d = u.size();
  // A zero vector has no direction; it has probability ~2^-53 per draw at d = 1, so redraw rather than fail.
  do {
    for (Eigen::Index i = 0; i < d; ++i) u[i] = normal.next();
  } while (u.squaredNorm() == 0.0);
  do {
    for (Eigen::Index i = 0; i < d; ++i) v[i] = normal.next();
  } while (v.squaredNorm() == 0.0);
  return u.dot(v) / (u.norm() * v.norm());
}

// The same distribution from one normal and one χ²(d − 1) draw (see CosineMethod::Fast).
double fastCosine(NormalSampler& normal, int d) {
  double z = 0.0;
  do z = normal.next();
  while (z == 0.0 && d == 1);  // at d = 1 the cosine is sign(z), and z = 0 would be a zero vector
  if (d == 1) return z > 0.0 ? 1.0 : -1.0;
  const double rest = sampleChiSquared(normal, d - 1);
  return z / std::sqrt(z * z + rest);
}

}  // namespace

CosineSweep cosineSweep(const std::vector<int>& dimensions, int pairs, std::uint64_t seed, CosineMethod method) {
  constexpr const char* kFunction = "cosineSweep";
  requireLength(kFunction, "dimensions", static_cast<std::int64_t>(dimensions.size()), 1, kMaxSweepPoints);
  requireListItems(kFunction, "dimensions", dimensions, kMaxModelDimension);
  requireIntegerInRange(kFunction, "pairs", pairs, 2, kMaxTrials);
  if (!isNamed(kCosineMethodNames, method)) {
    failArgument(ErrorKind::Range, kFunction, "method", listNumbered(kCosineMethodNames), static_cast<int>(method));
  }
  std::int64_t dimensionSum = 0;
  for (int d : dimensions) dimensionSum += d;
  if (method == CosineMethod::Direct)
    requireAtMost(kFunction, "2*pairs*sum(dimensions)", 2 * static_cast<std::int64_t>(pairs) * dimensionSum,
                  kMaxSweepWork);
  else
    requireAtMost(kFunction, "2*pairs*count(dimensions)",
                  2 * static_cast<std::int64_t>(pairs) * static_cast<std::int64_t>(dimensions.size()), kMaxSweepWork);

  const auto count = static_cast<Eigen::Index>(dimensions.size());
  CosineSweep sweep;
  sweep.dimensions = dimensions;
  sweep.mean.resize(count);
  sweep.meanStandardError.resize(count);
  sweep.variance.resize(count);
  sweep.varianceStandardError.resize(count);
  sweep.theoryVariance.resize(count);
  for (Eigen::Index k = 0; k < count; ++k) {
    const int d = dimensions[static_cast<std::size_t>(k)];
    Xoshiro256pp engine(seed, static_cast<std::uint64_t>(k));
    NormalSampler normal(engine);
    Eigen::VectorXd cosines(pairs);
    if (method == CosineMethod::Fast) {
      for (int p = 0; p < pairs; ++p) cosines[p] = fastCosine(normal, d);
    } else {
      Eigen::VectorXd u(d), v(d);
      for (int p = 0; p < pairs; ++p) cosines[p] = directCosine(normal, u, v);
    }
    const Moments moments = sampleMoments(cosines);
    sweep.samples.push_back(cosines);
    sweep.mean[k] = moments.mean;
    sweep.meanStandardError[k] = meanStandardError(moments);
    sweep.variance[k] = moments.variance;
    sweep.varianceStandardError[k] = varianceStandardError(moments);
    sweep.theoryVariance[k] = 1.0 / d;
  }
  return sweep;
}

}  // namespace attention_lab
