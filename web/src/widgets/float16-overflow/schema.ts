// Parameters of the float16 overflow figure: the lesson compiler, the URL parser and the controls all read them here.
import { dk, keys, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(4096),
  // 32 keys at dₖ 4096 is the core's float16 work cap (keyCount²·dₖ ≤ 2²²): more would refuse to draw.
  keys: keys(16, 32),
  spread: {
    type: 'number',
    min: 0.25,
    max: 16,
    default: 6,
    doc: 'Standard deviation of the entries of q and k: activations grow during training.',
  },
  order: {
    type: 'enum',
    values: ['after', 'before', 'balanced'],
    default: 'after',
    doc: 'Where the ÷√dₖ goes: after the float16 product, on q before it, or dₖ^(−1/4) on each of q and k.',
  },
  seed,
} as const satisfies WidgetSchema;
