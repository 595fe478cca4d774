#include "scores.hpp"

#include <cmath>

#include "gamma.hpp"
#include "validate.hpp"

namespace attention_lab {

Eigen::VectorXd sampleQueryScores(int keyDimension, int keyCount, std::uint64_t seed) {
  requireIntegerInRange("sampleQueryScores", "keyDimension", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  return sampleQueryScores(normal, keyDimension, keyCount);
}

Eigen::VectorXd sampleQueryScores(NormalSampler& normal, int keyDimension, int keyCount) {
  requireIntegerInRange("sampleQueryScores", "keyDimension", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
  const double queryNorm = std::sqrt(sampleChiSquared(normal, keyDimension));
  Eigen::VectorXd scores(keyCount);
  for (int j = 0; j < keyCount; ++j) scores[j] = queryNorm * normal.next();
  return scores;
}

}  // namespace attention_lab
