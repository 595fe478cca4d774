// What the near-orthogonality histogram asks the core, in the worker: one batch of core calls.
import type { Core } from '../../core/types.js';
import { binSamples } from './binning.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

export type NearOrthogonalityParams = StateOf<typeof schema>;

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

export function compute(core: Core, params: NearOrthogonalityParams): NearOrthogonalityResult {
  // The O(1) sampler: the same distribution as drawing both vectors, without 2·d normals per pair.
  const sweep = core.cosineSweep({ dimensions: [params.d], pairs: params.pairs, seed: params.seed, method: 'fast' });
  const theoryVariance = sweep.theoryVariance[0] ?? Number.NaN;
  const theoryStd = Math.sqrt(theoryVariance);
  const half = params.zoom ? Math.min(1, 4 * theoryStd) : 1;
  const { edges, counts, outside } = binSamples(sweep.samples[0] ?? [], -half, half, cosineBins);
  return {
    ...params,
    edges,
    counts,
    outside,
    theoryVariance,
    theoryStd,
    mean: sweep.mean[0] ?? Number.NaN,
    meanStandardError: sweep.meanStandardError[0] ?? Number.NaN,
    variance: sweep.variance[0] ?? Number.NaN,
    varianceStandardError: sweep.varianceStandardError[0] ?? Number.NaN,
  };
}

/** Cheap at every setting (0.14 ms at d 4096 and 2000 pairs, median in WASM): computed on the page's own thread. */
export const runsInPage = (): boolean => true;
