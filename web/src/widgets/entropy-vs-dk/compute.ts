// What the entropy-against-dₖ chart asks the core, in the worker: one batch of core calls.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';
import { KeptDraws } from '../kept-draws.js';
import { RunPace } from '../run-pace.js';

/** dₖ = 1, 2, 4, …, 4096: thirteen points, evenly spaced on the log axis. */
export const entropyDks = Array.from({ length: 13 }, (_, i) => 2 ** i);
export const entropyScales = ['none', 'sqrt', 'linear'] as const;

export type EntropyVsDkParams = StateOf<typeof schema>;

export interface EntropyVsDkResult extends EntropyVsDkParams {
  dks: Float64Array;
  maxEntropy: number;
  /** One row per scale of entropyScales. */
  meanEntropy: Float64Array[];
  entropyStandardError: Float64Array[];
  meanMaxWeight: Float64Array[];
}

/**
 * The trials this thread's core keeps, per keys and seed, the most recent last (the core keeps recent sweeps, see
 * entropySweep): a sweep kept with more trials draws only the new ones, with fewer draws nothing. Each thread (page,
 * worker) loads its own copy. The core keeps at most 2¹⁹ trials (dₖ × scale × trial) in all, the oldest dropped first.
 */
const kept = new KeptDraws(2 ** 19, entropyDks.length * entropyScales.length);
const keptKey = ({ keys, seed }: EntropyVsDkParams) => `${keys} ${seed}`;

const pace = new RunPace();

export function compute(core: Core, params: EntropyVsDkParams): EntropyVsDkResult {
  const estimate = estimatedMs(params);
  kept.drew(keptKey(params), params.trials);
  const sweep = pace.timed(estimate, () =>
    core.entropySweep({
      dks: entropyDks,
      keyCount: params.keys,
      trials: params.trials,
      seed: params.seed,
      scales: [...entropyScales],
    }),
  );
  return {
    ...params,
    dks: sweep.dks,
    maxEntropy: sweep.maxEntropy,
    // Rows are views into one buffer; copies travel to the page without dragging the rest along.
    meanEntropy: sweep.meanEntropy.map((row) => row.slice()),
    entropyStandardError: sweep.entropyStandardError.map((row) => row.slice()),
    meanMaxWeight: sweep.meanMaxWeight.map((row) => row.slice()),
  };
}

// Its cost grows with keys × the trials still to draw (medians in WASM, SIMD exps): about 4 ms at 64 × 200, 10 ms at
// 64 × 500; a sweep kept for these keys and seed costs about 0.1 ms whatever the trials.
function estimatedMs(params: EntropyVsDkParams): number {
  const toDraw = Math.max(0, params.trials - kept.count(keptKey(params)));
  return 0.1 + 3.2e-4 * params.keys * toDraw;
}

/** On the page's own thread when a run leaves room in the frame to draw on this device. */
export const runsInPage = (params: EntropyVsDkParams): boolean => pace.fits(estimatedMs(params));
