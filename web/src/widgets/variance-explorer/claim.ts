// What the learner must see in the variance explorer, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.varianceExplorer');
  },
  /** The drawn spread at dₖ = 4096 is at least this many times the spread at dₖ = 64 (theory: 8). */
  widens: { from: 64, to: 4096, atLeast: 3 },
  /** ÷√dₖ at dₖ = 4096 is at least this many times narrower than unscaled at the same dₖ (theory: 64). */
  snaps: { dk: 4096, atLeast: 3 },
} as const;
