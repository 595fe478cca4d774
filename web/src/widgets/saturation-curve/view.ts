// Widget 4: p₁ of softmax([x, 0, …, 0]) as the lead x grows from 0 to 10, with the point where it passes 0.99 marked.
import { t } from '../../i18n/messages.js';
import { LineChart } from '../../charts/line-chart.js';
import { formatValue, formatWeight } from '../../format.js';
import type { SaturationCurveParams, SaturationCurveResult } from './compute.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { keysSlider } from '../sliders.js';
import { schema } from './schema.js';

type SaturationCurveState = SaturationCurveParams;

/** Every twentieth grid point is x = 0, 1, …, 10: the table's rows, read from the same arrays as the curve. */
const tableStride = 20;

export class SaturationCurve extends LiveWidget<'saturation-curve', SaturationCurveState> {
  private readonly chart = new LineChart({
    className: 'saturation',
    xLabel: t('saturation.xAxis'),
    yLabel: 'p₁',
    yDomain: [0, 1],
  });

  constructor(options: WidgetOptions<SaturationCurveState>) {
    super(options, 'saturation-curve', t('saturation.caption'), t('saturation.tableCaption'));
    this.frame.setClaim(claim.sentence);
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.mountControls({
      keys: keysSlider(options.id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
    });
  }

  protected params(s: SaturationCurveState): SaturationCurveParams {
    return { keys: s.keys };
  }

  protected render(r: SaturationCurveResult): void {
    const vector = r.keys <= 6 ? `[x${', 0'.repeat(r.keys - 1)}]` : t('saturation.longVector', { keys: r.keys });
    const last = r.p1[r.p1.length - 1] ?? 0;
    const summary = t('saturation.summary', {
      keys: r.keys,
      vector,
      uniform: formatWeight(r.uniform),
      last: formatWeight(last),
      threshold: r.threshold,
      crossing: formatValue(r.crossing),
    });
    this.chart.draw(
      {
        series: [{ name: 'p₁', className: 'scaled', xs: r.xs, ys: r.p1 }],
        references: [
          { axis: 'y', value: r.threshold, label: `p₁ = ${r.threshold}`, className: 'threshold' },
          { axis: 'x', value: r.crossing, label: `x = ${formatValue(r.crossing)}`, className: 'crossing' },
        ],
      },
      summary,
    );
    this.frame.setSummary(summary);
    const rows = [];
    for (let i = 0; i < r.xs.length; i += tableStride)
      rows.push([formatValue(r.xs[i] ?? 0), formatWeight(r.p1[i] ?? 0)]);
    this.frame.setTable([t('saturation.lead'), 'p₁'], rows, [
      [t('saturation.crossing', { crossing: formatValue(r.crossing) }), formatWeight(r.p1AtCrossing)],
    ]);
  }
}

export const view = (options: WidgetOptions<SaturationCurveState>) => new SaturationCurve(options);
