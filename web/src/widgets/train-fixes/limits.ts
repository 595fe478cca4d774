// How many keys train at a given dₖ: every run this widget offers must fit the core's cap on one training step's
// work, and QK-norm's step, which forms every key's norm, is the largest (tests/js/train-fixes-limits.test.mjs holds
// this equal to what the core accepts).
import { formatNumber, t } from '../../i18n/messages.js';
import { maxTrainingStepWork, trainingStepWork } from '../../core/limits.js';
import { runKinds } from '../../core/run-kinds.js';
import type { RunKind } from '../../core/types.js';
import { labelOf } from './run-labels.js';

/** The keys slider's own range, before dₖ lowers its top. */
export const keysRange = { min: 2, max: 64 } as const;

const overCap = (keys: number, dk: number): RunKind | undefined =>
  runKinds.find((kind) => trainingStepWork(keys, dk, kind) > maxTrainingStepWork);

/** The most keys, up to keysRange.max, with which every run trains at this dₖ. */
export function mostKeysThatTrain(dk: number): number {
  let keys = keysRange.max;
  while (keys > keysRange.min && overCap(keys, dk)) keys--;
  return keys;
}

/** Why the keys stop below keysRange.max at this dₖ, in the learner's words. */
export function whyFewerKeys(dk: number): string {
  const most = mostKeysThatTrain(dk);
  const kind = overCap(most + 1, dk) ?? 'qk-norm';
  return t('trainFixes.whyFewerKeys', {
    dk,
    run: labelOf(kind),
    most,
    work: formatNumber(maxTrainingStepWork),
  });
}
