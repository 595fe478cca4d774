// What the float16 figure asks the core: q·k in float16 for the chosen order, and its overflow counts for all three.
import type { Core, Float16ScoreOrder } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';
import { RunPace } from '../run-pace.js';

export type Float16OverflowParams = StateOf<typeof schema>;

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

const orders = ['after', 'before', 'balanced'] as const;
const pace = new RunPace();

/**
 * The keys whose scores this thread's core keeps per order, and for which settings (see float16Scores: it keeps each
 * order's last scores, the shown order's and the others' counted-only ones apart, and more keys add only new pairs).
 */
let kept = {
  seed: Number.NaN,
  dk: 0,
  spread: 0,
  keys: new Map<string, number>(),
  rows: 0,
  copies: new Map<string, number>(),
};
/** The unit normals the core keeps: one stream of the seed, whatever dₖ, keys or spread read of it (keys × dₖ). */
let normalsKept = { seed: Number.NaN, count: 0 };
const keptKey = (order: Float16ScoreOrder, shown: boolean) => `${order} ${shown}`;

/** Whether the core's kept rows and scores are of these settings (seed, dₖ and σ). */
const keptSettings = ({ seed, dk, spread }: Float16OverflowParams): boolean =>
  seed === kept.seed && dk === kept.dk && spread === kept.spread;

/** The float16 rows the core keeps for these settings, whatever the order. */
const rowsKeptFor = (params: Float16OverflowParams): number => (keptSettings(params) ? kept.rows : 0);

function keysKept(params: Float16OverflowParams, order: Float16ScoreOrder, shown: boolean): number {
  return keptSettings(params) ? (kept.keys.get(keptKey(order, shown)) ?? 0) : 0;
}

export function compute(core: Core, params: Float16OverflowParams): Float16OverflowResult {
  // One call: the chosen order's rows, as float16Scores would give them, and every order's counts for the comparison
  // line.
  const { dk, keys: keyCount, spread, seed, order } = params;
  const chosen = pace.timed(estimatedMs(params), () => core.float16RowLargest({ dk, keyCount, spread, seed, order }));
  if (!keptSettings(params)) kept = { seed, dk, spread, keys: new Map(), rows: 0, copies: new Map() };
  // The core keeps the float16 rows of these settings, of every order, up to the most keys asked (keys × dₖ is at
  // most 2¹⁷ here, within what it keeps).
  kept.rows = Math.max(kept.rows, keyCount);
  for (const o of scaledCopiesMade(params)) kept.copies.set(o, Math.max(kept.copies.get(o) ?? 0, keyCount));
  const sameNormals = seed === normalsKept.seed;
  normalsKept = { seed, count: Math.max(sameNormals ? normalsKept.count : 0, keyCount * dk) };
  for (const o of orders) {
    const key = keptKey(o, o === order);
    // The core keeps one kind per order: the shown order's full scores, or its counted-only ones.
    kept.keys.delete(keptKey(o, o !== order));
    kept.keys.set(key, Math.max(kept.keys.get(key) ?? 0, keyCount));
  }
  return {
    ...params,
    rowLargest: chosen.rowLargest,
    rowNans: chosen.rowNans,
    infinities: chosen.infinities,
    nans: chosen.nans,
    largestExactScore: chosen.largestExactScore,
    overflowSpread: core.float16OverflowSpread({ dk: params.dk }),
    byOrder: chosen.byOrder,
  };
}

// The aligned score σ²·dₖ·scale² against 65504, with the rounding growth (1 + 2⁻¹¹)^dₖ in full or in part.
const aligned = ({ dk, spread }: Float16OverflowParams, o: Float16ScoreOrder): number =>
  spread ** 2 * dk * (o === 'after' ? 1 : 1 / Math.sqrt(dk));
const growth = (dk: number): number => (1 + 2 ** -11) ** (dk + 1);
/** Whether the queries' norms may fail to prove an order finite: then the core bounds it pair by pair. */
const needsProof = (params: Float16OverflowParams, o: Float16ScoreOrder): boolean =>
  aligned(params, o) * growth(params.dk) >= 65504;

/** The scaled copies of the rows the core makes: the shown order's, and another's it cannot prove finite at once. */
const scaledCopiesMade = (params: Float16OverflowParams): Float16ScoreOrder[] =>
  (['before', 'balanced'] as const).filter((o) => o === params.order || needsProof(params, o));

// A run's cost in WASM, from bench:browser's machine: 1.3 ns per emulated float16 product (of the order shown, each
// new row's own pair and the share of the others offDiagonalShare says, half of them when q and k are scaled alike;
// another order's pairs only when its aligned score may reach 65504), and 0.2 ns per product of a row with another
// for the matrix products that bound the shown order's pairs, and prove another order finite when its row norms alone
// cannot (only the new rows' products: the core keeps the rest). New
// normals (a new dₖ or seed) add about 27 ns each; more or fewer keys reuse those already drawn. Rounding and
// measuring a new row's dₖ entries costs about 1.7 ns each (the core keeps the rows of these settings), and as much
// again for each scaled copy it makes (the shown order's, and another's its norms cannot prove finite); copying rows
// as floats costs about 1.5 ns each for every order that emulates a pair (an order's first emulation at these
// settings copies every row, small beside its pairs). A call itself costs about 0.05 ms: at dₖ = 1 a step is nearly
// free, and its estimate says so.
function estimatedMs(params: Float16OverflowParams): number {
  const { dk, keys, order } = params;
  const square = (o: Float16ScoreOrder, n: number): number => (o === 'before' ? n * n : (n * (n + 1)) / 2);
  const pairs = (o: Float16ScoreOrder): number =>
    square(o, keys) - square(o, Math.min(keys, keysKept(params, o, o === order)));
  const others = orders.filter((o) => o !== order);
  // The shown order: each new row's own pair, and of the others the share its bounds leave.
  const own = keys - Math.min(keys, keysKept(params, order, true));
  const offDiagonal = offDiagonalShare(params, order);
  const shown = own + offDiagonal * (pairs(order) - own);
  const emulatingOthers = others.filter((o) => 2 * aligned(params, o) >= 65504);
  const emulated = emulatingOthers.reduce((n, o) => n + pairs(o), shown);
  const copies = [order, ...emulatingOthers].filter((o) => pairs(o) > 0).length;
  const proofs = others.filter((o) => needsProof(params, o)).length + (offDiagonal < 1 ? 1 : 0);
  const rowsKept = Math.min(keys, rowsKeptFor(params));
  const newRows = keys - rowsKept;
  const newCopyRows = scaledCopiesMade(params).reduce(
    (n, o) => n + keys - Math.min(keys, keptSettings(params) ? (kept.copies.get(o) ?? 0) : 0),
    0,
  );
  const newProducts = keys * keys - rowsKept * rowsKept;
  const sameNormals = params.seed === normalsKept.seed;
  const newNormals = Math.max(0, keys * dk - (sameNormals ? normalsKept.count : 0));
  return (
    0.05 +
    1.7e-6 * (newRows + newCopyRows) * dk +
    1.5e-6 * copies * newRows * dk +
    1.3e-6 * emulated * dk +
    0.2e-6 * proofs * newProducts * dk +
    27e-6 * newNormals
  );
}

/**
 * Of the shown order's pairs other than a row's own, the share the core still emulates: none while the bound on their
 * float16 sums' rounding stays well below 65504, all once the aligned score passes about ten times it (Node's WASM, dₖ
 * 4096, the after order: from σ 8 to σ 13.5).
 */
const offDiagonalShare = (params: Float16OverflowParams, o: Float16ScoreOrder): number =>
  Math.min(1, Math.max(0, (aligned(params, o) / 65504 - 3.5) / 7));

/**
 * Whether another order's norms fall short of proving it finite, so that the core bounds it block by block (dₖ = 4096,
 * σ ≥ 12). The estimate leaves part of that work out: in Node's WASM a new σ there costs 2.0 ms where it says 1.6, and
 * a step along keys 0.30 ms, up to 0.46. Such a step is taken here as a long run, so that two of them do not send the
 * figure to the worker, whose answers come 15–30 ms after the key on the phone profile (bench:browser).
 */
const boundsOthers = (params: Float16OverflowParams): boolean =>
  orders.some((o) => o !== params.order && needsProof(params, o));

/** The settings (seed, dₖ and σ) of the last step asked for, on whichever thread it ran. */
let lastAsked = { seed: Number.NaN, dk: 0, spread: 0 };

/**
 * Along keys or the order the worker's answer comes a frame late on a phone (after the frame that moves the slider),
 * so the page takes longer runs there: up to this long at settings its core keeps, each costing only new pairs…
 */
const stayingLimitMs = 10;
/**
 * …up to this long at a new σ, which rounds and bounds every row of the normals the core keeps again: 9 ms from the
 * key to the drawn figure here on the phone profile (median), 20–37 ms to the worker's answer (bench:browser). Where
 * another order needs its block bounds (boundsOthers), a new σ costs two to three times as much: it is taken here only
 * when it fits a frame's usual room, and on a phone the worker's answer is kept for the steps back to it…
 */
const newSpreadLimitMs = 16;
/**
 * …and once, to make its core keep new settings, up to this long: on the phone profile that first step along keys
 * took 15–32 ms here, and without it each step after it went to the worker, 15–30 ms after its key.
 */
const catchUpLimitMs = 22;

/**
 * On the page's own thread when a run leaves room in the frame to draw on this device, or, while a learner steps
 * through keys, the order or σ, when it still ends sooner than the worker's answer would come.
 */
export function runsInPage(params: Float16OverflowParams): boolean | 'long' {
  const { seed, dk, spread } = params;
  // New normals (another seed or dₖ) cost more than a frame here on a phone: the worker draws them.
  const sameNormals = seed === lastAsked.seed && dk === lastAsked.dk;
  const staying = sameNormals && spread === lastAsked.spread;
  lastAsked = { seed, dk, spread };
  const estimate = estimatedMs(params);
  // Always a long run, never counted as slow: two steps of σ that outran a frame's room would otherwise send the
  // figure to the worker for seconds, every answer then later than this thread's.
  if (sameNormals && !staying)
    return pace.fits(estimate, boundsOthers(params) ? undefined : newSpreadLimitMs) ? 'long' : false;
  if (pace.fits(estimate)) return staying && boundsOthers(params) ? 'long' : true;
  if (!staying) return false;
  // Longer than a frame's usual room on purpose ('long'): a run a little over its estimate must not send the figure to
  // the worker, whose answers come later still. This thread's pace still learns from it.
  return pace.fits(estimate, keptSettings(params) ? stayingLimitMs : catchUpLimitMs) ? 'long' : false;
}
