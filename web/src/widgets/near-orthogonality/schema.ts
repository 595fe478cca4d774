// Parameters of the near-orthogonality histogram: the lesson compiler, the URL parser and the controls all read them
// here.
import { seed, type WidgetSchema } from '../params.js';

export const schema = {
  d: { type: 'int', min: 2, max: 4096, default: 64, doc: 'Dimension d of the random vectors.' },
  // 2 × pairs × d normal draws: 2000 pairs at d = 4096 is within the core's limit for one sweep.
  pairs: { type: 'int', min: 100, max: 2000, default: 1000, doc: 'How many random pairs u, v are drawn.' },
  zoom: { type: 'boolean', default: false, doc: 'Zoom the x axis to ±4/√d instead of the full [−1, 1].' },
  seed,
} as const satisfies WidgetSchema;
