// What the learner must see in "watch the softmax die", and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.softmaxDies');
  },
  /** dₖ values the test drags through, unscaled: the badge never rises along them. */
  journey: [4, 16, 64, 256, 1024, 4096],
  /** At the last dₖ, unscaled: the tallest bar fills at least this share of the plot height… */
  collapsedAtLeast: 0.98,
  /** …while ÷√dₖ at the same dₖ keeps it below this share. */
  spreadBelow: 0.9,
} as const;
