// Parameters of the variance explorer: the lesson compiler, the URL parser and the controls all read them here.
import { dk, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(64),
  samples: {
    type: 'int',
    min: 100,
    max: 200000,
    default: 20000,
    doc: 'How many pairs q, k are drawn for the histogram.',
  },
  scaled: { type: 'boolean', default: false, doc: 'Divide each score by √dₖ before it is counted.' },
  axis: {
    type: 'enum',
    values: ['fixed', 'fit'],
    default: 'fixed',
    doc:
      '"fixed": one x axis for every dₖ and both modes, so the spread is seen to grow; "fit": the axis follows ' +
      'the data.',
  },
  seed,
} as const satisfies WidgetSchema;
