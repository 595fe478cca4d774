// The runs "Train the fixes" offers: the core's run kind and the switch in the schema (names: run-labels.ts).
import type { RunKind } from '../../core/types.js';
import type { schema } from './schema.js';

export type RunSwitch = 'unscaled' | 'sqrt' | 'linear' | 'learnedTemperature' | 'qkNorm' | 'softcap' | 't5Init';

export interface RunInfo {
  kind: RunKind;
  param: RunSwitch & keyof typeof schema;
}

/** In the core's order, so the legend, the charts and the table always list the runs the same way. */
export const runs: readonly RunInfo[] = [
  { kind: 'unscaled', param: 'unscaled' },
  { kind: 'sqrt', param: 'sqrt' },
  { kind: 'linear', param: 'linear' },
  { kind: 'learned-temperature', param: 'learnedTemperature' },
  { kind: 'qk-norm', param: 'qkNorm' },
  { kind: 'softcap', param: 'softcap' },
  { kind: 't5-init', param: 't5Init' },
];
