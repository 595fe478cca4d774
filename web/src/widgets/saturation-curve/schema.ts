// Parameters of the saturation curve: the lesson compiler, the URL parser and the controls all read them here.
import { keys, type WidgetSchema } from '../params.js';

export const schema = {
  keys: keys(4),
} as const satisfies WidgetSchema;
