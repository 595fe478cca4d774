// What the Jacobian view asks the core, in the worker: one batch of core calls.
import type { Core, SoftmaxStats } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

/** The lesson's multipliers 1, 5, 10, 20, 50 (the current one is added if it is not among them). */
export const jacobianMultipliers = [1, 5, 10, 20, 50];

export type JacobianViewParams = StateOf<typeof schema>;
export type ScoreSource = JacobianViewParams['source'];

export interface JacobianViewResult extends JacobianViewParams {
  baseScores: Float64Array;
  weights: Float64Array;
  jacobian: Float64Array;
  stats: SoftmaxStats;
  norms: { multipliers: Float64Array; maxAbs: Float64Array; frobenius: Float64Array; survivalShare: Float64Array };
}

export function compute(core: Core, params: JacobianViewParams): JacobianViewResult {
  // Sampled scores are N(0, 1): what ÷√dₖ gives at initialisation, so multiplier m plays unscaled scores at dₖ = m².
  const baseScores =
    params.source === 'sampled'
      ? core.sampleNormals({ count: params.keys, seed: params.seed })
      : Float64Array.from(params.scores);
  const options = { temperature: 1 / params.multiplier };
  const weights = core.softmax(baseScores, options);
  const multipliers = [...new Set([...jacobianMultipliers, params.multiplier])].sort((a, b) => a - b);
  return {
    ...params,
    baseScores,
    weights,
    jacobian: core.softmaxJacobian(weights),
    stats: core.softmaxStats(baseScores, options),
    norms: core.jacobianNormsByMultiplier({ scores: baseScores, multipliers: Float64Array.from(multipliers) }),
  };
}

/** Cheap at every setting (0.03 ms at 12 keys, multiplier 50, median in WASM): computed on the page's own thread. */
export const runsInPage = (): boolean => true;
