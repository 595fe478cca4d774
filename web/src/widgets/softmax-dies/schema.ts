// Parameters of "watch the softmax die": the lesson compiler, the URL parser and the controls all read them here.
import { scaleTemperature } from '../../core/limits.js';
import { dk, keys, seed, type WidgetSchema } from '../params.js';

export const schema = {
  dk: dk(64),
  keys: keys(8),
  scale: {
    type: 'enum',
    values: ['none', 'sqrt', 'linear', 'temperature'],
    default: 'none',
    doc: 'What the scores are divided by: nothing, √dₖ, dₖ, or the temperature τ below.',
  },
  temperature: {
    type: 'number',
    min: scaleTemperature.min,
    max: scaleTemperature.max,
    default: 8,
    doc: 'The divisor τ used when scale is "temperature".',
  },
  precision: {
    type: 'enum',
    values: ['float64', 'float32', 'float16'],
    default: 'float64',
    doc: 'The arithmetic the weights are computed in; float16 rounds small weights to exactly 0.',
  },
  seed,
} as const satisfies WidgetSchema;
