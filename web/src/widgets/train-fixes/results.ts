// The result sentence of one run of "Train the fixes", from the core's numbers: the page and the e2e test share it.
import { t } from '../../i18n/messages.js';
import { formatValue } from '../../format.js';
import { accuracyGoal } from '../../training/session.js';

export interface RunOutcome {
  label: string;
  /** First step of the first streak at the accuracy goal, if the run has one. */
  reachedAt: number | undefined;
  lastStep: number;
  /** The core's raw values at the last step. */
  entropy: number;
  largestLogit: number;
}

export function runSentence(outcome: RunOutcome): string {
  const { label, reachedAt, lastStep, entropy, largestLogit } = outcome;
  if (!Number.isInteger(lastStep) || lastStep < 0)
    throw new RangeError(`runSentence: lastStep must be a whole number ≥ 0, got ${lastStep}`);
  const percent = t('format.percent', { value: Math.round(accuracyGoal * 100) });
  const reached =
    reachedAt === undefined
      ? t('trainFixes.notReachedBy', { percent, step: lastStep })
      : t('trainFixes.reachedAt', { percent, step: reachedAt });
  return t('trainFixes.runResult', {
    label,
    reached,
    step: lastStep,
    entropy: formatValue(entropy),
    logit: formatValue(largestLogit),
  });
}
