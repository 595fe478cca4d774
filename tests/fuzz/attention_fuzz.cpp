// Attention (attention.hpp): every scoring mode, causal or not, with the sizes checked as the binding checks them.
#include <cmath>
#include <string>

#include "arguments.hpp"
#include "attention.hpp"
#include "fuzz_input.hpp"
#include "modes.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  static const char* const modes[] = {"none", "sqrt", "linear", "temperature", "balanced", "cosine", "cosin"};
  documentedErrorsOnly([&] {
    const char* fn = "attention";
    const auto n = bindings::toInteger(fn, "n", in.count(8), 1, kMaxAttentionRows);
    const auto m = bindings::toInteger(fn, "m", in.count(8), 1, kMaxAttentionRows);
    const auto d = bindings::toInteger(fn, "d", in.count(8), 1, kMaxModelDimension);
    const auto dv = bindings::toInteger(fn, "dv", in.count(4), 1, kMaxModelDimension);
    const AttentionScale scale = bindings::toAttentionScale(fn, modes[in.choice(7)], in.flag() ? 0.5 : in.number());
    const bool causal = in.flag();
    // Occasionally a shape that does not match, as a raw caller could pass.
    const RowMatrix q = in.matrix(n, d), k = in.matrix(m, in.choice(8) == 0 ? d + 1 : d), v = in.matrix(m, dv);
    const AttentionResult r = scaledDotProductAttention(q, k, v, scale, causal);
    expect(r.weights.allFinite() && r.weights.minCoeff() >= 0, "weights finite and non-negative");
    for (Eigen::Index i = 0; i < n; ++i) expect(std::abs(r.weights.row(i).sum() - 1.0) < 1e-9, "rows sum to 1");
  });
  return 0;
}
