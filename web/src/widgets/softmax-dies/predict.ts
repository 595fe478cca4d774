// What a lesson may ask a learner to predict in "watch the softmax die", measured as the widget draws it.
import type { Measured, WidgetPredictions } from '../../predict/types.js';
import { compute, type SoftmaxDiesParams, type SoftmaxDiesResult } from './compute.js';

export const measured = (r: SoftmaxDiesResult): Measured => ({ largestWeight: Math.max(...r.weights) });

export const predict = {
  quantities: {
    largestWeight: { doc: 'the tallest bar: the largest attention weight, from 0 to 1', type: 'number' },
  },
  measure: (core, params) => measured(compute(core, params)),
} satisfies WidgetPredictions<SoftmaxDiesParams>;
