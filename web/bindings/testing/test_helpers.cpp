// Bindings only tests/js needs (linked into web/generated/wasm-testing, never into the shipped module).
#include <emscripten/bind.h>
#include <emscripten/stack.h>
#include <malloc.h>

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

// Bytes malloc has handed out and not had back: a leak per call shows here as steady growth.
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

// Bytes of the C stack in use at this call's entry: a call that never unwinds its frames leaves this higher.
double stackBytesInUse() { return static_cast<double>(emscripten_stack_get_base() - emscripten_stack_get_current()); }

}  // namespace
}  // namespace attention_lab::bindings

EMSCRIPTEN_BINDINGS(attention_core_testing) {
  emscripten::function("randomIntegers", &attention_lab::bindings::randomIntegersBinding);
  emscripten::function("heapBytesInUse", &attention_lab::bindings::heapBytesInUse);
  emscripten::function("stackBytesInUse", &attention_lab::bindings::stackBytesInUse);
}
