// The Embind surface of the core: one coarse call per batch, typed arrays in and out.
#include <emscripten/bind.h>

#include "convert.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "validate.hpp"

namespace attention_lab::bindings {
namespace {

val softmaxBinding(const val& scores, double temperature) {
  return guarded([&] { return toFloat64Array(softmax(toVector(scores), temperature)); });
}

val sampleQueryScoresBinding(double keyDimension, double keyCount, double seed) {
  return guarded([&] {
    const auto dk = toInteger("sampleQueryScores", "keyDimension", keyDimension, 1, kMaxKeyDimension);
    const auto n = toInteger("sampleQueryScores", "keyCount", keyCount, 1, kMaxKeys);
    const auto s = toInteger("sampleQueryScores", "seed", seed, 0, kMaxSeed);
    return toFloat64Array(sampleQueryScores(static_cast<int>(dk), static_cast<int>(n), static_cast<std::uint64_t>(s)));
  });
}

}  // namespace
}  // namespace attention_lab::bindings

EMSCRIPTEN_BINDINGS(attention_core) {
  using namespace attention_lab::bindings;
  emscripten::function("softmax", &softmaxBinding);
  emscripten::function("sampleQueryScores", &sampleQueryScoresBinding);
}
