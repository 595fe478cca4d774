#pragma once
// An exactly specified random engine (xoshiro256++) and normal sampler, so native and WASM draw the same numbers.
#include <array>
#include <cstdint>
#include <memory>
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
  // Outputs drawn since the stream began: where the next one sits in it.
  std::uint64_t drawn() const { return drawn_; }

 private:
  std::array<std::uint64_t, 4> state_;
  std::uint64_t drawn_ = 0;
};

// The first count raw outputs of stream `stream` of the seed (count 1..4096, stream 0..64): tests compare them
// bit for bit between native and WASM.
std::vector<std::uint64_t> randomIntegers(std::uint64_t seed, std::uint64_t stream, int count);

// Box–Muller pairs made from one stream, by the position of their first output in it. A pair's bits depend on its
// two outputs alone, so a setting that reads the stream otherwise (more keys, another dₖ) takes the pairs an earlier
// reading made at the same positions instead of taking a log, a square root, a sine and a cosine again.
class NormalPairs {
 public:
  // True, with the pair, if one was made at `position`.
  bool find(std::uint64_t position, double& first, double& second) const {
    const std::uint64_t block = position >> kBlockBits;
    if (block >= blocks_.size() || !blocks_[block]) return false;
    const double* made = &blocks_[block][2 * (position & (kBlockPositions - 1))];
    first = made[0];
    second = made[1];
    return first == first;  // NaN marks a position never made
  }
  void keep(std::uint64_t position, double first, double second);
  // Positions held, made or not.
  std::int64_t size() const { return heldBlocks_ * static_cast<std::int64_t>(kBlockPositions); }

 private:
  // Held in blocks of 2¹² positions (64 KiB), each made on its first pair: a reading that goes further adds blocks
  // without copying the ones before, and one that starts far into the stream holds nothing before it.
  static constexpr int kBlockBits = 12;
  static constexpr std::uint64_t kBlockPositions = std::uint64_t{1} << kBlockBits;
  std::vector<std::unique_ptr<double[]>> blocks_;
  std::int64_t heldBlocks_ = 0;
};

// The pairs this thread made lately from stream `stream` of `seed`, the most recent asked first; the oldest are
// dropped beyond a few MiB, never the one returned. Valid until the next call.
NormalPairs& normalPairsOf(std::uint64_t seed, std::uint64_t stream);

// Standard normal variates by the Box–Muller transform (pairs, the second one cached).
class NormalSampler {
 public:
  explicit NormalSampler(Xoshiro256pp& engine) : engine_(engine) {}
  double next();
  // The engine beneath, for samplers (gamma) that need uniforms from the same stream.
  Xoshiro256pp& engine() { return engine_; }
  // Takes pairs from `pairs` where made, and keeps those it makes there, until set to nullptr. The engine must
  // draw the stream `pairs` is of, from its start.
  void usePairs(NormalPairs* pairs) { pairs_ = pairs; }

 private:
  Xoshiro256pp& engine_;
  NormalPairs* pairs_ = nullptr;
  double cached_ = 0.0;
  bool hasCached_ = false;
};

}  // namespace attention_lab
