// Parameters of "Train it": the lesson compiler, the URL parser and the controls all read them here.
import { dk, keys, trainingSeed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(64, 512),
  keys: keys(8, 32),
  steps: { type: 'int', min: 20, max: 3000, default: 400, doc: 'Training steps of each run.' },
  seed: trainingSeed,
} as const satisfies WidgetSchema;
