// What the lesson's widgets ask of the core, each answered with one batch of core calls inside the worker.
import type { Core } from '../core/types.js';

export interface ScoreSoftmaxParams {
  dk: number;
  keyCount: number;
  seed: number;
}

export interface ScoreSoftmaxResult extends ScoreSoftmaxParams {
  scores: Float64Array;
  /** softmax(scores): what attention would do without the scale. */
  unscaled: Float64Array;
  /** softmax(scores / √dₖ). */
  scaled: Float64Array;
  scaleDivisor: number;
}

export function scoreSoftmax(core: Core, params: ScoreSoftmaxParams): ScoreSoftmaxResult {
  const scores = core.sampleQueryScores(params);
  const scaleDivisor = Math.sqrt(params.dk);
  return {
    ...params,
    scores,
    unscaled: core.softmax(scores),
    scaled: core.softmax(scores, { temperature: scaleDivisor }),
    scaleDivisor,
  };
}

export const computations = { scoreSoftmax };
export type Computations = typeof computations;
export type ComputationName = keyof Computations;
