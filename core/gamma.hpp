#pragma once
// Gamma and χ² variates (Marsaglia–Tsang), so |q|² ~ χ²(dₖ) costs O(1) whatever dₖ is.
#include "rng.hpp"

namespace attention_lab {

// Gamma(shape, scale 1). Marsaglia–Tsang (2000) squeeze for shape ≥ 1; shape < 1 uses Gamma(shape + 1)·U^(1/shape).
double sampleGamma(NormalSampler& normal, double shape);

// χ²(degreesOfFreedom) = 2·Gamma(degreesOfFreedom / 2): the squared length of a standard normal vector.
double sampleChiSquared(NormalSampler& normal, double degreesOfFreedom);
// The same draw for a loop whose caller has validated degreesOfFreedom once (finite, > 0): no check per draw.
double sampleChiSquaredUnchecked(NormalSampler& normal, double degreesOfFreedom);

}  // namespace attention_lab
