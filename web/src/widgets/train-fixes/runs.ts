// The runs "Train the fixes" offers: the core's run kind, the switch in the schema, and the name the learner reads.
import { t } from '../../i18n/messages.js';
import type { RunKind } from '../../core/types.js';
import type { schema } from './schema.js';

export type RunSwitch = 'unscaled' | 'sqrt' | 'linear' | 'learnedTemperature' | 'qkNorm' | 'softcap' | 't5Init';

export interface RunInfo {
  kind: RunKind;
  param: RunSwitch & keyof typeof schema;
  readonly label: string;
}

// A run's name, read when shown so it is in the page's language.
const run = (kind: RunKind, param: RunInfo['param']): RunInfo => ({
  kind,
  param,
  get label() {
    return t(`trainFixes.runName.${param}`);
  },
});

/** In the core's order, so the legend, the charts and the table always list the runs the same way. */
export const runs: readonly RunInfo[] = [
  run('unscaled', 'unscaled'),
  run('sqrt', 'sqrt'),
  run('linear', 'linear'),
  run('learned-temperature', 'learnedTemperature'),
  run('qk-norm', 'qkNorm'),
  run('softcap', 'softcap'),
  run('t5-init', 't5Init'),
];

export const labelOf = (kind: RunKind): string => runs.find((r) => r.kind === kind)?.label ?? kind;
