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

/**
 * The Box–Muller pairs the core keeps of each seed's stream (core/rng), in products read: every dₖ reads the same
 * stream, three outputs a product, so a new dₖ takes the pairs an earlier one made wherever that one read. The core
 * keeps 2¹⁶ places of a stream (21 845 products) and 2¹⁹ of all streams, the least recent stream dropped first.
 */
const keptPairs = new KeptDraws(2 ** 19, 3);
const pairsOfAStream = Math.floor(2 ** 16 / 3);

const pace = new RunPace();

/** The core functions compute() calls: the first figure's small core has them all, so it can answer first. */
export const coreCalls = ['dotProductExperiment'] as const;

// Only the histogram and statistics leave the core: 50 000 raw samples would cost a copy per frame.
export function compute(
  core: Pick<Core, (typeof coreCalls)[number]>,
  params: VarianceExplorerParams,
): VarianceExplorerResult {
  kept.follow(core);
  keptPairs.follow(core);
  const estimate = estimatedMs(params);
  kept.drew(keptKey(params), params.samples);
  if (params.dk !== 1) keptPairs.drew(String(params.seed), Math.min(params.samples, pairsOfAStream));
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

// Its cost in WASM: about 60 ns per product still to draw (a χ² and a normal) where its pairs are new, a third of it
// where another dₖ made them (no log, square root, sine or cosine), and up to 6 ns per sample to divide, sum and bin
// (less when the core kept this setting's statistics).
// dₖ = 1 reads four outputs a product (a shape below 1 takes one more uniform), so it meets few of the others' pairs.
function estimatedMs(params: VarianceExplorerParams): number {
  const have = kept.count(keptKey(params));
  const toDraw = Math.max(0, params.samples - have);
  const paired =
    params.dk === 1 ? 0 : Math.max(0, Math.min(params.samples, keptPairs.count(String(params.seed))) - have);
  return 0.05 + 6e-5 * (toDraw - paired) + 2e-5 * paired + 6e-6 * params.samples;
}

/** On the page's own thread when a run leaves room in the frame to draw on this device. */
export const runsInPage = (params: VarianceExplorerParams): boolean => pace.fits(estimatedMs(params));
