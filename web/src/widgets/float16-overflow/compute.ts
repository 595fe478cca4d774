// What the float16 figure asks the core, in the worker: q·k in float16 for the chosen order, and for all three.
import type { Core, Float16ScoreOrder } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

export type Float16OverflowParams = StateOf<typeof schema>;

export const orders: readonly Float16ScoreOrder[] = ['after', 'before', 'balanced'];

export interface Float16OverflowResult extends Float16OverflowParams {
  /** Per query row: the largest |score| as float16 left it (Infinity where it overflowed), and its NaN weights. */
  rowLargest: Float64Array;
  rowNans: Float64Array;
  infinities: number;
  nans: number;
  largestExactScore: number;
  /** The spread at which this dₖ's aligned score reaches 65504. */
  overflowSpread: number;
  /** ∞ scores and NaN weights at these settings under each order, for the comparison line. */
  byOrder: { order: Float16ScoreOrder; infinities: number; nans: number }[];
}

export function compute(core: Core, params: Float16OverflowParams): Float16OverflowResult {
  const request = { dk: params.dk, keyCount: params.keys, spread: params.spread, seed: params.seed };
  const byOrder = orders.map((order) => ({ order, result: core.float16Scores({ ...request, order }) }));
  const chosen =
    byOrder.find((entry) => entry.order === params.order)?.result ??
    core.float16Scores({ ...request, order: params.order });
  const n = chosen.keyCount;
  const rowLargest = new Float64Array(n);
  const rowNans = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      rowLargest[i] = Math.max(rowLargest[i] ?? 0, Math.abs(chosen.scores[i * n + j] ?? 0));
      if (Number.isNaN(chosen.weights[i * n + j])) rowNans[i] = (rowNans[i] ?? 0) + 1;
    }
  }
  return {
    ...params,
    rowLargest,
    rowNans,
    infinities: chosen.infinities,
    nans: chosen.nans,
    largestExactScore: chosen.largestExactScore,
    overflowSpread: core.float16OverflowSpread({ dk: params.dk }),
    byOrder: byOrder.map(({ order, result }) => ({ order, infinities: result.infinities, nans: result.nans })),
  };
}
