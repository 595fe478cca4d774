#include "retrieval_task.hpp"

#include "validate.hpp"

namespace attention_lab {
namespace {

// Hands out the engine's bits one at a time, low bit first, drawing a new 64-bit word when they run out.
class BitSource {
 public:
  explicit BitSource(Xoshiro256pp& engine) : engine_(engine) {}
  bool next() {
    if (remaining_ == 0) {
      word_ = engine_.next();
      remaining_ = 64;
    }
    const bool bit = (word_ & 1u) != 0;
    word_ >>= 1;
    --remaining_;
    return bit;
  }

 private:
  Xoshiro256pp& engine_;
  std::uint64_t word_ = 0;
  int remaining_ = 0;
};

}  // namespace

RetrievalBatch sampleRetrievalBatch(Xoshiro256pp& engine, int batchSize, int keyCount, int modelDimension) {
  const char* function = "sampleRetrievalBatch";
  requireIntegerInRange(function, "batchSize", batchSize, 1, kMaxRetrievalSize);
  requireIntegerInRange(function, "keyCount", keyCount, 1, kMaxRetrievalSize);
  requireIntegerInRange(function, "modelDim", modelDimension, 1, kMaxRetrievalSize);
  requireAtMost(function, "batchSize*keyCount*modelDim",
                static_cast<std::int64_t>(batchSize) * keyCount * modelDimension, kMaxRetrievalCells);
  RetrievalBatch batch;
  batch.batchSize = batchSize;
  batch.keyCount = keyCount;
  batch.modelDimension = modelDimension;
  batch.items.resize(static_cast<Eigen::Index>(batchSize) * keyCount, modelDimension);
  batch.queries.resize(batchSize, modelDimension);
  batch.targets.resize(static_cast<std::size_t>(batchSize));
  for (int b = 0; b < batchSize; ++b) {
    BitSource bits(engine);  // per example, so the target draw below never lands in the middle of a word
    for (int j = 0; j < keyCount; ++j) {
      auto item = batch.items.row(static_cast<Eigen::Index>(b) * keyCount + j);
      for (int i = 0; i < modelDimension; ++i) item[i] = bits.next() ? 1.0 : -1.0;
    }
    const int target = static_cast<int>(engine.next() % static_cast<std::uint64_t>(keyCount));
    batch.targets[static_cast<std::size_t>(b)] = target;
    BitSource flips(engine);
    const auto targetItem = batch.items.row(static_cast<Eigen::Index>(b) * keyCount + target);
    for (int i = 0; i < modelDimension; ++i) {
      bool flip = true;
      for (int k = 0; k < kQueryFlipBits; ++k) flip = flips.next() && flip;  // always draws all 3 bits
      batch.queries(b, i) = flip ? -targetItem[i] : targetItem[i];
    }
  }
  return batch;
}

}  // namespace attention_lab
