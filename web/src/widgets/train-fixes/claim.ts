// What the learner must see in "Train the fixes", and the settings the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.trainFixes');
  },
  /** The setting the tests train at: Adam at 0.16, where ÷√dₖ collapses and QK-norm does not, at every seed. */
  learningRate: 0.16,
  dk: 64,
  keys: 32,
  steps: 400,
  /** The collapsed runs' last smoothed entropy lies within this share of the chart's height from its floor… */
  collapsedBelow: 0.25,
  /** …and QK-norm's at least this share above theirs. */
  heldAbove: 0.25,
  /** The collapsed runs' smoothed largest logit ends at least this share of the log chart's height above QK-norm's. */
  logitAbove: 0.25,
} as const;
