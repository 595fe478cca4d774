// The sliders several widgets share, with their ranges from the widget's own schema: dₖ on a log scale, and n keys.
import { t } from '../i18n/messages.js';
import type { ParamSpec } from '../authoring/param-spec.js';
import { RangeControl } from '../controls/range-control.js';
import { rangeOf } from './params.js';

export function dkSlider(
  id: string,
  spec: ParamSpec,
  value: number,
  onChange: (dk: number) => void,
  stepsPerDoubling = 4,
) {
  return new RangeControl({
    id: `${id}-dk`,
    symbol: 'dₖ',
    label: t('control.keyDimension'),
    ...rangeOf(spec),
    value,
    log: { stepsPerDoubling },
    onChange,
  });
}

export function keysSlider(
  id: string,
  spec: ParamSpec,
  value: number,
  onChange: (keys: number) => void,
  label = t('control.keys'),
) {
  return new RangeControl({ id: `${id}-keys`, symbol: 'n', label, ...rangeOf(spec), value, onChange });
}

/** Training steps of each run, on a log scale: 20, 28, 40, 57, 80, … */
export function stepsSlider(id: string, spec: ParamSpec, value: number, onChange: (steps: number) => void) {
  return new RangeControl({
    id: `${id}-steps`,
    symbol: t('symbol.steps'),
    label: t('control.trainingSteps'),
    ...rangeOf(spec),
    value,
    log: { stepsPerDoubling: 2 },
    onChange,
  });
}

/** The x axis of a figure drawn against dₖ from 1 to 4096, the same on every such figure. */
export const dkAxis = {
  get xLabel() {
    return t('axis.keyDimensionLog');
  },
  xLog: true,
  xTicks: [1, 4, 16, 64, 256, 1024, 4096],
} as const;
