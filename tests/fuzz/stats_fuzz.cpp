// Statistics (stats.hpp): moments, normal CDF, density and mass within ±σ, Kolmogorov–Smirnov tests, the histogram.
#include <cmath>

#include "fuzz_input.hpp"
#include "stats.hpp"
#include "validate.hpp"

using namespace attention_lab;
using attention_lab::fuzz::documentedErrorsOnly;
using attention_lab::fuzz::expect;
using attention_lab::fuzz::FuzzInput;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  const Eigen::VectorXd samples = in.vector(64);
  switch (in.choice(5)) {
    case 0:
      documentedErrorsOnly([&] {
        const Moments m = sampleMoments(samples);
        (void)meanStandardError(m);
        (void)varianceStandardError(m);
      });
      break;
    case 1:
      documentedErrorsOnly([&] {
        const double p = standardNormalCdf(in.number());
        expect(p >= 0 && p <= 1, "normal CDF in [0, 1]");
      });
      documentedErrorsOnly([&] { expect(normalDensity(in.number(), in.number(), in.number()) >= 0, "density >= 0"); });
      documentedErrorsOnly([&] {
        // normalWithin (the binding of the same name): sigmas 0..40, NaN and ±∞ refused by name.
        const double p = normalWithin(in.number());
        expect(p >= 0 && p <= 1, "mass within ±σ in [0, 1]");
      });
      documentedErrorsOnly([&] {
        const double p = kolmogorovPValue(in.number(), in.number());
        expect(p >= 0 && p <= 1, "Kolmogorov p-value in [0, 1]");
      });
      break;
    case 2:
      documentedErrorsOnly([&] {
        const KsResult r = in.flag() ? ksTestNormal(samples) : ksTestNormal(samples, in.number(), in.number());
        expect(r.statistic >= 0 && r.statistic <= 1 && r.pValue >= 0 && r.pValue <= 1, "KS result in [0, 1]");
      });
      break;
    case 3:
      documentedErrorsOnly([&] {
        const KsResult r = ksTestTwoSample(samples, in.vector(64));
        expect(r.statistic >= 0 && r.statistic <= 1 && r.pValue >= 0 && r.pValue <= 1, "two-sample KS in [0, 1]");
      });
      break;
    default:
      documentedErrorsOnly([&] {
        const int bins = in.size(kMaxBins);
        const Histogram h = histogram(samples, in.number(), in.number(), bins);
        const double counted = h.counts.sum() + static_cast<double>(h.below + h.above);
        expect(counted == static_cast<double>(samples.size()), "every sample counted once");
        expect(h.edges.allFinite(), "histogram edges finite");
        for (Eigen::Index i = 0; i + 1 < h.edges.size(); ++i) expect(h.edges[i] <= h.edges[i + 1], "edges ascend");
      });
  }
  return 0;
}
