// What the learner must see in the float16 figure, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.float16Overflow');
  },
  /** The settings the test compares the orders at: dₖ = 4096 with entries of spread 6 (overflow from 4). */
  dk: 4096,
  spread: 6,
} as const;
