// The exact gradient of the retrieval loss under every run kind (the formulas are in training.hpp).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "errors.hpp"
#include "training.hpp"
#include "training_loops.hpp"
#include "validate.hpp"

namespace attention_lab {
namespace {

// The typical example's value: a mean would be carried by the few examples whose top two scores nearly tie.
double median(std::vector<double> values) {
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  return 0.5 * (*std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle)) + upper);
}

// divisor: what r = q·k is divided by first (√dₖ, dₖ, τ or 1); the kind adds the cap or the normalisation.
// The batch and the weights must fit together: a mismatch would read outside a matrix.
void requireMatchingShapes(const RetrievalBatch& batch, const RowMatrix& queryWeights, const RowMatrix& keyWeights) {
  const char* function = "retrievalGradient";
  const std::int64_t b = batch.batchSize, n = batch.keyCount, d = batch.modelDimension;
  const bool batchFits =
      b >= 1 && n >= 1 && d >= 1 && batch.items.rows() == b * n && batch.items.cols() == d &&
      batch.queries.rows() == b && batch.queries.cols() == d && static_cast<std::int64_t>(batch.targets.size()) == b &&
      std::all_of(batch.targets.begin(), batch.targets.end(), [n](int t) { return t >= 0 && t < n; });
  if (!batchFits)
    failArgument(ErrorKind::Range, function, "batch", "sized as sampleRetrievalBatch makes it",
                 std::string("matrices that do not match its sizes"));
  requireIntegerInRange(function, "queryWeights.rows", queryWeights.rows(), d, d);
  requireIntegerInRange(function, "queryWeights.cols", queryWeights.cols(), 1, kMaxTrainingKeyDimension);
  requireIntegerInRange(function, "keyWeights.rows", keyWeights.rows(), d, d);
  requireIntegerInRange(function, "keyWeights.cols", keyWeights.cols(), queryWeights.cols(), queryWeights.cols());
}

RetrievalGradient gradientOf(const RetrievalBatch& batch, const RowMatrix& queryWeights, const RowMatrix& keyWeights,
                             RunKind kind, double divisor, double logScale, double softcap) {
  requireMatchingShapes(batch, queryWeights, keyWeights);
  requirePositiveFinite("retrievalGradient", "divisor", divisor);
  const Eigen::Index batchSize = batch.batchSize;
  const Eigen::Index n = batch.keyCount;
  const Eigen::Index d = batch.modelDimension;
  const Eigen::Index dk = queryWeights.cols();
  const bool normalised = kind == RunKind::QkNorm;
  const double gain = normalised ? std::exp(logScale) : 1.0;

  // q_b = x̃_b·W_q, then u_b = W_k·q_b (length d), so that r_bj = q_b·k_bj = x_bj·u_b.
  RowMatrix q = RowMatrix::Zero(batchSize, dk);
  RowMatrix u(batchSize, d);
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    for (Eigen::Index i = 0; i < d; ++i) addScaledRow(&q(b, 0), batch.queries(b, i), &queryWeights(i, 0), dk);
    for (Eigen::Index i = 0; i < d; ++i) u(b, i) = dot(&keyWeights(i, 0), &q(b, 0), dk);
  }
  // qk-norm: ‖kⱼ‖² = xⱼ·(M xⱼ) with M = W_kW_kᵀ (d × d), so keys are never formed.
  RowMatrix keyGram, normPull;  // M, and A = Σ cⱼ xⱼᵀxⱼ (how the loss pulls on the key norms through W_k)
  Eigen::VectorXd mx;
  if (normalised) {
    // M(i, :) = Σₘ W_k(i, m)·W_kᵀ(m, :), m in dot()'s order: the same sums, each row's adds vectorised.
    const RowMatrix keyWeightsT = keyWeights.transpose();
    keyGram = RowMatrix::Zero(d, d);
    for (Eigen::Index i = 0; i < d; ++i) {
      for (Eigen::Index m = 0; m < dk; ++m) addScaledRow(&keyGram(i, 0), keyWeights(i, m), &keyWeightsT(m, 0), d);
    }
    normPull = RowMatrix::Zero(d, d);
    mx.resize(d);
  }

  RetrievalGradient result;
  RowMatrix r = RowMatrix::Zero(batchSize, d);  // r_b = X_bᵀ·(∂L/∂r_b): how the loss pulls on u_b
  Eigen::VectorXd queryNormPull = Eigen::VectorXd::Zero(batchSize);  // qk-norm: Σⱼ (∂L/∂sⱼ)sⱼ per example
  Eigen::VectorXd scores(n), weights(n), pull(n), keyNorms(n);
  Eigen::VectorXd output(d);
  double lossSum = 0.0, entropySum = 0.0, maxAbsScore = 0.0, logScaleGradient = 0.0;
  std::vector<double> scoreGradients(static_cast<std::size_t>(batchSize));  // per example, so without the ÷B
  int correct = 0;
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    const Eigen::Index first = b * n;
    const int target = batch.targets[static_cast<std::size_t>(b)];
    const double queryNorm = normalised ? std::sqrt(dot(&q(b, 0), &q(b, 0), dk)) : 1.0;
    Eigen::Index best = 0;
    for (Eigen::Index j = 0; j < n; ++j) {
      const double* item = &batch.items(first + j, 0);
      if (normalised) {
        // mx = M·xⱼ by rows of M scaled and added (M is symmetric, bit for bit): each sum runs over l in the order
        // dot() takes, but the additions of one l vectorise across i instead of waiting on each other.
        mx.setZero();
        for (Eigen::Index l = 0; l < d; ++l) addScaledRow(mx.data(), item[l], &keyGram(l, 0), d);
        keyNorms[j] = std::sqrt(dot(item, mx.data(), d));
        scores[j] = gain * dot(item, &u(b, 0), d) / (queryNorm * keyNorms[j]);
      } else {
        scores[j] = dot(item, &u(b, 0), d) / divisor;
        if (kind == RunKind::Softcap) scores[j] = softcap * std::tanh(scores[j] / softcap);
      }
      maxAbsScore = std::max(maxAbsScore, std::abs(scores[j]));
      if (scores[j] > scores[best]) best = j;  // ties go to the lower index
    }
    if (best == target) ++correct;
    double total = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) total += weights[j] = std::exp(scores[j] - scores[best]);  // stable
    // H = −Σ pⱼ ln pⱼ with ln pⱼ = (sⱼ − s_max) − ln Σ: no log of an underflowed weight.
    double expectedShift = 0.0;
    output.setZero();
    for (Eigen::Index j = 0; j < n; ++j) {
      addScaledRow(output.data(), weights[j] /= total, &batch.items(first + j, 0), d);
      expectedShift += weights[j] * (scores[j] - scores[best]);
    }
    entropySum += std::log(total) - expectedShift;
    // loss_b = ‖o − x_t‖² / d; ∂loss_b/∂o = 2(o − x_t)/d, and the batch mean divides by B.
    const double* targetItem = &batch.items(first + target, 0);
    double squaredError = 0.0;
    for (Eigen::Index i = 0; i < d; ++i) {
      const double error = output[i] - targetItem[i];
      squaredError += error * error;
      output[i] = 2.0 * error / static_cast<double>(d * batchSize);  // output now holds ∂L/∂o
    }
    lossSum += squaredError / static_cast<double>(d);
    // aⱼ = ∂L/∂pⱼ = (∂L/∂o)·xⱼ; through the softmax Jacobian, ∂L/∂sⱼ = pⱼ(aⱼ − Σₖ pₖaₖ).
    double mean = 0.0;
    for (Eigen::Index j = 0; j < n; ++j)
      mean += weights[j] * (pull[j] = dot(output.data(), &batch.items(first + j, 0), d));
    double scoreGradientSquared = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) {
      const double scoreGradient = weights[j] * (pull[j] - mean);
      scoreGradientSquared += scoreGradient * scoreGradient;
      const double* item = &batch.items(first + j, 0);
      if (kind == RunKind::LearnedTemperature) logScaleGradient -= scoreGradient * scores[j];  // s ∝ e^−θ
      if (normalised) {
        const double pullOnScale = scoreGradient * scores[j];  // ∂L/∂sⱼ · sⱼ: s ∝ g, ∝ 1/‖q‖, ∝ 1/‖kⱼ‖
        logScaleGradient += pullOnScale;
        queryNormPull[b] += pullOnScale;
        // ∂L/∂‖kⱼ‖ / ‖kⱼ‖ = −pullOnScale/‖kⱼ‖²; A += that · xⱼᵀxⱼ.
        const double c = -pullOnScale / (keyNorms[j] * keyNorms[j]);
        for (Eigen::Index i = 0; i < d; ++i) addScaledRow(&normPull(i, 0), c * item[i], item, d);
        addScaledRow(&r(b, 0), scoreGradient * gain / (queryNorm * keyNorms[j]), item, d);
      } else if (kind == RunKind::Softcap) {
        const double capped = scores[j] / softcap;
        addScaledRow(&r(b, 0), scoreGradient * (1.0 - capped * capped), item, d);  // tanh′ = 1 − tanh²
      } else {
        addScaledRow(&r(b, 0), scoreGradient, item, d);
      }
    }
    scoreGradients[static_cast<std::size_t>(b)] = std::sqrt(scoreGradientSquared) * static_cast<double>(batchSize);
  }
  result.loss = lossSum / static_cast<double>(batchSize);
  result.accuracy = static_cast<double>(correct) / static_cast<double>(batchSize);
  result.scoreGradientNorm = median(scoreGradients);
  result.meanEntropy = entropySum / static_cast<double>(batchSize);
  result.maxAbsScore = maxAbsScore;
  result.logScale = logScaleGradient;

  // ∂L/∂q_b = r_b·W_k / divisor; ∂L/∂W_k = Σ_b r_bᵀ q_b / divisor; ∂L/∂W_q = Σ_b x̃_bᵀ ∂L/∂q_b.
  const double rowDivisor = normalised ? 1.0 : divisor;  // qk-norm folded its factor into r already
  RowMatrix dq = RowMatrix::Zero(batchSize, dk);
  result.keyWeights = RowMatrix::Zero(d, dk);
  result.queryWeights = RowMatrix::Zero(d, dk);
  for (Eigen::Index b = 0; b < batchSize; ++b) {
    for (Eigen::Index i = 0; i < d; ++i) addScaledRow(&dq(b, 0), r(b, i) / rowDivisor, &keyWeights(i, 0), dk);
    if (normalised) {  // ∂‖q‖/∂q = q/‖q‖ and ∂L/∂‖q‖ = −Σⱼ(∂L/∂sⱼ)sⱼ/‖q‖
      addScaledRow(&dq(b, 0), -queryNormPull[b] / dot(&q(b, 0), &q(b, 0), dk), &q(b, 0), dk);
    }
    for (Eigen::Index i = 0; i < d; ++i) {
      addScaledRow(&result.keyWeights(i, 0), r(b, i) / rowDivisor, &q(b, 0), dk);
      addScaledRow(&result.queryWeights(i, 0), batch.queries(b, i), &dq(b, 0), dk);
    }
  }
  if (normalised) {  // ∂L/∂W_k += A·W_k
    for (Eigen::Index i = 0; i < d; ++i) {
      for (Eigen::Index l = 0; l < d; ++l)
        addScaledRow(&result.keyWeights(i, 0), normPull(i, l), &keyWeights(l, 0), dk);
    }
  }
  return result;
}

}  // namespace

RetrievalGradient retrievalGradient(const RetrievalBatch& batch, const RowMatrix& queryWeights,
                                    const RowMatrix& keyWeights, double divisor) {
  return gradientOf(batch, queryWeights, keyWeights, RunKind::Unscaled, divisor, 0.0, kDefaultSoftcap);
}

RetrievalGradient retrievalGradient(const RetrievalBatch& batch, const RowMatrix& queryWeights,
                                    const RowMatrix& keyWeights, const ScoreFunction& scores) {
  const double divisor = scores.kind == RunKind::LearnedTemperature ? std::exp(scores.logScale)
                                                                    : fixedDivisor(scores.kind, scores.keyDimension);
  return gradientOf(batch, queryWeights, keyWeights, scores.kind, divisor, scores.logScale, scores.softcap);
}

}  // namespace attention_lab
