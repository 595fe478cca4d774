// Widget 2: one query against n keys; as dₖ grows unscaled, the weights go one-hot and the gradient dies.
import { BarChart } from '../../charts/bar-chart.js';
import { ChoiceControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatScore, formatValue, formatWeight } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { dkSlider, keysSlider } from '../sliders.js';
import type { Precision, ScaleMode, SoftmaxDiesParams, SoftmaxDiesResult } from './compute.js';
import { schema } from './schema.js';

type SoftmaxDiesState = SoftmaxDiesParams;

// The thresholds are the core's (core/gradient_survival.hpp); the words say what each band means for learning.
const survivalWords = {
  healthy: 'healthy: about as much gradient reaches the query as through an unsaturated softmax',
  fading: 'fading: the query gets a fraction of the gradient an unsaturated softmax passes',
  dying: 'dying: the gradient is at least ten times weaker; the query and keys barely learn',
  dead: 'dead: the gradient is a thousand times weaker or less; the query and keys stop learning',
} as const;

export class SoftmaxDies extends LiveWidget<'softmax-dies', SoftmaxDiesState> {
  private readonly chart = new BarChart('weights', { yLabel: 'weight', yDomain: [0, 1] });
  private readonly meter = document.createElement('p');

  constructor(options: WidgetOptions<SoftmaxDiesState>) {
    super(
      options,
      'softmax-dies',
      'Watch the softmax die: attention weights of one query over n keys',
      'Scores and weights per key',
    );
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.meter.className = 'survival';
    this.frame.extra.append(this.meter);
    const temperature = new RangeControl({
      id: `${id}-temperature`,
      symbol: 'τ',
      label: 'Temperature τ',
      ...rangeOf(schema.temperature),
      value: this.state.temperature,
      log: { stepsPerDoubling: 4 },
      onChange: (t) => this.update({ temperature: t }),
    });
    this.mountControls({
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk })),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
      scale: new ChoiceControl<ScaleMode>({
        id: `${id}-scale`,
        label: 'Scale the scores',
        value: this.state.scale,
        choices: [
          { value: 'none', label: 'none' },
          { value: 'sqrt', label: '÷√dₖ' },
          { value: 'linear', label: '÷dₖ' },
          { value: 'temperature', label: '÷τ (custom)' },
        ],
        onChange: (scale) => this.update({ scale }),
      }),
      temperature,
      precision: new ChoiceControl<Precision>({
        id: `${id}-precision`,
        label: 'Arithmetic',
        value: this.state.precision,
        choices: [
          { value: 'float64', label: 'float64' },
          { value: 'float32', label: 'float32' },
          { value: 'float16', label: 'float16' },
        ],
        onChange: (precision) => this.update({ precision }),
      }),
    });
  }

  protected override syncControls(): void {
    this.usedOnlyWhen(
      'temperature',
      'scale',
      this.state.scale === 'temperature',
      'τ is used only when the scale is ÷τ (custom)',
    );
  }

  protected params(s: SoftmaxDiesState): SoftmaxDiesParams {
    return { dk: s.dk, keys: s.keys, scale: s.scale, temperature: s.temperature, precision: s.precision, seed: s.seed };
  }

  protected render(r: SoftmaxDiesResult): void {
    const keys = Array.from({ length: r.keys }, (_, i) => `k${i + 1}`);
    const { stats } = r;
    const scaling = r.divisor === 1 ? 'unscaled scores' : `scores divided by ${formatValue(r.divisor)}`;
    const summary =
      `At dₖ = ${r.dk} with ${r.keys} keys, ${scaling}: the largest weight is ` +
      `${formatWeight(stats.maxWeight)}, entropy ${formatValue(stats.entropy)} of at most ` +
      `${formatValue(r.maxEntropy)} nats; ` +
      `gradient reaching the query: ${r.survival.expected.state} for a typical query, ${r.survival.sample.state} ` +
      `for this one.` +
      zerosSentence(r);
    this.chart.draw(
      keys,
      [{ name: 'weights', className: r.scale === 'none' ? 'unscaled' : 'scaled', values: r.weights }],
      summary,
    );
    this.frame.setSummary(summary);
    const { expected, sample, thresholds } = r.survival;
    this.meter.dataset.state = expected.state;
    this.meter.dataset.expected = expected.state;
    this.meter.dataset.sample = sample.state;
    const percent = (ratio: number) => `${formatValue(ratio * 100)}%`;
    this.meter.textContent =
      `Gradient survival at this dₖ and scale: ${survivalWords[expected.state]}. A typical query gets ` +
      `${percent(expected.ratio)} of what an unsaturated softmax passes (over ${expected.trials} random queries). ` +
      `This sample's query: ${sample.state} (${percent(sample.ratio)}). ` +
      `Bands: healthy ≥ ${percent(thresholds.healthy)}, fading ≥ ${percent(thresholds.fading)}, dying ≥ ` +
      `${percent(thresholds.dying)}.`;
    this.frame.setTable(
      ['Key', 'Score q·k', `Weight (${r.precision})`],
      keys.map((k, i) => [k, formatScore(r.scores[i] ?? 0), formatWeight(r.weights[i] ?? 0)]),
      [['Weights exactly 0', '', String(r.exactZeros)]],
    );
  }
}

// The count comes from the core (softmaxInPrecision); a weight that is exactly 0 gets no gradient at all.
function zerosSentence(r: SoftmaxDiesResult): string {
  const weights = r.exactZeros === 1 ? 'weight is' : 'weights are';
  return ` In ${r.precision}, ${r.exactZeros} of the ${r.keys} ${weights} exactly 0.`;
}

export const view = (options: WidgetOptions<SoftmaxDiesState>) => new SoftmaxDies(options);
