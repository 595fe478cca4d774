// Widget 5: the softmax Jacobian J = diag(p) − ppᵀ as a heatmap, and how its size collapses as the logits are
// multiplied.
import { HeatmapChart } from '../../charts/heatmap-chart.js';
import { legend } from '../../charts/legend.js';
import { LineChart } from '../../charts/line-chart.js';
import { ChoiceControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWeight } from '../../format.js';
import type { JacobianViewParams, JacobianViewResult, ScoreSource } from './compute.js';
import type { Cell } from '../widget-frame.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { keysSlider } from '../sliders.js';
import { schema } from './schema.js';
import { formatSurvival, SurvivalBadge, survivalName } from '../survival-badge.js';

// Scores given by the lesson are not state a learner moves, so they travel beside it.
type JacobianViewState = Omit<JacobianViewParams, 'scores'>;

/** |Jᵢⱼ| never exceeds 1/4 (pᵢ(1 − pᵢ) and pᵢpⱼ both peak there), so a fixed ±0.25 colour scale shows J fading. */
const colourLimit = 0.25;

export class JacobianView extends LiveWidget<'jacobian-view', JacobianViewState> {
  private readonly heatmap: HeatmapChart;
  private readonly normsChart = new LineChart({
    className: 'jacobian-norms',
    xLabel: 'multiplier of the logits',
    yLabel: 'size of J',
    xLog: true,
    yLog: true,
  });
  private readonly meter = Object.assign(document.createElement('p'), { className: 'survival' });
  private readonly badge: SurvivalBadge;
  private readonly setMatrixTable: (headers: string[], rows: Cell[][]) => void;

  constructor(
    options: WidgetOptions<JacobianViewState>,
    private readonly givenScores: readonly number[] = schema.scores.default,
  ) {
    super(
      options,
      'jacobian-view',
      'Jacobian view: ∂pᵢ/∂sⱼ for the current weights, and its size as the logits grow',
      'Size of J at each multiplier of the logits',
    );
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.heatmap = new HeatmapChart(id, colourLimit, (x) => (Math.abs(x) < 5e-4 ? '0' : threeDecimals(x)));
    const heatmapLabel = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: 'J = diag(p) − ppᵀ: row i is pᵢ, column j is sⱼ',
    });
    const normsLabel = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: 'Largest entry and Frobenius norm of J against the multiplier (log scales)',
    });
    this.charts.push(this.heatmap, this.normsChart);
    this.frame.chartArea.append(
      heatmapLabel,
      this.heatmap.element,
      normsLabel,
      this.normsChart.element,
      legend([
        { className: 'max-abs', label: 'max |Jᵢⱼ|', kind: 'line' },
        { className: 'frobenius', label: '‖J‖_F', kind: 'line' },
      ]),
    );
    this.frame.extra.append(this.meter);
    this.badge = new SurvivalBadge(`${id}-survival`);
    const multiplier = new RangeControl({
      id: `${id}-multiplier`,
      symbol: 'multiplier',
      label: 'Multiply the logits by',
      ...rangeOf(schema.multiplier),
      value: this.state.multiplier,
      log: { stepsPerDoubling: 4 },
      onChange: (value) => this.update({ multiplier: value }),
    });
    multiplier.attach(this.badge.element);
    this.setMatrixTable = this.frame.addTable('Data table: J', 'Entries of J for the current weights');
    this.mountControls({
      source: new ChoiceControl<ScoreSource>({
        id: `${id}-source`,
        label: 'Base scores',
        value: this.state.source as ScoreSource,
        choices: [
          { value: 'given', label: `(${givenScores.map(formatPlain).join(', ')})` },
          { value: 'sampled', label: 'sampled N(0, 1)' },
        ],
        onChange: (source) => this.update({ source }),
      }),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys }), 'Keys n (sampled)'),
      multiplier,
    });
  }

  // The given scores involve no randomness; only sampled ones have a seed worth showing.
  protected override usesSeed(): boolean {
    return this.state.source === 'sampled';
  }

  protected override syncControls(): void {
    this.usedOnlyWhen('keys', 'source', this.state.source === 'sampled', 'n is used only for sampled scores');
  }

  protected params(s: JacobianViewState): JacobianViewParams {
    return {
      source: s.source as ScoreSource,
      scores: this.givenScores,
      keys: s.keys,
      multiplier: s.multiplier,
      seed: s.seed,
    };
  }

  protected render(r: JacobianViewResult): void {
    const n = r.baseScores.length;
    const keys = Array.from({ length: n }, (_, i) => String(i + 1));
    const at = r.norms.multipliers.indexOf(r.multiplier);
    const scores = r.source === 'given' ? 'the scores' : `${n} sampled N(0, 1) scores`;
    const heatmapSummary =
      `Heatmap of J for ${scores} times ${r.multiplier}: largest weight ${formatWeight(r.stats.maxWeight)}, ` +
      `largest |Jᵢⱼ| ${formatValue(r.stats.jacobianMaxAbs)} (at most 0.25 is possible), ‖J‖_F ` +
      `${formatValue(r.stats.jacobianFrobenius)}; ` +
      `orange entries are positive, blue negative, white zero.`;
    const first = r.norms.frobenius[0] ?? 0;
    const lastIndex = r.norms.multipliers.length - 1;
    const normsSummary =
      `As the multiplier goes from ${r.norms.multipliers[0]} to ${r.norms.multipliers[lastIndex]}, ‖J‖_F falls from ` +
      `${formatValue(first)} to ${formatValue(r.norms.frobenius[lastIndex] ?? 0)} and max |Jᵢⱼ| from ` +
      `${formatValue(r.norms.maxAbs[0] ?? 0)} ` +
      `to ${formatValue(r.norms.maxAbs[lastIndex] ?? 0)}.`;
    this.heatmap.draw(
      r.jacobian,
      n,
      { rows: keys.map((k) => `p${k}`), columns: keys.map((k) => `s${k}`), legend: '∂pᵢ/∂sⱼ' },
      heatmapSummary,
    );
    this.normsChart.draw(
      {
        series: [
          { name: 'max |Jᵢⱼ|', className: 'max-abs', xs: r.norms.multipliers, ys: r.norms.maxAbs, dots: true },
          { name: '‖J‖_F', className: 'frobenius', xs: r.norms.multipliers, ys: r.norms.frobenius, dots: true },
        ],
        references: [{ axis: 'x', value: r.multiplier, label: `now × ${r.multiplier}`, className: 'current' }],
      },
      normsSummary,
    );
    const { survival } = r.stats;
    const percent = formatSurvival(survival.share);
    this.badge.show(survival);
    this.meter.dataset.state = survival.state;
    this.meter.textContent =
      `${survivalName} ${percent}, ${survival.state}: the sum of J's diagonal, Σ ∂pᵢ/∂sᵢ = ` +
      `${formatValue(r.stats.jacobianTrace)}, is ${percent.replace('<', 'under')} of its sum at uniform weights. ` +
      `That is how strongly the weights still answer a change in their own scores, and so how much gradient ` +
      `reaches the scores.`;
    this.frame.setSummary(
      `At ${r.multiplier} times ${scores}: ${survivalName.toLowerCase()} ${percent}, ${survival.state}; ‖J‖_F = ` +
        `${formatValue(at >= 0 ? (r.norms.frobenius[at] ?? 0) : r.stats.jacobianFrobenius)}. ${normsSummary}`,
    );
    this.frame.setTable(
      ['Multiplier', 'max |Jᵢⱼ|', '‖J‖_F', survivalName],
      Array.from(r.norms.multipliers, (m, i) => [
        m === r.multiplier ? `${m} (now)` : String(m),
        formatValue(r.norms.maxAbs[i] ?? 0),
        formatValue(r.norms.frobenius[i] ?? 0),
        formatSurvival(r.norms.survivalShare[i] ?? 0),
      ]),
    );
    this.setMatrixTable(
      ['Weight pᵢ', ...keys.map((k) => `∂/∂s${k}`)],
      keys.map((k, i) => [
        `p${k} = ${formatWeight(r.weights[i] ?? 0)}`,
        ...keys.map((_, j) => formatValue(r.jacobian[i * n + j] ?? 0)),
      ]),
    );
  }
}

function formatPlain(x: number): string {
  return String(x).replace('-', '−');
}

// Three decimals fit a cell; the data table has the full values.
function threeDecimals(x: number): string {
  return x
    .toFixed(3)
    .replace('-', '−')
    .replace(/^(−?)0\./, '$1.');
}

export const view = (options: WidgetOptions<JacobianViewParams>) => {
  const { scores, ...state } = options.state;
  return new JacobianView({ ...options, state }, scores);
};
