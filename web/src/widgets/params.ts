// Parameters several widgets share, and the type a widget's state takes from its schema: one source for both.
import type { ParamSpec } from '../authoring/param-spec.js';

export type WidgetSchema = Record<string, ParamSpec>;

export const seed = {
  type: 'int',
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  default: 1,
  doc: 'Seed of the random draws; the same seed shows the same sample (Resample adds 1).',
} as const;

/**
 * The training widgets' seeds: the lesson's sentences about a run are checked at every one of them
 * (tests/js/lesson-training-sentences.test.mjs), so Resample goes round these and no further.
 */
export const trainingSeed = {
  type: 'int',
  min: 1,
  max: 5,
  default: 1,
  doc: 'Seed of the starting weights and batches, 1 to 5; the same seed trains the same runs (Resample goes 1 … 5, 1).',
} as const;

/** The seed Resample draws next: one more, and back to the lowest past the highest the schema allows. */
export function nextSeed(range: { min: number; max: number }, current: number): number {
  const next = Math.floor(current) + 1;
  return Number.isFinite(next) && next >= range.min && next <= range.max ? next : range.min;
}

export const dk = (fallback: number, max = 4096) =>
  ({ type: 'int', min: 1, max, default: fallback, doc: 'Key dimension dₖ: the length of q and k.' }) as const;

export const keys = (fallback: number, max = 64) =>
  ({ type: 'int', min: 2, max, default: fallback, doc: 'Number of keys n that the query is scored against.' }) as const;

type ValueOf<S> = S extends { type: 'int' | 'number' }
  ? number
  : S extends { type: 'boolean' }
    ? boolean
    : S extends { type: 'enum'; values: readonly (infer V)[] }
      ? V
      : S extends { type: 'list' }
        ? readonly number[]
        : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends { optional: true } ? never : K }[keyof S];

/** The typed state of a widget, as its view and its computation receive it once defaults are filled in. */
export type StateOf<S> = { [K in RequiredKeys<S>]: ValueOf<S[K]> } & {
  [K in Exclude<keyof S, RequiredKeys<S>>]?: ValueOf<S[K]>;
};

/** The range a slider for an int or number parameter runs over: the schema's, never a copy. */
export function rangeOf(spec: ParamSpec): { min: number; max: number; integer: boolean } {
  if (spec.type !== 'int' && spec.type !== 'number')
    throw new TypeError(`rangeOf: a ${spec.type} parameter has no range`);
  return { min: spec.min, max: spec.max, integer: spec.type === 'int' };
}
