// What the saturation curve asks the core, in the worker: one batch of core calls.
import type { Core } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

/** The brief's "more than 0.99 on the first position". */
export const saturationThreshold = 0.99;

export type SaturationCurveParams = StateOf<typeof schema>;

export interface SaturationCurveResult extends SaturationCurveParams {
  xs: Float64Array;
  p1: Float64Array;
  threshold: number;
  crossing: number;
  /** p₁ at the crossing, from the same core function as the curve (≈ the threshold). */
  p1AtCrossing: number;
  /** p₁ at x = 0: the uniform weight 1/n. */
  uniform: number;
}

export function compute(core: Core, params: SaturationCurveParams): SaturationCurveResult {
  // x from 0 to 10 in steps of 0.05: a grid for drawing, every p₁ on it from the core.
  const xs = Float64Array.from({ length: 201 }, (_, i) => i / 20);
  const crossing = core.saturationCrossing({ threshold: saturationThreshold, keyCount: params.keys });
  const p1 = core.saturationCurve({ xs, keyCount: params.keys });
  return {
    ...params,
    xs,
    p1,
    threshold: saturationThreshold,
    crossing,
    uniform: p1[0] ?? 0,
    p1AtCrossing: core.saturationCurve({ xs: Float64Array.of(crossing), keyCount: params.keys })[0] ?? 0,
  };
}

/** Cheap at every setting (0.02 ms at 64 keys, median in WASM): computed on the page's own thread. */
export const runsInPage = (): boolean => true;
