// Widget 6: the same sampled scores at τ = 0.5√dₖ, √dₖ and 2√dₖ, side by side: colder picks, warmer averages.
import { BarChart } from '../../charts/bar-chart.js';
import { formatScore, formatValue, formatWeight } from '../../format.js';
import type { TemperatureSweepParams, TemperatureSweepResult } from './compute.js';
import { temperatureFactors } from './compute.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { dkSlider, keysSlider } from '../sliders.js';
import { schema } from './schema.js';

type TemperatureSweepState = TemperatureSweepParams;

const factorNames = new Map([
  [0.5, '0.5√dₖ'],
  [1, '√dₖ'],
  [2, '2√dₖ'],
]);
const nameOf = (factor: number) => factorNames.get(factor) ?? `${factor}√dₖ`;

export class TemperatureSweep extends LiveWidget<'temperature-sweep', TemperatureSweepState> {
  private readonly panels = temperatureFactors.map(() => ({
    label: Object.assign(document.createElement('p'), { className: 'panel-label' }),
    chart: new BarChart('weights small', { yLabel: 'weight', yDomain: [0, 1], height: 190, minWidth: 200 }),
  }));

  constructor(options: WidgetOptions<TemperatureSweepState>) {
    super(
      options,
      'temperature-sweep',
      'Temperature sweep: one set of scores at τ = 0.5√dₖ, √dₖ and 2√dₖ',
      'Scores and weights per key at each τ',
    );
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    const row = Object.assign(document.createElement('div'), { className: 'small-multiples' });
    for (const panel of this.panels) {
      const cell = document.createElement('div');
      cell.append(panel.label, panel.chart.element);
      row.append(cell);
    }
    this.frame.chartArea.append(row);
    this.charts.push(...this.panels.map((panel) => panel.chart));
    this.mountControls({
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk })),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
    });
  }

  protected params(s: TemperatureSweepState): TemperatureSweepParams {
    return { dk: s.dk, keys: s.keys, seed: s.seed };
  }

  protected render(r: TemperatureSweepResult): void {
    const keys = Array.from({ length: r.keys }, (_, i) => `k${i + 1}`);
    const sentences = r.panels.map((p, i) => {
      const sentence =
        `τ = ${nameOf(p.factor)} = ${formatValue(p.temperature)}: largest weight ${formatWeight(p.stats.maxWeight)}, ` +
        `entropy ${formatValue(p.stats.entropy)} nats`;
      const panel = this.panels[i];
      panel?.label.replaceChildren(`τ = ${nameOf(p.factor)} = ${formatValue(p.temperature)}`);
      panel?.chart.draw(
        keys,
        [{ name: 'weights', className: p.factor === 1 ? 'scaled' : 'tempered', values: p.weights }],
        `${sentence}.`,
      );
      return sentence;
    });
    this.frame.setSummary(
      `The same ${r.keys} scores at dₖ = ${r.dk} (√dₖ = ${formatValue(r.sqrtDk)}), of at most ` +
        `${formatValue(r.maxEntropy)} nats: ` +
        `${sentences.join('; ')}.`,
    );
    this.frame.setTable(
      ['Key', 'Score q·k', ...r.panels.map((p) => `Weight, τ = ${nameOf(p.factor)}`)],
      keys.map((k, i) => [k, formatScore(r.scores[i] ?? 0), ...r.panels.map((p) => formatWeight(p.weights[i] ?? 0))]),
    );
  }
}

export const view = (options: WidgetOptions<TemperatureSweepState>) => new TemperatureSweep(options);
