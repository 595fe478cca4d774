// What the learner must see in the entropy chart, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.entropyVsDk');
  },
  /** Unscaled at the largest dₖ: entropy below this share of ln n. */
  unscaledFallsBelow: 0.25,
  /** ÷√dₖ: first and last point within this share of ln n of each other. */
  scaledLevelWithin: 0.1,
  /** ÷dₖ at the largest dₖ: within this share of ln n of the ceiling. */
  linearNearCeiling: 0.03,
} as const;
