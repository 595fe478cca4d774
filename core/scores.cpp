#include "scores.hpp"

#include <cmath>

#include "rng.hpp"
#include "validate.hpp"

namespace attention_lab {

Eigen::VectorXd sampleQueryScores(int keyDimension, int keyCount, std::uint64_t seed) {
  requireInRange("sampleQueryScores", "keyDimension", keyDimension, 1, kMaxKeyDimension);
  requireInRange("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  double querySquaredNorm = 0.0;  // a χ²(dₖ) draw, as the sum of dₖ squared normals
  for (int i = 0; i < keyDimension; ++i) {
    const double component = normal.next();
    querySquaredNorm += component * component;
  }
  const double queryNorm = std::sqrt(querySquaredNorm);
  Eigen::VectorXd scores(keyCount);
  for (int j = 0; j < keyCount; ++j) scores[j] = queryNorm * normal.next();
  return scores;
}

}  // namespace attention_lab
