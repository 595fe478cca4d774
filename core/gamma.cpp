#include "gamma.hpp"

#include <cmath>

#include "validate.hpp"

namespace attention_lab {
namespace {

// Shape ≥ 1 only; the caller has validated it.
double marsagliaTsang(NormalSampler& normal, double shape) {
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x = 0.0;
    double v = 0.0;
    do {
      x = normal.next();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    // 1 - u lies in (0, 1], so the log below never sees 0.
    const double u = 1.0 - normal.engine().uniform();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;  // cheap squeeze accepts about 98% of proposals
    if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return d * v;
  }
}

// Shape finite and > 0; the callers check it.
double gammaUnchecked(NormalSampler& normal, double shape) {
  if (shape >= 1.0) return marsagliaTsang(normal, shape);
  const double boosted = marsagliaTsang(normal, shape + 1.0);
  const double u = 1.0 - normal.engine().uniform();
  return boosted * std::pow(u, 1.0 / shape);
}

}  // namespace

double sampleGamma(NormalSampler& normal, double shape) {
  requirePositiveFinite("sampleGamma", "shape", shape);
  return gammaUnchecked(normal, shape);
}

double sampleChiSquared(NormalSampler& normal, double degreesOfFreedom) {
  requirePositiveFinite("sampleChiSquared", "degreesOfFreedom", degreesOfFreedom);
  return sampleChiSquaredUnchecked(normal, degreesOfFreedom);
}

double sampleChiSquaredUnchecked(NormalSampler& normal, double degreesOfFreedom) {
  return 2.0 * gammaUnchecked(normal, 0.5 * degreesOfFreedom);
}

}  // namespace attention_lab
