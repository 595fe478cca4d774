// Softmax family (softmax.hpp): softmax, logSoftmax with temperature and mask, entropy, saturation crossing.
#include <cmath>

#include "arguments.hpp"
#include "fuzz_input.hpp"
#include "softmax.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

namespace {

SoftmaxOptions options(FuzzInput& in, Eigen::Index n) {
  SoftmaxOptions o;
  o.temperature = in.flag() ? 1.0 : in.number();
  if (in.flag()) {
    const Eigen::Index length = in.flag() ? n : in.byte() % 8;
    for (Eigen::Index i = 0; i < length; ++i) o.mask.push_back(in.byte() % 3 == 0 ? in.byte() : in.byte() & 1);
  }
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  const Eigen::VectorXd scores = in.vector(64);
  switch (in.choice(4)) {
    case 0:
      documentedErrorsOnly([&] {
        const Eigen::VectorXd p = softmax(scores, options(in, scores.size()));
        expect(p.allFinite() && p.minCoeff() >= 0, "softmax weights finite and non-negative");
        expect(std::abs(p.sum() - 1.0) <= 1e-9 * static_cast<double>(p.size()), "softmax weights sum to 1");
      });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const Eigen::VectorXd logp = logSoftmax(scores, options(in, scores.size()));
        for (const double x : logp) expect(!std::isnan(x) && x <= 1e-12, "log softmax is a number at most 0");
      });
      break;
    case 2:
      documentedErrorsOnly([&] {
        const Eigen::VectorXd p = in.flag() ? softmax(scores, in.number()) : scores;
        const double h = entropy(p);
        expect(std::isfinite(h) && h >= -1e-12, "entropy finite and non-negative");
        expect(std::isfinite(perplexity(p)) && std::isfinite(maxWeight(p)), "perplexity and max weight finite");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        // The binding checks keyCount as a JS number first, then the core checks the threshold.
        const auto n = bindings::toInteger("saturationCrossing", "keyCount", in.count(1000), 2, kMaxSoftmaxLength);
        const double x = saturationCrossing(in.number(), static_cast<int>(n));
        expect(std::isfinite(x), "saturation crossing finite");
      });
      documentedErrorsOnly([&] { (void)exactExp(scores.array()); });
  }
  return 0;
}
