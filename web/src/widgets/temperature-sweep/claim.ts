// What the learner must see in the temperature sweep, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.temperatureSweep');
  },
} as const;
