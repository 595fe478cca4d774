// A run's name as the learner reads it, in the page's language; runs.ts stays word-free, so the worker has no catalog.
import type { RunKind } from '../../core/types.js';
import { t } from '../../i18n/messages.js';
import { runs } from './runs.js';

export const labelOf = (kind: RunKind): string => {
  const run = runs.find((r) => r.kind === kind);
  return run ? t(`trainFixes.runName.${run.param}`) : kind;
};
