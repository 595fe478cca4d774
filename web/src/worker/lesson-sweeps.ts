// The lesson's curve widgets (saturation, Jacobian, temperature, entropy, near-orthogonality): one batch of core calls each.
import type { Core, SoftmaxStats } from '../core/types.js';
import { binSamples } from './binning.js';

/** The brief's "more than 0.99 on the first position". */
export const saturationThreshold = 0.99;

export interface SaturationCurveParams {
  keys: number;
}

export interface SaturationCurveResult extends SaturationCurveParams {
  xs: Float64Array;
  p1: Float64Array;
  threshold: number;
  crossing: number;
  /** p₁ at the crossing, from the same core function as the curve (≈ the threshold). */
  p1AtCrossing: number;
  /** p₁ at x = 0: the uniform weight 1/n. */
  uniform: number;
}

export function saturationCurve(core: Core, params: SaturationCurveParams): SaturationCurveResult {
  // x from 0 to 10 in steps of 0.05: a grid for drawing, every p₁ on it from the core.
  const xs = Float64Array.from({ length: 201 }, (_, i) => i / 20);
  const crossing = core.saturationCrossing({ threshold: saturationThreshold, keyCount: params.keys });
  const p1 = core.saturationCurve({ xs, keyCount: params.keys });
  return {
    ...params, xs, p1, threshold: saturationThreshold, crossing, uniform: p1[0] ?? 0,
    p1AtCrossing: core.saturationCurve({ xs: Float64Array.of(crossing), keyCount: params.keys })[0] ?? 0,
  };
}

export type ScoreSource = 'given' | 'sampled';
/** The lesson's multipliers 1, 5, 10, 20, 50 (the current one is added if it is not among them). */
export const jacobianMultipliers = [1, 5, 10, 20, 50];

export interface JacobianViewParams {
  source: ScoreSource;
  /** Used when source is 'given' (the lesson's [1, 0.5, 0, −0.5] by default). */
  scores: number[];
  keys: number;
  multiplier: number;
  seed: number;
}

export interface JacobianViewResult extends JacobianViewParams {
  baseScores: Float64Array;
  weights: Float64Array;
  jacobian: Float64Array;
  stats: SoftmaxStats;
  norms: { multipliers: Float64Array; maxAbs: Float64Array; frobenius: Float64Array; survivalRatio: Float64Array };
}

export function jacobianView(core: Core, params: JacobianViewParams): JacobianViewResult {
  // Sampled scores are N(0, 1): what ÷√dₖ gives at initialisation, so multiplier m plays unscaled scores at dₖ = m².
  const baseScores = params.source === 'sampled' ? core.sampleNormals({ count: params.keys, seed: params.seed }) : Float64Array.from(params.scores);
  const options = { temperature: 1 / params.multiplier };
  const weights = core.softmax(baseScores, options);
  const multipliers = [...new Set([...jacobianMultipliers, params.multiplier])].sort((a, b) => a - b);
  return {
    ...params, baseScores, weights,
    jacobian: core.softmaxJacobian(weights),
    stats: core.softmaxStats(baseScores, options),
    norms: core.jacobianNormsByMultiplier({ scores: baseScores, multipliers: Float64Array.from(multipliers) }),
  };
}

/** τ as multiples of √dₖ: too cold, the lesson's choice, too warm. */
export const temperatureFactors = [0.5, 1, 2];

export interface TemperatureSweepParams {
  dk: number;
  keys: number;
  seed: number;
}

export interface TemperatureSweepResult extends TemperatureSweepParams {
  scores: Float64Array;
  sqrtDk: number;
  panels: { factor: number; temperature: number; weights: Float64Array; stats: SoftmaxStats }[];
  maxEntropy: number;
}

export function temperatureSweep(core: Core, params: TemperatureSweepParams): TemperatureSweepResult {
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const sqrtDk = core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).divisor;
  const panels = temperatureFactors.map((factor) => {
    const temperature = factor * sqrtDk;
    return { factor, temperature, weights: core.softmax(scores, { temperature }), stats: core.softmaxStats(scores, { temperature }) };
  });
  return { ...params, scores, sqrtDk, panels, maxEntropy: core.softmaxStats(new Float64Array(params.keys)).entropy };
}

/** dₖ = 1, 2, 4, …, 4096: thirteen points, evenly spaced on the log axis. */
export const entropyDks = Array.from({ length: 13 }, (_, i) => 2 ** i);
export const entropyScales = ['none', 'sqrt', 'linear'] as const;

export interface EntropyVsDkParams {
  keys: number;
  trials: number;
  seed: number;
}

export interface EntropyVsDkResult extends EntropyVsDkParams {
  dks: Float64Array;
  maxEntropy: number;
  /** One row per scale of entropyScales. */
  meanEntropy: Float64Array[];
  entropyStandardError: Float64Array[];
  meanMaxWeight: Float64Array[];
}

export function entropyVsDk(core: Core, params: EntropyVsDkParams): EntropyVsDkResult {
  const sweep = core.entropySweep({ dks: entropyDks, keyCount: params.keys, trials: params.trials, seed: params.seed, scales: [...entropyScales] });
  return {
    ...params, dks: sweep.dks, maxEntropy: sweep.maxEntropy,
    // Rows are views into one buffer; copies travel to the page without dragging the rest along.
    meanEntropy: sweep.meanEntropy.map((row) => row.slice()),
    entropyStandardError: sweep.entropyStandardError.map((row) => row.slice()),
    meanMaxWeight: sweep.meanMaxWeight.map((row) => row.slice()),
  };
}

export interface NearOrthogonalityParams {
  d: number;
  pairs: number;
  /** Zoom the x axis to ±4/√d instead of the full [−1, 1]. */
  zoom: boolean;
  seed: number;
}

export interface NearOrthogonalityResult extends NearOrthogonalityParams {
  edges: Float64Array;
  counts: Float64Array;
  outside: number;
  mean: number;
  meanStandardError: number;
  variance: number;
  varianceStandardError: number;
  theoryVariance: number;
  /** √(1/d), where the ±σ markers go. */
  theoryStd: number;
}

export const cosineBins = 40;

export function nearOrthogonality(core: Core, params: NearOrthogonalityParams): NearOrthogonalityResult {
  const sweep = core.cosineSweep({ dimensions: [params.d], pairs: params.pairs, seed: params.seed });
  const theoryVariance = sweep.theoryVariance[0] ?? Number.NaN;
  const theoryStd = Math.sqrt(theoryVariance);
  const half = params.zoom ? Math.min(1, 4 * theoryStd) : 1;
  const { edges, counts, outside } = binSamples(sweep.samples[0] ?? [], -half, half, cosineBins);
  return {
    ...params, edges, counts, outside, theoryVariance, theoryStd,
    mean: sweep.mean[0] ?? Number.NaN, meanStandardError: sweep.meanStandardError[0] ?? Number.NaN,
    variance: sweep.variance[0] ?? Number.NaN, varianceStandardError: sweep.varianceStandardError[0] ?? Number.NaN,
  };
}
