#include "sweeps.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "gamma.hpp"
#include "jacobian.hpp"
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
// H = ln Z − Σ e^xᵢ·xᵢ / Z (n exps and one log, not n logs), and the largest weight is e⁰/Z = 1/Z.
EntropyAndTop entropyAndTop(const Eigen::VectorXd& scores, double divisor) {
  double largest = scores[0];
  for (Eigen::Index i = 1; i < scores.size(); ++i) largest = std::max(largest, scores[i]);
  double total = 0.0, weighted = 0.0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const double x = (scores[i] - largest) / divisor;
    const double e = std::exp(x);
    total += e;
    weighted += e * x;
  }
  return {std::max(0.0, std::log(total) - weighted / total), 1.0 / total};
}

// Each trial's entropy and top weight of the last sweep, kept for the next: a learner moving the trials slider asks
// for the same draws again, only more or fewer of them (trial t at dₖ k is the t-th draw of stream k), so only new
// trials are drawn. The sums are taken afresh in trial order each call: the same bits with or without it.
constexpr std::int64_t kMaxRememberedTrials = std::int64_t{1} << 18;  // dks × scales × trials; 6 MiB at most

class EntropyTrials {
 public:
  // Draws trials until `trials` exist for every dₖ, starting afresh when the sweep asked differs from the last.
  void extend(const std::vector<int>& keyDimensions, int keyCount, std::uint64_t seed, const RowMatrix& divisors,
              int trials) {
    const bool sameDivisors =
        divisors.rows() == divisors_.rows() && divisors.cols() == divisors_.cols() && divisors == divisors_;
    if (keyDimensions != keyDimensions_ || keyCount != keyCount_ || seed != seed_ || !sameDivisors) {
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
    const Eigen::Index scaleCount = divisors.cols();
    for (std::size_t k = 0; k < streams_.size(); ++k) {
      Stream& stream = streams_[k];
      for (auto t = static_cast<int>(stream.trials.size() / scaleCount); t < trials; ++t) {
        const Eigen::VectorXd scores = sampleQueryScores(*stream.normal, keyDimensions[k], keyCount);
        for (Eigen::Index s = 0; s < scaleCount; ++s) {
          stream.trials.push_back(entropyAndTop(scores, divisors(static_cast<Eigen::Index>(k), s)));
        }
      }
    }
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
  thread_local EntropyTrials lastSweep;
  EntropyTrials fresh;
  const bool remember = static_cast<std::int64_t>(cols) * rows * trials <= kMaxRememberedTrials;
  EntropyTrials& drawn = remember ? lastSweep : fresh;
  drawn.extend(keyDimensions, keyCount, seed, divisors, trials);

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
