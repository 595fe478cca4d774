#pragma once
// The "Train it" task: each query must find its matching key among n random items.
#include <cstdint>
#include <vector>

#include "rng.hpp"
#include "row_matrix.hpp"

namespace attention_lab {

// Why random ±1 items, fresh for every example (not a fixed table of n embeddings):
//  - ±1 entries have mean 0 and variance 1, the lesson's assumption, like N(0, 1); the CLT makes q·k near-normal.
//  - each entry costs one random bit and no libm call, so a batch is cheap (the page trains live) and bit-identical
//    in native and WASM.
//  - fresh items mean the model cannot memorise a table: it must learn the matching rule (W_q W_kᵀ ≈ c·I), and the
//    accuracy on each new batch is already held-out accuracy.
// The query input is the target item with each sign flipped with probability 1/8, so retrieval is not a pure
// copy: the best achievable accuracy is high but not 1 (about 0.999 at modelDimension 32, n 32).
constexpr int kQueryFlipBits = 3;  // a sign flips when 3 random bits are all 1: probability 1/8 exactly

struct RetrievalBatch {
  int batchSize = 0;
  int keyCount = 0;        // n items per example
  int modelDimension = 0;  // width of an item
  RowMatrix items;    // (batchSize·keyCount) × modelDimension: example b's items are rows b·n … b·n + n − 1
  RowMatrix queries;  // batchSize × modelDimension: the noisy copy of each example's target item
  std::vector<int> targets;  // batchSize indices in 0..keyCount − 1
};

// Each size at most this, and the batch's items at most kMaxRetrievalCells numbers (the trainer's own caps are
// tighter; these keep a direct call from allocating without bound).
constexpr int kMaxRetrievalSize = 65536;
constexpr std::int64_t kMaxRetrievalCells = std::int64_t{1} << 24;

// Draws one batch from the engine; sizes 1..kMaxRetrievalSize, batchSize·keyCount·modelDim ≤ kMaxRetrievalCells.
// Per example, in this order: the items' signs (row by row, 64 per engine word, low bit first), the target
// (next() mod n; the bias of at most 256/2⁶⁴ is immaterial), then the query's flip bits.
RetrievalBatch sampleRetrievalBatch(Xoshiro256pp& engine, int batchSize, int keyCount, int modelDimension);

}  // namespace attention_lab
