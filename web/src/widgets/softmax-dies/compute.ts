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
    }),
    weights: rounded.weights,
    exactZeros: rounded.exactZeros,
    maxEntropy: core.softmaxStats(new Float64Array(params.keys)).entropy,
  };
}

// Its cost grows with keys² (gradient survival averages 1024 Jacobians): ~1 ms up to 16 keys, 2 at 32, 11 at 64.
export const runsInPage = (params: SoftmaxDiesParams): boolean => params.keys <= 16;
