// Parameters of the Jacobian view: the lesson compiler, the URL parser and the controls all read them here.
import { seed, type WidgetSchema } from '../params.js';

export const schema = {
  source: {
    type: 'enum',
    values: ['given', 'sampled'],
    default: 'given',
    doc: '"given" uses the scores below (the lesson\'s example); "sampled" draws n scores N(0, 1) from the seed.',
  },
  scores: { type: 'list', minLength: 2, maxLength: 12, default: [1, 0.5, 0, -0.5], doc: 'The given scores.' },
  keys: { type: 'int', min: 2, max: 12, default: 6, doc: 'How many scores are sampled when source is "sampled".' },
  multiplier: {
    type: 'int',
    min: 1,
    max: 50,
    default: 1,
    doc: 'What the scores are multiplied by before the softmax.',
  },
  seed,
} as const satisfies WidgetSchema;
