// What "watch the softmax die" asks the core, in the worker: one query's scores, their softmax, its Jacobian's size.
import type { Core, Scale, SoftmaxStats, SurvivalThresholds } from '../../core/types.js';
import { maxEntropyOf, survivalThresholdsOf } from '../core-constants.js';
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
  /** Entropy, largest weight and gradient survival (stats.survival) of the weights drawn. */
  stats: SoftmaxStats;
  maxEntropy: number;
  thresholds: SurvivalThresholds;
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
    thresholds: survivalThresholdsOf(core),
    weights: rounded.weights,
    exactZeros: rounded.exactZeros,
    maxEntropy: maxEntropyOf(core, params.keys),
  };
}

/** One query against at most 64 keys: well under a millisecond at every setting, on the page's own thread. */
export const runsInPage = (): boolean => true;
