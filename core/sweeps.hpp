#pragma once
// Whole curves for the lesson's sweep widgets, computed in one call each (calls into WASM are not free).
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "names.hpp"
#include "row_matrix.hpp"
#include "scale.hpp"

namespace attention_lab {

// Mean attention entropy and max weight of one random query against keyCount random keys, per scale and dₖ.
// Matrices are scales × keyDimensions. All scales see the same sampled scores (common random numbers), so the
// curves differ only by the scale. Point k of keyDimensions uses stream k of the seed.
struct EntropySweep {
  std::vector<int> keyDimensions;
  std::vector<Scale> scales;
  double maxEntropy = 0.0;  // ln keyCount, the uniform distribution's entropy
  RowMatrix meanEntropy;
  RowMatrix entropyStandardError;  // sample std over trials / √trials
  RowMatrix meanMaxWeight;
  RowMatrix maxWeightStandardError;
};

// keyDimensions: 1..kMaxSweepPoints values, each 1..kMaxKeyDimension; keyCount 1..kMaxKeys; trials 2..kMaxTrials;
// scales: 1..kMaxSweepModes valid scales; keyDimensions·trials·keyCount·scales ≤ kMaxSweepWork.
EntropySweep entropySweep(const std::vector<int>& keyDimensions, int keyCount, int trials, std::uint64_t seed,
                          const std::vector<Scale>& scales);

// p₁ of softmax([x, 0, …, 0]) over n positions for each x: eˣ / (eˣ + n − 1), evaluated without overflow.
// xs: length 1..kMaxSoftmaxLength, finite; n 1..kMaxSoftmaxLength.
Eigen::VectorXd saturationCurve(const Eigen::VectorXd& xs, int n);

// How the Jacobian of softmax(multiplier·scores) shrinks as the logits are multiplied (the lesson's 1, 5, 10, 20, 50).
struct JacobianSweep {
  Eigen::VectorXd multipliers;
  Eigen::VectorXd maxAbs;         // max |Jᵢⱼ|
  Eigen::VectorXd frobenius;      // ‖J‖_F
  Eigen::VectorXd survivalShare;  // gradient survival (gradient_survival.hpp)
};

// scores: length 2..kMaxSoftmaxLength, finite; multipliers: 1..kMaxSweepPoints finite values, each keeping
// multiplier·scores finite.
JacobianSweep jacobianNormsByMultiplier(const Eigen::VectorXd& scores, const Eigen::VectorXd& multipliers);

// Direct: each pair draws u and v (2·d normals) and takes u·v / |u||v|: O(d), the definition itself.
// Fast: each cosine is z / sqrt(z² + χ²(d − 1)) with z ~ N(0, 1): O(1). Exact, since rotating v onto the first axis
// leaves u a standard normal vector whose first coordinate is z and whose other d − 1 squared coordinates sum to χ².
enum class CosineMethod { Direct = 0, Fast = 1 };
inline constexpr NameTable<CosineMethod, 2> kCosineMethodNames{
    {{CosineMethod::Direct, "direct"}, {CosineMethod::Fast, "fast"}}};

// Cosines of random Gaussian vector pairs (u·v / |u||v|, i.e. uniform directions) per dimension d:
// E = 0 and Var = 1/d, the near-orthogonality of high dimensions. Dimension k uses stream k of the seed.
struct CosineSweep {
  std::vector<int> dimensions;
  std::vector<Eigen::VectorXd> samples;  // pairs cosines per dimension
  Eigen::VectorXd mean;
  Eigen::VectorXd meanStandardError;
  Eigen::VectorXd variance;
  Eigen::VectorXd varianceStandardError;  // distribution-free, see stats.hpp
  Eigen::VectorXd theoryVariance;         // 1/d
};

// dimensions: 1..kMaxSweepPoints values, each 1..kMaxModelDimension; pairs 2..kMaxTrials;
// Direct: 2·pairs·Σd ≤ kMaxSweepWork (normal draws); Fast: 2·pairs·count(dimensions) ≤ kMaxSweepWork.
CosineSweep cosineSweep(const std::vector<int>& dimensions, int pairs, std::uint64_t seed,
                        CosineMethod method = CosineMethod::Direct);

}  // namespace attention_lab
