// Parameters of the alignment figure: the lesson compiler, the URL parser and the controls all read them here.
import { dk, seed, type WidgetSchema } from '../params.js';

export const schema = {
  alignment: {
    type: 'number',
    min: 0,
    max: 1,
    default: 0.5,
    doc: 'Alignment ρ: how strongly each component of k follows q (0 independent, as at initialisation; 1 equal).',
  },
  dk: dk(64),
  pairs: { type: 'int', min: 10, max: 1000, default: 100, doc: 'Sampled (q, k) pairs shown at the chosen dₖ.' },
  seed,
} as const satisfies WidgetSchema;
