// Bindings only tests/js needs (linked into web/generated/wasm-testing, never into the shipped module).
#include <emscripten/bind.h>

#include "convert.hpp"
#include "rng.hpp"

namespace attention_lab::bindings {
namespace {

// The raw 64-bit integer stream as [high, low] 32-bit halves, so tests can prove it bit-identical to native.
val randomIntegersBinding(double seed, double stream, double count) {
  return guarded([&] {
    const char* fn = "randomIntegers";
    const std::vector<std::uint64_t> integers =
        randomIntegers(toSeed(fn, seed), static_cast<std::uint64_t>(toInteger(fn, "stream", stream, 0, 64)),
                       static_cast<int>(toInteger(fn, "count", count, 1, 4096)));
    std::vector<std::uint32_t> halves;
    for (const std::uint64_t x : integers) {
      halves.push_back(static_cast<std::uint32_t>(x >> 32));
      halves.push_back(static_cast<std::uint32_t>(x));
    }
    return val::global("Uint32Array").new_(val(emscripten::typed_memory_view(halves.size(), halves.data())));
  });
}

}  // namespace
}  // namespace attention_lab::bindings

EMSCRIPTEN_BINDINGS(attention_core_testing) {
  emscripten::function("randomIntegers", &attention_lab::bindings::randomIntegersBinding);
}
