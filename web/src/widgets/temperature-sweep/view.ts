// Widget 6: the same sampled scores at τ = 0.5√dₖ, √dₖ and 2√dₖ, side by side: colder picks, warmer averages.
import { t } from '../../i18n/messages.js';
import { BarChart } from '../../charts/bar-chart.js';
import { setText } from '../../charts/chart.js';
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
  // Each label holds its line before the first draw (which adds τ's value), so the charts below it never move down.
  private readonly panels = temperatureFactors.map((factor) => ({
    label: Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: `τ = ${nameOf(factor)}`,
    }),
    chart: new BarChart('weights small', { yLabel: t('axis.weight'), yDomain: [0, 1], height: 190, minWidth: 200 }),
  }));

  constructor(options: WidgetOptions<TemperatureSweepState>) {
    super(options, 'temperature-sweep', t('temperature.caption'), t('temperature.tableCaption'));
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
      const sentence = t('temperature.panel', {
        name: nameOf(p.factor),
        temperature: formatValue(p.temperature),
        largest: formatWeight(p.stats.maxWeight),
        entropy: formatValue(p.stats.entropy),
      });
      const panel = this.panels[i];
      // Into the label's one text node, and only when τ changed: a keys step keeps τ, a dₖ step moves it.
      if (panel) setText(panel.label, `τ = ${nameOf(p.factor)} = ${formatValue(p.temperature)}`);
      panel?.chart.draw(
        keys,
        [{ name: 'weights', className: p.factor === 1 ? 'scaled' : 'tempered', values: p.weights }],
        sentence + t('aligned.end'),
      );
      return sentence;
    });
    this.frame.setSummary(
      t('temperature.summary', {
        keys: r.keys,
        dk: r.dk,
        sqrtDk: formatValue(r.sqrtDk),
        maxEntropy: formatValue(r.maxEntropy),
        panels: sentences.join(t('list.semicolon')),
      }),
    );
    this.frame.setTable(
      [t('table.key'), t('table.score'), ...r.panels.map((p) => t('temperature.column', { name: nameOf(p.factor) }))],
      keys.map((k, i) => [k, formatScore(r.scores[i] ?? 0), ...r.panels.map((p) => formatWeight(p.weights[i] ?? 0))]),
    );
  }
}

export const view = (options: WidgetOptions<TemperatureSweepState>) => new TemperatureSweep(options);
