#pragma once
// An exactly specified random engine (xoshiro256++) and normal sampler, so native and WASM draw the same numbers.
#include <array>
#include <cstdint>
#include <vector>

namespace attention_lab {

class Xoshiro256pp {
 public:
  // Seeds the state from splitmix64(seed); stream s starts s jumps (2^128 steps each) along the sequence.
  explicit Xoshiro256pp(std::uint64_t seed, std::uint64_t stream = 0);
  std::uint64_t next();
  // Uniform double in [0, 1) from the top 53 bits.
  double uniform();
  // Advances 2^128 steps: the start of the next independent stream.
  void jump();

 private:
  std::array<std::uint64_t, 4> state_;
};

// The first count raw outputs of stream `stream` of the seed (count 1..4096, stream 0..64): tests compare them
// bit for bit between native and WASM.
std::vector<std::uint64_t> randomIntegers(std::uint64_t seed, std::uint64_t stream, int count);

// Standard normal variates by the Box–Muller transform (pairs, the second one cached).
class NormalSampler {
 public:
  explicit NormalSampler(Xoshiro256pp& engine) : engine_(engine) {}
  double next();
  // The engine beneath, for samplers (gamma) that need uniforms from the same stream.
  Xoshiro256pp& engine() { return engine_; }

 private:
  Xoshiro256pp& engine_;
  double cached_ = 0.0;
  bool hasCached_ = false;
};

}  // namespace attention_lab
