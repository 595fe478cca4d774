// What the learner must see in the alignment figure, and the numbers the e2e test checks it with on the picture.
import { t } from '../../i18n/messages.js';
export const claim = {
  get sentence() {
    return t('claim.alignedScores');
  },
  alignment: 0.5,
  /** The two dₖ the sentence compares, and the growth of ÷√dₖ between them (√(4096/64)). */
  from: 64,
  to: 4096,
  grows: 8,
  /** The band ÷dₖ stays in. */
  bounded: [0, 1],
} as const;
