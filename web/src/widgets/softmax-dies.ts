// Widget 2: one query against n keys; as dₖ grows unscaled, the weights go one-hot and the gradient dies.
import { BarChart } from '../charts/bar-chart.js';
import { ChoiceControl } from '../controls/choice-control.js';
import { RangeControl } from '../controls/range-control.js';
import { formatScore, formatValue, formatWeight } from '../format.js';
import type { Precision, ScaleMode, SoftmaxDiesParams, SoftmaxDiesResult } from '../worker/computations.js';
import { LiveWidget, type WidgetOptions } from './live-widget.js';

export type SoftmaxDiesState = SoftmaxDiesParams & Record<string, number | string>;

const survivalWords = {
  healthy: 'healthy: gradients flow as well as at uniform attention',
  fading: 'fading: gradients are 2 to 10 times weaker than at uniform attention',
  dying: 'dying: the scores barely learn',
  dead: 'dead: no gradient reaches the scores',
} as const;

export class SoftmaxDies extends LiveWidget<'softmaxDies', SoftmaxDiesState> {
  private readonly chart = new BarChart('weights', 'weight', [0, 1]);
  private readonly meter = document.createElement('p');

  constructor(options: WidgetOptions<SoftmaxDiesState>) {
    super(options, 'softmaxDies', 'Watch the softmax die: attention weights of one query over n keys', 'Scores and weights per key');
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.meter.className = 'survival';
    this.frame.extra.append(this.meter);
    const temperature = new RangeControl({ id: `${id}-temperature`, symbol: 'τ', label: 'Temperature τ', min: 0.01, max: 1000,
      value: this.state.temperature, integer: false, log: { stepsPerDoubling: 4 }, onChange: (t) => this.update({ temperature: t }) });
    this.mountControls({
      dk: new RangeControl({ id: `${id}-dk`, symbol: 'dₖ', label: 'Key dimension dₖ', min: 1, max: 4096, value: this.state.dk,
        integer: true, log: { stepsPerDoubling: 4 }, onChange: (dk) => this.update({ dk }) }),
      keys: new RangeControl({ id: `${id}-keys`, symbol: 'n', label: 'Keys n', min: 2, max: 64, value: this.state.keys,
        integer: true, onChange: (keys) => this.update({ keys }) }),
      scale: new ChoiceControl<ScaleMode>({ id: `${id}-scale`, label: 'Scale the scores', value: this.state.scale,
        choices: [
          { value: 'none', label: 'none' }, { value: 'sqrt', label: '÷√dₖ' }, { value: 'linear', label: '÷dₖ' },
          { value: 'temperature', label: '÷τ (custom)' },
        ],
        onChange: (scale) => this.update({ scale }) }),
      temperature,
      precision: new ChoiceControl<Precision>({ id: `${id}-precision`, label: 'Arithmetic', value: this.state.precision ?? 'float64',
        choices: [{ value: 'float64', label: 'float64' }, { value: 'float32', label: 'float32' }, { value: 'float16', label: 'float16' }],
        onChange: (precision) => this.update({ precision }) }),
    });
  }

  protected params(s: SoftmaxDiesState): SoftmaxDiesParams {
    return { dk: s.dk, keys: s.keys, scale: s.scale, temperature: s.temperature, precision: s.precision ?? 'float64', seed: s.seed };
  }

  protected render(r: SoftmaxDiesResult): void {
    const keys = Array.from({ length: r.keys }, (_, i) => `k${i + 1}`);
    const { stats } = r;
    const scaling = r.divisor === 1 ? 'unscaled scores' : `scores divided by ${formatValue(r.divisor)}`;
    const summary = `At dₖ = ${r.dk} with ${r.keys} keys, ${scaling}: the largest weight is ` +
      `${formatWeight(stats.maxWeight)}, entropy ${formatValue(stats.entropy)} of at most ${formatValue(r.maxEntropy)} nats; ` +
      `gradient ${r.survival}.${zerosSentence(r)}`;
    this.chart.draw(keys, [{ name: 'weights', className: r.scale === 'none' ? 'unscaled' : 'scaled', values: r.weights }], summary);
    this.frame.setSummary(summary);
    this.meter.dataset.state = r.survival;
    this.meter.textContent = `Gradient survival: ${survivalWords[r.survival]} (‖J‖ is ${formatValue(stats.survival.ratio * 100)}% of uniform's; ` +
      `max |∂pᵢ/∂sⱼ| = ${formatValue(stats.jacobianMaxAbs)}).`;
    this.frame.setTable(['Key', 'Score q·k', `Weight (${r.precision})`], keys.map((k, i) => [k, formatScore(r.scores[i] ?? 0), formatWeight(r.weights[i] ?? 0)]),
      [['Weights exactly 0', '', String(r.exactZeros)]]);
  }
}

// The count comes from the core (softmaxInPrecision); a weight that is exactly 0 gets no gradient at all.
function zerosSentence(r: SoftmaxDiesResult): string {
  const weights = r.exactZeros === 1 ? 'weight is' : 'weights are';
  return ` In ${r.precision}, ${r.exactZeros} of the ${r.keys} ${weights} exactly 0.`;
}
