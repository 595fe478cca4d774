// What the lesson's widgets ask of the core, each answered with one batch of core calls inside the worker.
import type { Core, GradientSurvival, Precision, Scale, SoftmaxStats } from '../core/types.js';
import { entropyVsDk, jacobianView, nearOrthogonality, saturationCurve, temperatureSweep } from './lesson-sweeps.js';
import { trainingPlan } from './training.js';

export type { Precision } from '../core/types.js';

export type ScaleMode = 'none' | 'sqrt' | 'linear' | 'temperature';

export function toScale(mode: ScaleMode, temperature: number): Scale {
  return mode === 'temperature' ? temperature : mode;
}

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

export interface VarianceExplorerParams {
  dk: number;
  samples: number;
  scaled: boolean;
  seed: number;
}

export interface VarianceExplorerResult extends VarianceExplorerParams {
  mean: number;
  variance: number;
  std: number;
  standardErrors: { mean: number; variance: number; std: number };
  theory: { variance: number; std: number };
  edges: Float64Array;
  counts: Float64Array;
  densityCounts: Float64Array;
  outside: number;
}

// Only the histogram and statistics leave the worker: 200 000 raw samples would cost a copy per frame.
export function varianceExplorer(core: Core, params: VarianceExplorerParams): VarianceExplorerResult {
  const e = core.dotProductExperiment({
    dk: params.dk, count: params.samples, seed: params.seed, scale: params.scaled ? 'sqrt' : 'none', method: 'fast', bins: 48,
  });
  return {
    ...params, mean: e.mean, variance: e.variance, std: e.std, standardErrors: e.standardErrors, theory: e.theory,
    edges: e.histogram.edges, counts: e.histogram.counts, densityCounts: e.densityCounts,
    outside: e.histogram.below + e.histogram.above,
  };
}

export interface SoftmaxDiesParams {
  dk: number;
  keys: number;
  scale: ScaleMode;
  temperature: number;
  /** The arithmetic the weights are computed in; float16 rounds small weights to exactly 0. */
  precision: Precision;
  seed: number;
}

export interface SoftmaxDiesResult extends SoftmaxDiesParams {
  scores: Float64Array;
  weights: Float64Array;
  divisor: number;
  stats: SoftmaxStats;
  maxEntropy: number;
  survival: GradientSurvival;
  /** Weights that are exactly 0 in the chosen precision: no gradient reaches them at all. */
  exactZeros: number;
}

export function softmaxDies(core: Core, params: SoftmaxDiesParams): SoftmaxDiesResult {
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const divisor = core.scoreStatistics({ dk: params.dk, scale: toScale(params.scale, params.temperature) }).divisor;
  const stats = core.softmaxStats(scores, { temperature: divisor });
  const rounded = core.softmaxInPrecision(scores, { temperature: divisor, precision: params.precision });
  return {
    ...params, scores, divisor, stats, survival: stats.survival.state,
    weights: rounded.weights,
    exactZeros: rounded.exactZeros,
    maxEntropy: core.softmaxStats(new Float64Array(params.keys)).entropy,
  };
}

export interface BeforeAfterParams {
  dk: number;
  keys: number;
  seed: number;
  scores?: number[];
}

export interface BeforeAfterResult extends ScoreSoftmaxResult {
  scaledScores: Float64Array;
  unscaledStats: SoftmaxStats;
  scaledStats: SoftmaxStats;
}

export function beforeAfter(core: Core, params: BeforeAfterParams): BeforeAfterResult {
  const scores = params.scores ? Float64Array.from(params.scores) : core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const divisor = core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).divisor;
  return {
    dk: params.dk, keyCount: scores.length, seed: params.seed, scores, scaleDivisor: divisor,
    scaledScores: scores.map((s) => s / divisor),
    unscaled: core.softmax(scores),
    scaled: core.softmax(scores, { temperature: divisor }),
    unscaledStats: core.softmaxStats(scores),
    scaledStats: core.softmaxStats(scores, { temperature: divisor }),
  };
}

export const computations = {
  varianceExplorer, softmaxDies, beforeAfter,
  saturationCurve, jacobianView, temperatureSweep, entropyVsDk, nearOrthogonality, trainingPlan,
};
export type Computations = typeof computations;
export type ComputationName = keyof Computations;
