// What the variance explorer asks the core, in the worker: one dot-product experiment with its histogram.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';
import { KeptDraws } from '../kept-draws.js';
import { RunPace } from '../run-pace.js';

export type VarianceExplorerParams = StateOf<typeof schema>;

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

/**
 * The products this thread's core keeps, per dₖ and seed, the most recent last (see dotProductExperiment): more
 * samples draw only the new ones, fewer or the other scale draw none. It keeps at most 2²⁰ products in all, the
 * oldest experiments dropped first. The worker's full core, taking over from its small one, starts with none.
 */
const kept = new KeptDraws(2 ** 20);
const keptKey = ({ dk, seed }: VarianceExplorerParams) => `${dk} ${seed}`;

const pace = new RunPace();

/** The core functions compute() calls: the first figure's small core has them all, so it can answer first. */
export const coreCalls = ['dotProductExperiment'] as const;

// Only the histogram and statistics leave the core: 50 000 raw samples would cost a copy per frame.
export function compute(
  core: Pick<Core, (typeof coreCalls)[number]>,
  params: VarianceExplorerParams,
): VarianceExplorerResult {
  kept.follow(core);
  const estimate = estimatedMs(params);
  kept.drew(keptKey(params), params.samples);
  const e = pace.timed(estimate, () =>
    core.dotProductExperiment({
      dk: params.dk,
      count: params.samples,
      seed: params.seed,
      scale: params.scaled ? 'sqrt' : 'none',
      method: 'fast',
      bins: 48,
      samples: false,
    }),
  );
  return {
    ...params,
    mean: e.mean,
    variance: e.variance,
    std: e.std,
    standardErrors: e.standardErrors,
    theory: e.theory,
    edges: e.histogram.edges,
    counts: e.histogram.counts,
    densityCounts: e.densityCounts,
    outside: e.histogram.below + e.histogram.above,
  };
}

// Its cost in WASM: about 60 ns per product still to draw (a χ² and a normal), a few ns per sample for the division,
// statistics and histogram: 1.2 ms for 20 000 new samples, 0.1 ms for 50 000 kept.
function estimatedMs(params: VarianceExplorerParams): number {
  const toDraw = Math.max(0, params.samples - kept.count(keptKey(params)));
  return 0.05 + 6e-5 * toDraw + 2e-6 * params.samples;
}

/** On the page's own thread when a run leaves room in the frame to draw on this device. */
export const runsInPage = (params: VarianceExplorerParams): boolean => pace.fits(estimatedMs(params));
