// Native timings of the kernels the lesson calls live; the WASM/JS bench runs the same list for comparison.
// Prints one JSON object per line: {"kernel":"...","ms":...} (best of several reps, after a warm-up).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

#include "attention.hpp"
#include "dot_product.hpp"
#include "jacobian.hpp"
#include "random_matrix.hpp"
#include "rng.hpp"
#include "softmax.hpp"
#include "training.hpp"

using namespace attention_lab;

namespace {

// Results are folded into a sink the compiler cannot see through, so no kernel is optimised away.
volatile double gSink = 0.0;

double bestMilliseconds(const std::function<double()>& kernel, int reps) {
  gSink = gSink + kernel();  // warm-up: caches, page faults, lazy allocations
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    gSink = gSink + kernel();
    const auto stop = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(stop - start).count());
  }
  return best;
}

void report(const char* kernel, double ms) { std::printf("{\"kernel\":\"%s\",\"ms\":%.4f}\n", kernel, ms); }

RowMatrix randomMatrix(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
  Xoshiro256pp engine(seed);
  NormalSampler normal(engine);
  return normalMatrix(normal, rows, cols);
}

}  // namespace

int main() {
  const Scale none{ScaleMode::None, 1.0};

  // The call the WASM row times (core.sampleNormals): the samples stored in a vector, not summed on the fly.
  report("normals_1e6", bestMilliseconds(
                            [] {
                              const Eigen::VectorXd samples = sampleNormals(1000000, 1);
                              return samples[999999];
                            },
                            5));

  report("dot_product_direct_dk512_n20000",
         bestMilliseconds(
             [&] { return dotProductExperiment(512, 20000, 2, none, DotProductMethod::Direct, 50).variance; }, 3));

  report("dot_product_fast_dk512_n20000",
         bestMilliseconds(
             [&] { return dotProductExperiment(512, 20000, 3, none, DotProductMethod::Fast, 50).variance; }, 10));

  Eigen::VectorXd scores(512);
  {
    Xoshiro256pp engine(4);
    NormalSampler normal(engine);
    for (Eigen::Index i = 0; i < scores.size(); ++i) scores[i] = 4.0 * normal.next();
  }
  report("softmax_jacobian_n512", bestMilliseconds(
                                      [&] {
                                        const Eigen::VectorXd p = softmax(scores);
                                        const Eigen::MatrixXd j = softmaxJacobian(p);
                                        return j(0, 0) + softmaxStats(p).survivalShare;
                                      },
                                      20));

  const RowMatrix q = randomMatrix(128, 64, 5), k = randomMatrix(128, 64, 6), v = randomMatrix(128, 64, 7);
  report("attention_n128_d64_dv64",
         bestMilliseconds(
             [&] {
               const AttentionResult r = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Sqrt, 1.0}, false);
               return r.output(0, 0);
             },
             20));

  // Ten training steps (one chunk as the page runs it) at n 32, batch 16: the "Train it" widget's settings.
  for (int dk : {64, 512}) {
    TrainerConfig config;
    config.keyDimension = dk;
    Trainer trainer(config);
    const std::string name = "training_10_steps_n32_dk" + std::to_string(dk) + "_b16";
    report(name.c_str(), bestMilliseconds([&] { return trainer.run(10).loss[9]; }, 20));
  }

  // Ten steps of each run kind at n 32, dₖ 64, batch 16: what each fix costs per step.
  for (const auto& [kind, kindName] : kRunKindNames) {
    TrainerConfig config;
    config.kind = kind;
    Trainer trainer(config);
    const std::string name = std::string("training_10_steps_n32_dk64_b16_") + kindName;
    report(name.c_str(), bestMilliseconds([&] { return trainer.run(10).loss[9]; }, 20));
  }

  // The lesson's race: steps until accuracy (mean of 20 steps) reaches 0.9, scaled against unscaled, same seed.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    TrainerConfig config;
    config.keyDimension = 256;
    config.seed = seed;
    const std::int64_t scaled = stepsToAccuracy(config, 0.9, 20, 2000);
    config.kind = RunKind::Unscaled;
    const std::int64_t unscaled = stepsToAccuracy(config, 0.9, 20, 2000);
    std::printf("{\"race\":\"n32_dk256_b16_adam\",\"seed\":%d,\"scaled\":%lld,\"unscaled\":%lld}\n",
                static_cast<int>(seed), static_cast<long long>(scaled), static_cast<long long>(unscaled));
  }
  return 0;
}
