#pragma once
// Numerically stable softmax with temperature and mask, and the summaries of its output the lesson reads out.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace attention_lab {

struct SoftmaxOptions {
  double temperature = 1.0;        // finite, > 0: softmax(scores / temperature)
  std::vector<std::uint8_t> mask;  // empty: no mask; else one per score, 1 keeps the position, 0 masks it out
};

// Scores may be −∞ (that position is masked: weight exactly 0); +∞ and NaN are errors, and so is a row in which
// every position is masked. Subtracting the maximum first avoids overflow without changing the result.
Eigen::VectorXd softmax(const Eigen::VectorXd& scores, double temperature = 1.0);
Eigen::VectorXd softmax(const Eigen::VectorXd& scores, const SoftmaxOptions& options);
// The same, with errors naming `function` (for entry points that take scores and softmax them first).
Eigen::VectorXd softmax(const char* function, const Eigen::VectorXd& scores, const SoftmaxOptions& options);
// log softmax, computed without forming the weights (−∞ at masked positions).
Eigen::VectorXd logSoftmax(const Eigen::VectorXd& scores, const SoftmaxOptions& options = SoftmaxOptions());

// Element-wise std::exp. Eigen's vectorised exp clamps its input (exp(−∞) comes out as ~4e−309, not 0) and its
// last bits differ from the scalar libm that WASM uses; masked weights must be exactly 0 in both builds.
Eigen::VectorXd exactExp(const Eigen::ArrayXd& x);

// The functions below take attention weights p: finite, ≥ 0, summing to 1 within 1e-9·n, length 1..65536.
// Shannon entropy in nats, with 0·log 0 = 0: ln n at uniform, 0 at one-hot.
double entropy(const Eigen::VectorXd& weights);
// exp(entropy): the effective number of positions attended to.
double perplexity(const Eigen::VectorXd& weights);
double maxWeight(const Eigen::VectorXd& weights);

// The score x at which p₁ of softmax([x, 0, …, 0]) (n positions) equals threshold, so it exceeds it for any larger x:
// p₁ = eˣ / (eˣ + n − 1)  ⇒  x = ln(threshold·(n − 1) / (1 − threshold)). threshold in (0, 1), n 2..65536.
double saturationCrossing(double threshold, int n);

}  // namespace attention_lab
