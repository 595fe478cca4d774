// "Train it": what the widget asks the core before a run; the run itself streams from the shared training session.
import type { Core, RunKind } from '../../core/types.js';
import type { TrainingRequest } from '../../training/session.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

export type TrainingParams = StateOf<typeof schema>;

export type RunName = 'scaled' | 'unscaled';
export const runNames: readonly RunName[] = ['scaled', 'unscaled'];
/** The core's run kind behind each of the two runs. */
export const kindOf: Record<RunName, RunKind> = { scaled: 'sqrt', unscaled: 'unscaled' };

export interface TrainingPlanResult extends TrainingParams {
  /** Std of the initial scores q·k with and without ÷√dₖ: what each run starts from. */
  unscaledStd: number;
  scaledStd: number;
}

export function compute(core: Core, params: TrainingParams): TrainingPlanResult {
  return {
    ...params,
    unscaledStd: core.scoreStatistics({ dk: params.dk, scale: 'none' }).std,
    scaledStd: core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).std,
  };
}

/** Both runs at the core's default learning rate, in the order of runNames. */
export function trainingRequest(params: TrainingParams): TrainingRequest {
  return {
    dk: params.dk,
    keys: params.keys,
    steps: params.steps,
    seed: params.seed,
    kinds: runNames.map((r) => kindOf[r]),
  };
}
