// What a lesson may ask a learner to predict in the before/after view, measured as the widget draws it.
import type { Measured, WidgetPredictions } from '../../predict/types.js';
import { compute, type BeforeAfterParams, type BeforeAfterResult } from './compute.js';

export const measured = (r: BeforeAfterResult): Measured => ({
  scaledLargest: Math.max(...r.scaled),
  unscaledLargest: Math.max(...r.unscaled),
});

export const predict = {
  quantities: {
    scaledLargest: { doc: 'the tallest ÷√dₖ weight bar, from 0 to 1', type: 'number' },
    unscaledLargest: { doc: 'the tallest unscaled weight bar, from 0 to 1', type: 'number' },
  },
  measure: (core, params) => measured(compute(core, params)),
} satisfies WidgetPredictions<BeforeAfterParams>;
