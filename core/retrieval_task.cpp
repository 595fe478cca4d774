#include "retrieval_task.hpp"

#include <algorithm>
#include <limits>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

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

// ±1 for count bits of fresh engine words, low bit first, the rest of the last word unused. Without a branch per
// bit: in WASM the bit-by-bit loop took 40 % of a training step.
void writeSigns(Xoshiro256pp& engine, double* out, std::int64_t count) {
  for (std::int64_t start = 0; start < count; start += 64) {
    const std::uint64_t word = engine.next();
    const int length = static_cast<int>(std::min<std::int64_t>(64, count - start));
    int k = 0;
#ifdef __wasm_simd128__
    // Two at a time: bit k (and k + 1) shifted to the sign bit, inverted, on 1.0's other bits gives ±1.0.
    const v128_t pair = wasm_i64x2_make(static_cast<std::int64_t>(word), static_cast<std::int64_t>(word >> 1));
    const v128_t sign = wasm_i64x2_splat(std::numeric_limits<std::int64_t>::min());
    const v128_t one = wasm_f64x2_splat(1.0);
    for (; k + 2 <= length; k += 2)
      wasm_v128_store(out + start + k, wasm_v128_or(one, wasm_v128_andnot(sign, wasm_i64x2_shl(pair, 63 - k))));
#endif
    for (; k < length; ++k) out[start + k] = static_cast<double>(static_cast<int>((word >> k) & 1u) * 2 - 1);
  }
}

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
  const std::int64_t signCount = static_cast<std::int64_t>(keyCount) * modelDimension;
  for (int b = 0; b < batchSize; ++b) {
    // An example's items are consecutive rows, so its signs are one run of signCount bits: new words per example,
    // so the target draw below never lands in the middle of a word.
    writeSigns(engine, batch.items.data() + static_cast<std::int64_t>(b) * signCount, signCount);
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
