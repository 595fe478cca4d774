// Parameters of the temperature sweep: the lesson compiler, the URL parser and the controls all read them here.
import { dk, keys, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(64),
  keys: keys(8, 16),
  seed,
} as const satisfies WidgetSchema;
