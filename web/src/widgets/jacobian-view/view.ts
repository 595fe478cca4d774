// Widget 5: the softmax Jacobian J = diag(p) − ppᵀ as a heatmap, and how its size collapses as the logits are
// multiplied.
import { t } from '../../i18n/messages.js';
import { HeatmapChart } from '../../charts/heatmap-chart.js';
import { setText } from '../../charts/chart.js';
import { legend } from '../../charts/legend.js';
import { LineChart } from '../../charts/line-chart.js';
import { ChoiceControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWeight } from '../../format.js';
import type { JacobianViewParams, JacobianViewResult, ScoreSource } from './compute.js';
import type { TableContents } from '../widget-frame.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { keysSlider } from '../sliders.js';
import { schema } from './schema.js';
import { formatSurvival, SurvivalBadge, survivalName, survivalState } from '../survival-badge.js';

// Scores given by the lesson are not state a learner moves, so they travel beside it.
type JacobianViewState = Omit<JacobianViewParams, 'scores'>;

/** |Jᵢⱼ| never exceeds 1/4 (pᵢ(1 − pᵢ) and pᵢpⱼ both peak there), so a fixed ±0.25 colour scale shows J fading. */
const colourLimit = 0.25;

export class JacobianView extends LiveWidget<'jacobian-view', JacobianViewState> {
  private readonly heatmap: HeatmapChart;
  private readonly normsChart = new LineChart({
    className: 'jacobian-norms',
    xLabel: t('jacobian.xAxis'),
    yLabel: t('jacobian.yAxis'),
    xLog: true,
    yLog: true,
  });
  private readonly meter = Object.assign(document.createElement('p'), { className: 'survival' });
  private readonly badge: SurvivalBadge;
  private readonly setMatrixTable: (contents: () => TableContents) => void;

  constructor(
    options: WidgetOptions<JacobianViewState>,
    private readonly givenScores: readonly number[] = schema.scores.default,
  ) {
    super(options, 'jacobian-view', t('jacobian.caption'), t('jacobian.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.heatmap = new HeatmapChart(id, colourLimit, (x) => (Math.abs(x) < 5e-4 ? '0' : threeDecimals(x)));
    const heatmapLabel = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: t('jacobian.heatmapLabel'),
    });
    const normsLabel = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: t('jacobian.normsLabel'),
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
      symbol: t('symbol.multiplier'),
      label: t('jacobian.multiplier'),
      ...rangeOf(schema.multiplier),
      value: this.state.multiplier,
      log: { stepsPerDoubling: 4 },
      onChange: (value) => this.update({ multiplier: value }),
    });
    multiplier.attach(this.badge.element);
    this.setMatrixTable = this.frame.addTable(t('jacobian.matrixTable'), t('jacobian.matrixCaption'));
    this.mountControls({
      source: new ChoiceControl<ScoreSource>({
        id: `${id}-source`,
        label: t('jacobian.baseScores'),
        value: this.state.source as ScoreSource,
        choices: [
          { value: 'given', label: `(${givenScores.map(formatPlain).join(', ')})` },
          { value: 'sampled', label: t('jacobian.sampled') },
        ],
        onChange: (source) => this.update({ source }),
      }),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys }), t('jacobian.keys')),
      multiplier,
    });
  }

  // The given scores involve no randomness; only sampled ones have a seed worth showing.
  protected override usesSeed(): boolean {
    return this.state.source === 'sampled';
  }

  protected override syncControls(): void {
    this.usedOnlyWhen('keys', 'source', this.state.source === 'sampled', t('jacobian.keysUnused'));
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
    const scores = r.source === 'given' ? t('jacobian.theScores') : t('jacobian.sampledScores', { n });
    const heatmapSummary = t('jacobian.heatmapSummary', {
      scores,
      multiplier: r.multiplier,
      largest: formatWeight(r.stats.maxWeight),
      maxAbs: formatValue(r.stats.jacobianMaxAbs),
      frobenius: formatValue(r.stats.jacobianFrobenius),
    });
    const first = r.norms.frobenius[0] ?? 0;
    const lastIndex = r.norms.multipliers.length - 1;
    const normsSummary = t('jacobian.normsSummary', {
      from: r.norms.multipliers[0] ?? 0,
      to: r.norms.multipliers[lastIndex] ?? 0,
      frobeniusFrom: formatValue(first),
      frobeniusTo: formatValue(r.norms.frobenius[lastIndex] ?? 0),
      maxFrom: formatValue(r.norms.maxAbs[0] ?? 0),
      maxTo: formatValue(r.norms.maxAbs[lastIndex] ?? 0),
    });
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
        references: [
          {
            axis: 'x',
            value: r.multiplier,
            label: t('jacobian.now', { multiplier: r.multiplier }),
            className: 'current',
          },
        ],
      },
      normsSummary,
    );
    const { survival } = r.stats;
    const percent = formatSurvival(survival.share);
    this.badge.show(survival);
    this.meter.dataset.state = survival.state;
    setText(
      this.meter,
      t('jacobian.meter', {
        name: survivalName(),
        percent,
        state: survivalState(survival.state),
        trace: formatValue(r.stats.jacobianTrace),
        share: percent.replace('<', t('format.under')),
      }),
    );
    this.frame.setSummary(
      t('jacobian.summary', {
        multiplier: r.multiplier,
        scores,
        percent,
        state: survivalState(survival.state),
        frobenius: formatValue(at >= 0 ? (r.norms.frobenius[at] ?? 0) : r.stats.jacobianFrobenius),
        norms: normsSummary,
      }),
    );
    this.frame.setTable(
      [t('jacobian.multiplierColumn'), 'max |Jᵢⱼ|', '‖J‖_F', survivalName()],
      Array.from(r.norms.multipliers, (m, i) => [
        m === r.multiplier ? t('jacobian.nowRow', { multiplier: m }) : String(m),
        formatValue(r.norms.maxAbs[i] ?? 0),
        formatValue(r.norms.frobenius[i] ?? 0),
        formatSurvival(r.norms.survivalShare[i] ?? 0),
      ]),
    );
    // n² numbers formatted only when the matrix's disclosure shows them.
    this.setMatrixTable(() => ({
      headers: [t('jacobian.weightColumn'), ...keys.map((k) => `∂/∂s${k}`)],
      rows: keys.map((k, i) => [
        `p${k} = ${formatWeight(r.weights[i] ?? 0)}`,
        ...keys.map((_, j) => formatValue(r.jacobian[i * n + j] ?? 0)),
      ]),
    }));
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
