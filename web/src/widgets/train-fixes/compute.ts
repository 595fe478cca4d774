// What "Train the fixes" asks the core before a run, in the worker; the runs themselves stream from the shared
// training session (web/src/training/session.ts).
import type { Core, RunKind } from '../../core/types.js';
import type { TrainingRequest } from '../../training/session.js';
import type { StateOf } from '../params.js';
import { runs } from './runs.js';
import type { schema } from './schema.js';

export type TrainFixesParams = StateOf<typeof schema>;

export interface TrainFixesPlan extends TrainFixesParams {
  /** The selected runs, in the core's order. */
  kinds: RunKind[];
  /** Std of the initial scores q·k with and without ÷√dₖ: what the runs start from. */
  unscaledStd: number;
  scaledStd: number;
}

export function selectedKinds(params: TrainFixesParams): RunKind[] {
  return runs.filter((run) => params[run.param]).map((run) => run.kind);
}

export function compute(core: Core, params: TrainFixesParams): TrainFixesPlan {
  return {
    ...params,
    kinds: selectedKinds(params),
    unscaledStd: core.scoreStatistics({ dk: params.dk, scale: 'none' }).std,
    scaledStd: core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).std,
  };
}

/** Every selected run with the same model, seed, data and learning rate. */
export function trainingRequest(params: TrainFixesParams): TrainingRequest {
  const { dk, keys, steps, seed, learningRate } = params;
  return { dk, keys, steps, seed, learningRate, kinds: selectedKinds(params) };
}

/** Cheap at every setting (0.01 ms, median in WASM: only the plan; runs stay in the worker): computed on the page. */
export const runsInPage = (): boolean => true;
