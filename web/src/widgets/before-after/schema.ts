// Parameters of the before/after view: the lesson compiler, the URL parser and the controls all read them here.
import { dk, keys, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(512),
  keys: keys(8),
  seed,
  scores: {
    type: 'list',
    minLength: 2,
    maxLength: 64,
    optional: true,
    doc: 'Given scores that replace the sampled ones, so a lesson can show a worked example.',
  },
} as const satisfies WidgetSchema;
