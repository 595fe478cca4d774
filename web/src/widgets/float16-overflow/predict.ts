// What a lesson may ask a learner to predict in the float16 figure, measured by the core as the widget shows it.
import type { Measured, WidgetPredictions } from '../../predict/types.js';
import type { Float16OverflowParams, Float16OverflowResult } from './compute.js';

export const measured = (r: Pick<Float16OverflowResult, 'overflowSpread'>): Measured => ({
  overflowSpread: r.overflowSpread,
});

export const predict = {
  quantities: {
    overflowSpread: {
      doc: 'the spread σ from which an aligned score q·k passes float16’s 65504 at this dₖ',
      type: 'number',
    },
  },
  // Only the limit is needed, not the float16 products the figure draws.
  measure: (core, params) => measured({ overflowSpread: core.float16OverflowSpread({ dk: params.dk }) }),
} satisfies WidgetPredictions<Float16OverflowParams>;
