// Softmax Jacobian (jacobian.hpp and its sweep in sweeps.hpp): J, its norms, gradient survival and the readout.
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
  switch (in.choice(4)) {
    case 0:
      documentedErrorsOnly([&] {
        const Eigen::MatrixXd j = softmaxJacobian(weights);
        expect(j.allFinite(), "Jacobian finite");
        expect(j == j.transpose(), "Jacobian symmetric");
      });
      documentedErrorsOnly([&] { expect(jacobianMaxAbs(weights) >= 0, "max |J| >= 0"); });
      documentedErrorsOnly([&] { expect(jacobianFrobenius(weights) >= 0, "‖J‖ >= 0"); });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const SoftmaxStats s = softmaxStats(weights);
        expect(std::isfinite(s.entropy) && std::isfinite(s.survivalRatio) && s.survivalRatio >= 0, "stats finite");
        expect(s.survival == survivalState(s.survivalRatio), "state matches ratio");
        (void)survivalName(s.survival);
      });
      break;
    case 2:
      documentedErrorsOnly([&] { expect(uniformJacobianFrobenius(in.size(5000)) > 0, "uniform ‖J‖ > 0"); });
      documentedErrorsOnly([&] { (void)gradientSurvival(weights); });
      documentedErrorsOnly([&] { (void)survivalName(survivalState(std::abs(in.number()))); });
      break;
    default:
      documentedErrorsOnly([&] {
        const JacobianSweep sweep = jacobianNormsByMultiplier(in.vector(48), in.vector(8));
        expect(sweep.survivalRatio.allFinite() && sweep.frobenius.allFinite(), "sweep finite");
      });
  }
  return 0;
}
