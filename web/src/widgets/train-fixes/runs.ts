// The runs "Train the fixes" offers: the core's run kind, the switch in the schema, and the name the learner reads.
import type { RunKind } from '../../core/types.js';
import type { schema } from './schema.js';

export type RunSwitch = 'unscaled' | 'sqrt' | 'linear' | 'learnedTemperature' | 'qkNorm' | 'softcap' | 't5Init';

export interface RunInfo {
  kind: RunKind;
  param: RunSwitch & keyof typeof schema;
  label: string;
}

/** In the core's order, so the legend, the charts and the table always list the runs the same way. */
export const runs: readonly RunInfo[] = [
  { kind: 'unscaled', param: 'unscaled', label: 'unscaled' },
  { kind: 'sqrt', param: 'sqrt', label: '÷√dₖ' },
  { kind: 'linear', param: 'linear', label: '÷dₖ' },
  { kind: 'learned-temperature', param: 'learnedTemperature', label: 'learned τ' },
  { kind: 'qk-norm', param: 'qkNorm', label: 'QK-norm' },
  { kind: 'softcap', param: 'softcap', label: 'soft-cap 50' },
  { kind: 't5-init', param: 't5Init', label: 'T5 init' },
];

export const labelOf = (kind: RunKind): string => runs.find((r) => r.kind === kind)?.label ?? kind;
