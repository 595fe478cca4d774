// Softmax Jacobian (jacobian.hpp and its sweep in sweeps.hpp): J (fresh, or refilled into one kept buffer as
// JacobianBuffer.compute does), its norms, gradient survival and the readout, from weights or from raw scores.
#include <cmath>

#include "fuzz_input.hpp"
#include "jacobian.hpp"
#include "sweeps.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  const Eigen::VectorXd weights = in.weights(48);
  switch (in.choice(5)) {
    case 0:
      documentedErrorsOnly([&] {
        const Eigen::MatrixXd j = softmaxJacobian(weights);
        expect(j.allFinite(), "Jacobian finite");
        expect(j == j.transpose(), "Jacobian symmetric");
      });
      documentedErrorsOnly([&] {
        // One buffer across runs, as JS keeps one JacobianBuffer: n changes, or an error leaves it as it was.
        static Eigen::MatrixXd buffer;
        softmaxJacobianInto(weights, buffer);
        expect(buffer == softmaxJacobian(weights), "refilled buffer equals a fresh J");
      });
      documentedErrorsOnly([&] { expect(jacobianMaxAbs(weights) >= 0, "max |J| >= 0"); });
      documentedErrorsOnly([&] { expect(jacobianFrobenius(weights) >= 0, "‖J‖ >= 0"); });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const SoftmaxStats s = softmaxStats(weights);
        expect(std::isfinite(s.entropy) && s.survivalShare >= 0 && s.survivalShare <= 1,
               "stats finite, share in [0, 1]");
        expect(s.survival == survivalState(s.survivalShare), "state matches share");
        (void)survivalName(s.survival);
      });
      break;
    case 2:
      documentedErrorsOnly([&] { expect(uniformJacobianFrobenius(in.size(5000)) > 0, "uniform ‖J‖ > 0"); });
      documentedErrorsOnly([&] {
        const double share = gradientSurvival(weights).share;
        expect(share >= 0 && share <= 1, "share in [0, 1]");
      });
      documentedErrorsOnly([&] { expect(jacobianTrace(weights) >= 0, "tr J >= 0"); });
      documentedErrorsOnly([&] { (void)survivalName(survivalState(in.number())); });
      break;
    case 3:
      documentedErrorsOnly([&] {
        // softmaxStats as the binding calls it: raw scores, a temperature and a mask (lengths may not match).
        SoftmaxOptions options;
        options.temperature = in.flag() ? 1.0 : in.number();
        const Eigen::VectorXd scores = in.vector(48);
        const Eigen::Index maskLength = in.flag() ? scores.size() : in.byte() % 8;
        if (in.flag()) {
          for (Eigen::Index i = 0; i < maskLength; ++i) options.mask.push_back(in.byte() % 4 == 0 ? in.byte() : 1);
        }
        const SoftmaxStats s = softmaxStatsOfScores(scores, options);
        expect(std::isfinite(s.entropy) && s.entropy >= -1e-12 && s.perplexity >= 1 - 1e-9, "entropy finite, e^H >= 1");
        expect(s.maxWeight > 0 && s.maxWeight <= 1 + 1e-12, "max weight in (0, 1]");
        expect(s.survival == survivalState(s.survivalShare), "state matches share");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        const JacobianSweep sweep = jacobianNormsByMultiplier(in.vector(48), in.vector(8));
        expect(
            sweep.survivalShare.minCoeff() >= 0 && sweep.survivalShare.maxCoeff() <= 1 && sweep.frobenius.allFinite(),
            "sweep finite, shares in [0, 1]");
      });
  }
  return 0;
}
