// What the entropy-against-dₖ chart asks the core, in the worker: one batch of core calls.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

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
 * The sweep this thread's core last drew (the core keeps its trials, see entropySweep): the same keys and seed with
 * more trials only draws the new ones, with fewer draws nothing. Each thread (page, worker) loads its own copy.
 */
let drawn = { keys: 0, seed: Number.NaN, trials: 0 };

export function compute(core: Core, params: EntropyVsDkParams): EntropyVsDkResult {
  const same = params.keys === drawn.keys && params.seed === drawn.seed;
  drawn = {
    keys: params.keys,
    seed: params.seed,
    trials: same ? Math.max(drawn.trials, params.trials) : params.trials,
  };
  const sweep = core.entropySweep({
    dks: entropyDks,
    keyCount: params.keys,
    trials: params.trials,
    seed: params.seed,
    scales: [...entropyScales],
  });
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

// Its cost grows with keys × the trials still to draw (medians in WASM): 1 ms at 8 × 200, 5.6 ms at 64 × 200, 13.6 ms
// at 64 × 500; trials already drawn for these keys and seed cost about 0.1 ms in all.
export const runsInPage = ({ keys, seed, trials }: EntropyVsDkParams): boolean => {
  const toDraw = keys === drawn.keys && seed === drawn.seed ? Math.max(0, trials - drawn.trials) : trials;
  return keys * toDraw <= 64 * 256;
};
