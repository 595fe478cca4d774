// Limits of the C++ core that the lesson format and URL checks must agree with (tests in tests/js hold them equal to
// what the core accepts: core-limits.test.mjs and the widgets' own limit tests).
import type { RunKind } from './types.js';

/** Scale temperature τ (÷τ scoring): kMinScaleTemperature..kMaxScaleTemperature in core/scale.hpp. */
export const scaleTemperature = { min: 1e-3, max: 1e6 } as const;

/** What a trainer does per step, at most: kMaxTrainingStepWork in core/training.hpp. */
export const maxTrainingStepWork = 2097152;

/** The model width and batch a trainer gets when the caller leaves them out (TrainerConfig in core/training.hpp). */
export const trainerDefaults = { modelDim: 32, batchSize: 16 } as const;

/**
 * trainingStepWork in core/training.cpp: batchSize·modelDim·(keyCount + dₖ), and for qk-norm also
 * batchSize·keyCount·modelDim² + 2·modelDim²·dₖ (it forms every ‖kⱼ‖ through W_kW_kᵀ).
 */
export function trainingStepWork(keyCount: number, dk: number, kind: RunKind): number {
  const { modelDim: d, batchSize: batch } = trainerDefaults;
  const base = batch * d * (keyCount + dk);
  return kind === 'qk-norm' ? base + batch * keyCount * d * d + 2 * d * d * dk : base;
}
