// What the learner must see in the near-orthogonality histogram, and the numbers the e2e test checks it with.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.nearOrthogonality');
  },
  /** The drawn spread at d = 16 is at least this many times the spread at d = 1024 (theory: 8). */
  narrows: { from: 16, to: 1024, atLeast: 3 },
} as const;
