#include "rng.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "validate.hpp"

namespace attention_lab {
namespace {

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr double kTwoPi = 6.283185307179586476925286766559;
// 2¹⁶ pairs of one stream (1 MiB), 2¹⁹ of all streams kept (8 MiB, one stream beyond it at most).
constexpr std::uint64_t kMaxPairPositions = std::uint64_t{1} << 16;
constexpr std::int64_t kMaxPairPositionsInAll = std::int64_t{1} << 19;

}  // namespace

Xoshiro256pp::Xoshiro256pp(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t mix = seed;
  for (auto& word : state_) word = splitmix64(mix);
  for (std::uint64_t s = 0; s < stream; ++s) jump();
  drawn_ = 0;
}

std::uint64_t Xoshiro256pp::next() {
  const std::uint64_t result = rotl(state_[0] + state_[3], 23) + state_[0];
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  ++drawn_;
  return result;
}

double Xoshiro256pp::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

void Xoshiro256pp::jump() {
  static constexpr std::uint64_t kJump[] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL,
                                            0x39abdc4529b1661cULL};
  std::array<std::uint64_t, 4> acc{};
  for (std::uint64_t word : kJump) {
    for (int bit = 0; bit < 64; ++bit) {
      if (word & (std::uint64_t{1} << bit)) {
        for (int i = 0; i < 4; ++i) acc[i] ^= state_[i];
      }
      next();
    }
  }
  state_ = acc;
}

std::vector<std::uint64_t> randomIntegers(std::uint64_t seed, std::uint64_t stream, int count) {
  requireIntegerInRange("randomIntegers", "stream", static_cast<std::int64_t>(stream), 0, 64);
  requireIntegerInRange("randomIntegers", "count", count, 1, 4096);
  Xoshiro256pp engine(seed, stream);
  std::vector<std::uint64_t> integers(static_cast<std::size_t>(count));
  for (auto& x : integers) x = engine.next();
  return integers;
}

void NormalPairs::keep(std::uint64_t position, double first, double second) {
  if (position >= kMaxPairPositions) return;
  const std::uint64_t block = position >> kBlockBits;
  if (block >= blocks_.size()) blocks_.resize(block + 1);
  if (!blocks_[block]) {
    blocks_[block].reset(new double[2 * kBlockPositions]);  // not make_unique: it would zero what NaN fills
    std::fill_n(blocks_[block].get(), 2 * kBlockPositions, std::numeric_limits<double>::quiet_NaN());
    ++heldBlocks_;
  }
  double* made = &blocks_[block][2 * (position & (kBlockPositions - 1))];
  made[0] = first;
  made[1] = second;
}

NormalPairs& normalPairsOf(std::uint64_t seed, std::uint64_t stream) {
  struct Kept {
    std::uint64_t seed, stream;
    std::unique_ptr<NormalPairs> pairs;
  };
  thread_local std::vector<Kept> kept;
  auto found =
      std::find_if(kept.begin(), kept.end(), [&](const Kept& k) { return k.seed == seed && k.stream == stream; });
  Kept asked = found != kept.end() ? std::move(*found) : Kept{seed, stream, std::make_unique<NormalPairs>()};
  if (found != kept.end()) kept.erase(found);
  kept.insert(kept.begin(), std::move(asked));
  std::int64_t positions = 0;
  std::size_t keep = 0;
  while (keep < kept.size() && (keep == 0 || positions + kept[keep].pairs->size() <= kMaxPairPositionsInAll))
    positions += kept[keep++].pairs->size();
  kept.resize(keep);
  return *kept.front().pairs;
}

double NormalSampler::next() {
  if (hasCached_) {
    hasCached_ = false;
    return cached_;
  }
  const std::uint64_t position = engine_.drawn();
  double first = 0.0, second = 0.0;
  if (pairs_ != nullptr && pairs_->find(position, first, second)) {
    engine_.next();  // the engine still moves past the two outputs the pair was made of
    engine_.next();
    cached_ = second;
    hasCached_ = true;
    return first;
  }
  // 1 - u keeps the log argument in (0, 1], so log never sees 0.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - engine_.uniform()));
  const double angle = kTwoPi * engine_.uniform();
#ifdef __wasm__
  // musl's sincos reduces the angle once for both and returns sin's and cos's own bits; GCC makes this call
  // natively from the two below, clang for WASM does not.
  double sine = 0.0, cosine = 0.0;
  sincos(angle, &sine, &cosine);
#else
  const double sine = std::sin(angle), cosine = std::cos(angle);
#endif
  cached_ = radius * sine;
  hasCached_ = true;
  if (pairs_ != nullptr) pairs_->keep(position, radius * cosine, cached_);
  return radius * cosine;
}

}  // namespace attention_lab
