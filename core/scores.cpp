#include "scores.hpp"

#include <cmath>

#include "gamma.hpp"
#include "validate.hpp"

namespace attention_lab {

Eigen::VectorXd sampleQueryScores(int keyDimension, int keyCount, std::uint64_t seed) {
  requireIntegerInRange("sampleQueryScores", "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  return sampleQueryScores(normal, keyDimension, keyCount);
}

Eigen::VectorXd sampleQueryScores(NormalSampler& normal, int keyDimension, int keyCount) {
  requireIntegerInRange("sampleQueryScores", "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
  const QueryDraw draw = sampleQuery(normal, keyDimension, keyCount);
  return draw.queryNorm * draw.alignments;
}

void sampleQueryScoresInto(NormalSampler& normal, int keyDimension, Eigen::Ref<Eigen::VectorXd> scores) {
  requireIntegerInRange("sampleQueryScores", "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQueryScores", "keyCount", scores.size(), 1, kMaxKeys);
  // |q| first, then the alignments, each times |q|: sampleQuery's draws and products in its order.
  const double queryNorm = std::sqrt(sampleChiSquared(normal, keyDimension));
  for (Eigen::Index j = 0; j < scores.size(); ++j) scores[j] = queryNorm * normal.next();
}

QueryDraw sampleQuery(NormalSampler& normal, int keyDimension, int keyCount) {
  requireIntegerInRange("sampleQuery", "dk", keyDimension, 1, kMaxKeyDimension);
  requireIntegerInRange("sampleQuery", "keyCount", keyCount, 1, kMaxKeys);
  QueryDraw draw;
  draw.queryNorm = std::sqrt(sampleChiSquared(normal, keyDimension));
  draw.alignments.resize(keyCount);
  for (int j = 0; j < keyCount; ++j) draw.alignments[j] = normal.next();
  return draw;
}

}  // namespace attention_lab
