// What the learner must see in the before/after view, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.beforeAfter');
  },
  /** Unscaled, the tallest weight bar fills at least this share of the plot height. */
  unscaledTallest: 0.9,
  /** Scaled, at least this many bars are taller than a twentieth of the plot. */
  scaledVisible: 3,
} as const;
