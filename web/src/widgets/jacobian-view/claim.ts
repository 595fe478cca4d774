// What the learner must see in the Jacobian view, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.jacobianView');
  },
  /** The multipliers the test compares: the cells at the second are paler than at the first. */
  from: 1,
  to: 50,
} as const;
