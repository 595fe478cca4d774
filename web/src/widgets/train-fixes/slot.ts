// How tall this widget's slot stays until it mounts (scripts/widget-index.mjs writes it into the page's styles).
import type { SlotHeight } from '../slot-height.js';

export const slot = { wide: 2166, narrow: 2568 } as const satisfies SlotHeight;
