#pragma once
// Scaled dot-product attention, softmax(scores)·V, with every scoring variant the lesson compares.
#include <Eigen/Core>

#include "names.hpp"
#include "row_matrix.hpp"

namespace attention_lab {

// Scores for query row qᵢ and key row kⱼ:
//   None        qᵢ·kⱼ
//   Sqrt        qᵢ·kⱼ / √d
//   Linear      qᵢ·kⱼ / d
//   Temperature qᵢ·kⱼ / τ
//   Balanced    (qᵢ·d^(−1/4))·(kⱼ·d^(−1/4)): the same product as Sqrt, scaled before the multiply
//   Cosine      (qᵢ/|qᵢ|)·(kⱼ/|kⱼ|) / τ: scores bounded in [−1/τ, 1/τ] (QK-norm); zero rows are an error
enum class AttentionScaleMode { None = 0, Sqrt = 1, Linear = 2, Temperature = 3, Balanced = 4, Cosine = 5 };
inline constexpr NameTable<AttentionScaleMode, 6> kAttentionScaleModeNames{
    {{AttentionScaleMode::None, "none"},
     {AttentionScaleMode::Sqrt, "sqrt"},
     {AttentionScaleMode::Linear, "linear"},
     {AttentionScaleMode::Temperature, "temperature"},
     {AttentionScaleMode::Balanced, "balanced"},
     {AttentionScaleMode::Cosine, "cosine"}}};

struct AttentionScale {
  AttentionScaleMode mode = AttentionScaleMode::Sqrt;
  double temperature = 1.0;  // read by Temperature and Cosine; then finite and > 0
};

struct AttentionResult {
  RowMatrix weights;  // n×m, each row a softmax (sums to 1)
  RowMatrix output;   // n×dv = weights·V
};

// queries·keysᵀ (n×d times m×d): every score qᵢ·kⱼ, unscaled. In WASM a SIMD kernel that sums each entry in order
// 0…d−1 (Eigen has no WASM SIMD backend); natively Eigen's product. Unchecked: the callers validate.
RowMatrix queryKeyProducts(const Eigen::Ref<const RowMatrix>& queries, const Eigen::Ref<const RowMatrix>& keys);

// Errors name it as JS calls it: attention(q, k, v), with n·m for the weights' cap.
// queries n×d, keys m×d, values m×dv; all finite. n, m 1..4096; d, dv 1..4096; n·m ≤ 4,194,304.
// Causal: query i may attend to keys j ≤ i + (m − n), i.e. the queries are the last n of the m positions (as when
// decoding with a cache of earlier keys); n = m gives the usual lower triangle. Causal needs m ≥ n, so that every
// query sees at least one key. Masked weights are exactly 0.
AttentionResult scaledDotProductAttention(const Eigen::Ref<const RowMatrix>& queries,
                                          const Eigen::Ref<const RowMatrix>& keys,
                                          const Eigen::Ref<const RowMatrix>& values, const AttentionScale& scale,
                                          bool causal);

}  // namespace attention_lab
