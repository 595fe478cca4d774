// What "watch the softmax die" asks the core, in the worker: one query's scores, their softmax, its Jacobian's size.
import type { Core, GradientSurvivalResult, Scale, SoftmaxStats } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

export type SoftmaxDiesParams = StateOf<typeof schema>;
export type ScaleMode = SoftmaxDiesParams['scale'];
export type Precision = SoftmaxDiesParams['precision'];

export function toScale(mode: ScaleMode, temperature: number): Scale {
  return mode === 'temperature' ? temperature : mode;
}

export interface SoftmaxDiesResult extends SoftmaxDiesParams {
  scores: Float64Array;
  weights: Float64Array;
  divisor: number;
  stats: SoftmaxStats;
  maxEntropy: number;
  /** How much gradient reaches the query: expected over many queries, and for this sample (core/gradient_survival). */
  survival: GradientSurvivalResult;
  /** Weights that are exactly 0 in the chosen precision: no gradient reaches them at all. */
  exactZeros: number;
}

/** Random queries behind the typical verdict: enough for its band, few enough to redraw within a frame. */
export const survivalTrials = 256;

export function compute(core: Core, params: SoftmaxDiesParams): SoftmaxDiesResult {
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const divisor = core.scoreStatistics({ dk: params.dk, scale: toScale(params.scale, params.temperature) }).divisor;
  const stats = core.softmaxStats(scores, { temperature: divisor });
  const rounded = core.softmaxInPrecision(scores, { temperature: divisor, precision: params.precision });
  return {
    ...params,
    scores,
    divisor,
    stats,
    survival: core.gradientSurvival({
      dk: params.dk,
      keyCount: params.keys,
      scale: toScale(params.scale, params.temperature),
      seed: params.seed,
      trials: survivalTrials,
    }),
    weights: rounded.weights,
    exactZeros: rounded.exactZeros,
    maxEntropy: core.softmaxStats(new Float64Array(params.keys)).entropy,
  };
}

// Its cost is the typical verdict's average over survivalTrials queries, linear in keys: at 1024 queries 11 ms at 64
// keys, too slow to draw in the frame of a keystroke; at 256 about 3 ms, with a standard error on ln r of sd/16.
export const runsInPage = (): boolean => true;
