// What the entropy-against-dₖ chart asks the core, in the worker: one batch of core calls.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import { KeptDraws } from '../kept-draws.js';
import { RunPace } from '../run-pace.js';
import { schema } from './schema.js';

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

/** Outputs of a dₖ's stream one trial reads: a normal per key, and about five for |q|'s χ² (gamma) draw. */
const positionsRead = (keys: number, trials: number) => trials * (keys + 5);
/** A stream's Box–Muller pairs the core keeps: the first 2¹⁶ positions (core/rng.cpp). */
const keptPositions = 2 ** 16;

/**
 * What one thread's core keeps for this figure, mirrored so that a step's cost can be told before it runs. The core
 * keeps recent sweeps' trials per keys and seed (entropySweep): a sweep kept with more trials draws only the new
 * ones, with fewer draws nothing; at most 2¹⁹ trials (dₖ × scale × trial) in all, the oldest dropped first. It also
 * keeps the Box–Muller pairs each stream was read for (core/rng.hpp), which any key count takes up again: a new key
 * count mostly computes exps, while new trials also make new pairs. (The pairs' cap for all streams is not
 * mirrored: this figure's 13 streams fit in it.)
 */
export class KeptSweeps {
  private readonly trials = new KeptDraws(2 ** 19, entropyDks.length * entropyScales.length);
  /** Per seed, the positions of each stream read so far. */
  private readonly reach = new Map<number, number>();

  drew(params: EntropyVsDkParams): void {
    this.trials.drew(keptKey(params), params.trials);
    const read = Math.min(keptPositions, positionsRead(params.keys, params.trials));
    this.reach.set(params.seed, Math.max(read, this.reach.get(params.seed) ?? 0));
  }

  // Exps for keys × the trials still to draw (medians in WASM, SIMD exps: about 4 ms at 64 × 200, 10 ms at
  // 64 × 500), and 18 ns a pair for the pairs those trials make where no earlier reading of the stream did.
  estimatedMs(params: EntropyVsDkParams): number {
    const keptTrials = Math.min(params.trials, this.trials.count(keptKey(params)));
    const made = Math.max(this.reach.get(params.seed) ?? 0, positionsRead(params.keys, keptTrials));
    const newPairs = (entropyDks.length * Math.max(0, positionsRead(params.keys, params.trials) - made)) / 2;
    return 0.1 + 3.2e-4 * params.keys * (params.trials - keptTrials) + 1.8e-5 * newPairs;
  }
}
const keptKey = ({ keys, seed }: EntropyVsDkParams) => `${keys} ${seed}`;

/** This thread's core. */
const kept = new KeptSweeps();
/** On the page: what the steps it handed to the worker left in the worker's core. */
const keptInWorker = new KeptSweeps();

const pace = new RunPace();

export function compute(core: Core, params: EntropyVsDkParams): EntropyVsDkResult {
  const estimate = kept.estimatedMs(params);
  kept.drew(params);
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

/**
 * On the page's own thread when a run leaves room in the frame to draw on this device, or when it still ends well
 * within the frame and the worker would draw much more for it (a step the worker's core has kept nothing for).
 */
export function runsInPage(params: EntropyVsDkParams): boolean {
  const here = kept.estimatedMs(params);
  if (pace.fits(here) || (here * 2 <= keptInWorker.estimatedMs(params) && pace.fits(here, 8))) return true;
  keptInWorker.drew(params);
  return false;
}

/**
 * A draft's run leaves more of the frame to drawing than a whole run does: the chart is drawn twice per step, the
 * draft now and the whole answer after it (bench:browser's phone, dots drawn as one path: keys p95 14.0–14.6 ms at
 * this limit, 15.0–15.4 at 4 with a task over 50 ms in one run of two).
 */
const draftLimitMs = 2;

/**
 * When the whole sweep goes to the worker: the same sweep over its first trials, if some fit in the frame here. Trial
 * t is each dₖ stream's t-th draw whatever the count, so these are exactly the points the whole sweep starts from;
 * the page draws them at once, and the worker's answer over every trial replaces them.
 */
export function draft(params: EntropyVsDkParams): EntropyVsDkParams | undefined {
  let fewest: EntropyVsDkParams | undefined;
  for (let trials = Math.floor(params.trials / 2); trials >= schema.trials.min; trials = Math.floor(trials / 2)) {
    fewest = { ...params, trials };
    if (pace.fits(kept.estimatedMs(fewest), draftLimitMs)) return fewest;
  }
  // The smallest draft, if even it runs past that limit: it still comes sooner than the worker’s answer.
  return fewest && pace.fits(kept.estimatedMs(fewest)) ? fewest : undefined;
}
