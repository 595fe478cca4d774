// Sweeps and experiments (sweeps.hpp, dot_product.hpp, scale.hpp, scores.hpp, aligned_scores.hpp, and
// gradient_survival.hpp on sampled queries), sized small so each run is quick.
#include <cmath>
#include <string>
#include <vector>

#include "aligned_scores.hpp"
#include "arguments.hpp"
#include "dot_product.hpp"
#include "fuzz_input.hpp"
#include "gradient_survival.hpp"
#include "modes.hpp"
#include "scale.hpp"
#include "scores.hpp"
#include "softmax.hpp"
#include "sweeps.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

namespace {

const char* const kScaleNames[] = {"none", "sqrt", "linear", "temperature", "cube"};

Scale scale(FuzzInput& in, const char* fn) {
  return bindings::toScale(fn, kScaleNames[in.choice(5)], in.flag() ? 2.0 : in.number());
}

std::vector<int> integers(FuzzInput& in, const char* fn, const char* name, int cap, double high) {
  std::vector<int> values(in.byte() % 5);
  for (int& x : values) x = static_cast<int>(bindings::toInteger(fn, name, in.count(cap), 1, high));
  return values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  switch (in.choice(6)) {
    case 0:
      documentedErrorsOnly([&] {
        const char* fn = "entropySweep";
        const std::vector<int> dks = integers(in, fn, "dks", 64, kMaxKeyDimension);
        std::vector<Scale> scales(in.byte() % 4);
        for (Scale& s : scales) s = scale(in, fn);
        const auto keyCount = bindings::toInteger(fn, "keyCount", in.count(32), 1, kMaxKeys);
        const auto trials = bindings::toInteger(fn, "trials", in.count(32), 2, kMaxTrials);
        const EntropySweep sweep = entropySweep(dks, static_cast<int>(keyCount), static_cast<int>(trials),
                                                bindings::toSeed(fn, in.count(255)), scales);
        expect(sweep.meanEntropy.allFinite() && sweep.meanMaxWeight.allFinite(), "entropy sweep finite");
      });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const auto n = bindings::toInteger("saturationCurve", "keyCount", in.count(100), 1, kMaxSoftmaxLength);
        const Eigen::VectorXd p = saturationCurve(in.vector(32), static_cast<int>(n));
        for (const double x : p) expect(x >= 0 && x <= 1, "p1 in [0, 1]");
      });
      break;
    case 2:
      documentedErrorsOnly([&] {
        const char* fn = "cosineSweep";
        const std::vector<int> dims = integers(in, fn, "dimensions", 32, kMaxModelDimension);
        const auto pairs = bindings::toInteger(fn, "pairs", in.count(32), 2, kMaxTrials);
        static const char* const methods[] = {"direct", "fast", "slow"};
        const CosineMethod method = bindings::toCosineMethod(fn, methods[in.choice(3)]);
        const CosineSweep sweep =
            cosineSweep(dims, static_cast<int>(pairs), bindings::toSeed(fn, in.count(255)), method);
        for (const auto& s : sweep.samples) expect(s.allFinite() && s.cwiseAbs().maxCoeff() <= 1 + 1e-12, "|cos| <= 1");
      });
      break;
    case 3:
      documentedErrorsOnly([&] {
        const char* fn = "dotProductExperiment";
        const auto dk = bindings::toInteger(fn, "dk", in.count(64), 1, kMaxKeyDimension);
        const auto count = bindings::toInteger(fn, "count", in.count(200), 2, kMaxSamples);
        const auto bins = bindings::toInteger(fn, "bins", in.count(60), 1, kMaxBins);
        const Scale s = scale(in, fn);
        const DotProductMethod method = bindings::toMethod(fn, in.flag() ? "fast" : in.flag() ? "direct" : "slow");
        const DotProductExperiment e =
            dotProductExperiment(static_cast<int>(dk), static_cast<int>(count), bindings::toSeed(fn, in.count(255)), s,
                                 method, static_cast<int>(bins));
        expect(e.samples.allFinite() && std::isfinite(e.variance), "experiment finite");
        expect(e.histogram.counts.sum() + static_cast<double>(e.histogram.below + e.histogram.above) ==
                   static_cast<double>(count),
               "every sample binned once");
      });
      break;
    case 4:
      documentedErrorsOnly([&] {
        // The verdict softmax-dies shows: gradient survival of one sampled query's weights under a scale.
        const char* fn = "sampleQueryScores";
        const auto dk = static_cast<int>(bindings::toInteger(fn, "dk", in.count(255), 1, kMaxKeyDimension));
        const auto n = static_cast<int>(bindings::toInteger(fn, "keyCount", in.count(32), 2, kMaxKeys));
        const Scale s = scale(in, fn);
        const Eigen::VectorXd scores = sampleQueryScores(dk, n, bindings::toSeed(fn, in.count(255)));
        const GradientSurvivalResult g = gradientSurvival(softmax(scores / scaleDivisor(s, dk)));
        expect(g.share >= 0 && g.share <= 1, "share in [0, 1]");
        expect(g.state == survivalState(g.share), "state matches its share");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        const char* fn = "scoreStatistics";
        const auto dk = static_cast<int>(bindings::toInteger(fn, "dk", in.count(255), 1, kMaxKeyDimension));
        const Scale s = scale(in, fn);
        expect(std::isfinite(scoreVariance(s, dk)) && std::isfinite(scoreStd(s, dk)), "score spread finite");
        expect(scaleDivisor(s, dk) > 0, "divisor > 0");
        (void)scaleModeName(s.mode);
        const ScoreStatistics theory = scoreStatistics(s, dk);
        expect(theory.mean == 0 && std::isfinite(theory.std) && theory.std > 0, "score statistics finite");
        expect(theory.divisor == scaleDivisor(s, dk), "statistics use the scale's divisor");
      });
      documentedErrorsOnly([&] {
        const char* fn = "sampleQueryScores";
        const auto dk = bindings::toInteger(fn, "keyDimension", in.count(255), 1, kMaxKeyDimension);
        const auto n = bindings::toInteger(fn, "keyCount", in.count(64), 1, kMaxKeys);
        const Eigen::VectorXd scores =
            sampleQueryScores(static_cast<int>(dk), static_cast<int>(n), bindings::toSeed(fn, in.number()));
        expect(scores.allFinite(), "sampled scores finite");
      });
      documentedErrorsOnly([&] {
        const char* fn = "alignedScores";
        const auto dk = static_cast<int>(bindings::toInteger(fn, "dk", in.count(255), 1, kMaxKeyDimension));
        const double alignment = in.flag() ? 0.5 : in.number();  // NaN, ±∞ and |ρ| > 1 must be refused by name
        const ScoreStatistics theory = alignedScoreStatistics(scale(in, fn), dk, alignment);
        expect(std::isfinite(theory.mean) && std::isfinite(theory.std), "aligned statistics finite");
        const auto pairs = static_cast<int>(bindings::toInteger(fn, "pairs", in.count(64), 2, kMaxSamples));
        const AlignedScores draw = alignedScores(dk, alignment, pairs, bindings::toSeed(fn, in.count(255)));
        for (const AlignedScaleScores& entry : draw.byScale)
          expect(entry.scores.allFinite() && std::isfinite(entry.std), "aligned samples finite");
      });
  }
  return 0;
}
