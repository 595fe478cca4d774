// What a lesson may ask a learner to predict in the variance explorer, measured as the widget draws it.
import type { Measured, WidgetPredictions } from '../../predict/types.js';
import { compute, type VarianceExplorerParams, type VarianceExplorerResult } from './compute.js';

/** The ±2σ lines are the theory's, so the guess is compared with the lines the learner sees. */
export const measured = (r: VarianceExplorerResult): Measured => ({ twoSigma: 2 * r.theory.std });

export const predict = {
  quantities: {
    twoSigma: { doc: 'where the ±2σ lines lie: twice the theory standard deviation of the scores', type: 'number' },
  },
  measure: (core, params) => measured(compute(core, params)),
} satisfies WidgetPredictions<VarianceExplorerParams>;
