// What the learner must see in "Train it", and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.trainIt');
  },
  /** The setting the tests train at, at every seed Resample offers (tests/js/lesson-training-sentences.test.mjs). */
  dk: 256,
  steps: 400,
  /**
   * The scaled run's 90 % marker lies at least this many times further left than the unscaled one's (or it has none).
   */
  fasterBy: 10,
} as const;
