// Limits of the C++ core that the lesson format and URL checks must agree with (tests/js/core-limits.test.mjs holds
// them equal).

/** Scale temperature τ (÷τ scoring): kMinScaleTemperature..kMaxScaleTemperature in core/scale.hpp. */
export const scaleTemperature = { min: 1e-3, max: 1e6 } as const;
