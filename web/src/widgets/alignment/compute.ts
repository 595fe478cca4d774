// What the alignment figure asks the core, in the worker: the typical score at each dₖ, and samples at the chosen one.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

export type AlignmentParams = StateOf<typeof schema>;

/** dₖ = 1, 2, 4, …, 4096: thirteen points, evenly spaced on the log axis. */
export const alignmentDks = Array.from({ length: 13 }, (_, i) => 2 ** i);
export const alignmentScales = ['none', 'sqrt', 'linear'] as const;
export type AlignmentScale = (typeof alignmentScales)[number];

export interface AlignmentResult extends AlignmentParams {
  dks: Float64Array;
  /** Typical (mean) score at each of alignmentDks, one row per scale of alignmentScales: ρ·dₖ ÷ divisor. */
  typical: Float64Array[];
  /** The chosen dₖ's sampled scores per scale, with their sample mean and std and the closed forms. */
  samples: { scores: Float64Array; mean: number; std: number; theoryMean: number; theoryStd: number }[];
}

/** The last ρ's typical scores per core: a dₖ step keeps ρ, so it asks the core only for the new samples. */
const lastTypical = new WeakMap<Core, { alignment: number; typical: Float64Array[] }>();

/** The typical score at each of alignmentDks under each scale, as the core gives it for this ρ. */
export function typicalScores(core: Core, alignment: number): Float64Array[] {
  const kept = lastTypical.get(core);
  if (kept && Object.is(kept.alignment, alignment)) return kept.typical;
  const typical = alignmentScales.map((scale) =>
    Float64Array.from(alignmentDks, (dk) => core.alignedScoreStatistics({ dk, alignment, scale }).mean),
  );
  lastTypical.set(core, { alignment, typical });
  return typical;
}

export function compute(core: Core, params: AlignmentParams): AlignmentResult {
  const { alignment } = params;
  const typical = typicalScores(core, alignment);
  const draw = core.alignedScores({ dk: params.dk, alignment, pairs: params.pairs, seed: params.seed });
  return {
    ...params,
    dks: Float64Array.from(alignmentDks),
    typical,
    samples: alignmentScales.map((scale) => ({
      scores: draw[scale].scores.slice(),
      mean: draw[scale].mean,
      std: draw[scale].std,
      theoryMean: draw[scale].theory.mean,
      theoryStd: draw[scale].theory.std,
    })),
  };
}

/** Cheap at every setting (0.2–0.3 ms at dₖ 4096 and 1000 pairs, median in WASM): computed on the page's own thread. */
export const runsInPage = (): boolean => true;
