// Parameters of the entropy-against-dₖ chart: the lesson compiler, the URL parser and the controls all read them here.
import { keys, seed, type WidgetSchema } from '../params.js';

export const schema = {
  keys: keys(8),
  // 13 dₖ × 3 scales × trials × n softmax entries: 500 trials at n = 64 stays under 100 ms in WASM.
  trials: { type: 'int', min: 20, max: 500, default: 200, doc: 'Random queries averaged at each dₖ.' },
  seed,
} as const satisfies WidgetSchema;
