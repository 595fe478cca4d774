// Parameters of the variance explorer: the lesson compiler, the URL parser and the controls all read them here.
import { dk, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(64),
  samples: {
    type: 'int',
    min: 100,
    max: 50000,
    default: 20000,
    // 50,000 fill 60 bins smoothly and draw within a frame (3 ms in WASM); 200,000 took 30–100 ms a step.
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
