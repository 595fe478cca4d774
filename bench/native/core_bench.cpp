// Native timings of the kernels the lesson calls live; bench/run.mjs times the same list in WASM and plain JS.
// Arguments: one `kernel:warm:calls:samples` per kernel to time (bench/run.mjs passes them, so both sides run the same
// calls on the same inputs and seeds); no arguments times every kernel with the plan below. Prints one JSON object per
// line: {"kernel":"...","ms":...}, the process CPU time per call, least of `samples` samples of `calls` calls each,
// after `warm` calls; then the lesson's race.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attention.hpp"
#include "dot_product.hpp"
#include "jacobian.hpp"
#include "random_matrix.hpp"
#include "softmax.hpp"
#include "training.hpp"

using namespace attention_lab;

namespace {

// Results are folded into a sink the compiler cannot see through, so no kernel is optimised away.
volatile double gSink = 0.0;

// CPU time, as bench/run.mjs reads it in Node: a neighbour's process on the shared machine does not count.
double cpuMilliseconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return 1e3 * static_cast<double>(now.tv_sec) + 1e-6 * static_cast<double>(now.tv_nsec);
}

double bestMillisecondsPerCall(const std::function<double()>& kernel, int warm, int calls, int samples) {
  for (int i = 0; i < warm; ++i) gSink = gSink + kernel();
  double best = std::numeric_limits<double>::infinity();
  for (int sample = 0; sample < samples; ++sample) {
    const double start = cpuMilliseconds();
    for (int i = 0; i < calls; ++i) gSink = gSink + kernel();
    best = std::min(best, (cpuMilliseconds() - start) / calls);
  }
  return best;
}

RowMatrix normalRows(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
  const Eigen::VectorXd values = sampleNormals(rows * cols, seed);
  return Eigen::Map<const RowMatrix>(values.data(), rows, cols);
}

// The WASM call hands JS its result in a fresh Float64Array of the caller's: natively, a fresh vector. (Training
// chunks return 70 numbers; those rows skip it.)
double copiedOut(const double* data, Eigen::Index size) {
  const std::vector<double> copy(data, data + size);
  return copy.back();
}

Trainer makeTrainer(int keyDimension, RunKind kind) {
  TrainerConfig config;  // n 32, batch 16, model width 32, Adam 0.01, seed 1: the WASM rows' trainers
  config.keyDimension = keyDimension;
  config.kind = kind;
  return Trainer(config);
}

}  // namespace

int main(int argc, char** argv) {
  const Scale none{ScaleMode::None, 1.0};
  // Each call draws afresh from a new seed, as in WASM: a seed seen before would find its draws kept.
  std::uint64_t directSeed = 1, fastSeed = 1;
  const Eigen::VectorXd scores = sampleNormals(512, 4);  // the WASM rows' scores
  Eigen::MatrixXd keptJacobian;
  std::vector<double> callersJacobian(512 * 512);
  const RowMatrix q = normalRows(128, 64, 1), k = normalRows(128, 64, 2), v = normalRows(128, 64, 3);
  std::map<std::string, Trainer> trainers;
  for (int dk : {64, 512}) trainers.emplace("dk" + std::to_string(dk), makeTrainer(dk, RunKind::Sqrt));
  for (const auto& [kind, kindName] : kRunKindNames) trainers.emplace(kindName, makeTrainer(64, kind));

  // Name → kernel, and the plan used without arguments.
  const std::vector<std::pair<std::string, std::function<double()>>> kernels = {
      {"normals_1e6",
       [] {
         const Eigen::VectorXd samples = sampleNormals(1000000, 1);
         return copiedOut(samples.data(), samples.size());
       }},
      {"dot_product_direct_dk512_n20000",
       [&] {
         const auto e = dotProductExperiment(512, 20000, directSeed++, none, DotProductMethod::Direct, 50);
         return copiedOut(e.samples.data(), e.samples.size()) + e.variance;
       }},
      {"dot_product_fast_dk512_n20000",
       [&] {
         const auto e = dotProductExperiment(512, 20000, fastSeed++, none, DotProductMethod::Fast, 50);
         return copiedOut(e.samples.data(), e.samples.size()) + e.variance;
       }},
      // Into a buffer the caller keeps, as JacobianBuffer.compute does.
      {"softmax_jacobian_n512_kept",
       [&] {
         softmaxJacobianInto(softmax(scores), keptJacobian);
         return keptJacobian(511, 511);
       }},
      // A fresh J copied into an array the caller keeps across calls, as softmaxJacobian(p, into) does.
      {"softmax_jacobian_n512_copied",
       [&] {
         const Eigen::MatrixXd jacobian = softmaxJacobian(softmax(scores));
         callersJacobian.assign(jacobian.data(), jacobian.data() + jacobian.size());
         return callersJacobian.back();
       }},
      {"attention_n128_d64_dv64",
       [&] {
         const AttentionResult r = scaledDotProductAttention(q, k, v, {AttentionScaleMode::Sqrt, 1.0}, false);
         return copiedOut(r.weights.data(), r.weights.size()) + copiedOut(r.output.data(), r.output.size());
       }},
  };
  const auto train = [&](const std::string& which) {
    return std::function<double()>([&trainers, which] { return trainers.at(which).run(10).loss[9]; });
  };
  std::vector<std::pair<std::string, std::function<double()>>> all = kernels;
  for (int dk : {64, 512})
    all.emplace_back("training_10_steps_n32_dk" + std::to_string(dk) + "_b16", train("dk" + std::to_string(dk)));
  for (const auto& [kind, kindName] : kRunKindNames)
    all.emplace_back(std::string("training_10_steps_n32_dk64_b16_") + kindName, train(kindName));

  std::vector<std::string> plan;
  for (int a = 1; a < argc; ++a) plan.emplace_back(argv[a]);
  if (plan.empty())
    for (const auto& entry : all) plan.push_back(entry.first + ":3:3:7");
  for (const std::string& step : plan) {
    std::istringstream fields(step);
    std::string name;
    char colon = 0;
    int warm = 0, calls = 0, samples = 0;
    std::getline(fields, name, ':');
    fields >> warm >> colon >> calls >> colon >> samples;
    const auto found = std::find_if(all.begin(), all.end(), [&](const auto& entry) { return entry.first == name; });
    if (found == all.end() || !fields || calls < 1 || samples < 1) {
      std::fprintf(stderr, "core_bench: no kernel '%s' (expected kernel:warm:calls:samples)\n", step.c_str());
      return 2;
    }
    const double ms = bestMillisecondsPerCall(found->second, warm, calls, samples);
    std::printf("{\"kernel\":\"%s\",\"ms\":%.5f}\n", name.c_str(), ms);
    std::fflush(stdout);
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
