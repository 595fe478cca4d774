// Widget 9: cosines of random vector pairs in d dimensions crowd around 0 with variance 1/d.
import { t } from '../../i18n/messages.js';
import { HistogramChart } from '../../charts/histogram-chart.js';
import { ToggleControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWithError } from '../../format.js';
import type { NearOrthogonalityParams, NearOrthogonalityResult } from './compute.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { schema } from './schema.js';

type NearOrthogonalityState = NearOrthogonalityParams;

export class NearOrthogonality extends LiveWidget<'near-orthogonality', NearOrthogonalityState> {
  private readonly chart = new HistogramChart(t('nearOrthogonality.axis'), 'histogram cosines');

  constructor(options: WidgetOptions<NearOrthogonalityState>) {
    super(options, 'near-orthogonality', t('nearOrthogonality.caption'), t('nearOrthogonality.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.mountControls({
      d: new RangeControl({
        id: `${id}-d`,
        symbol: 'd',
        label: t('nearOrthogonality.dimension'),
        ...rangeOf(schema.d),
        value: this.state.d,
        log: { stepsPerDoubling: 2 },
        onChange: (d) => this.update({ d }),
      }),
      pairs: new RangeControl({
        id: `${id}-pairs`,
        symbol: t('symbol.pairs'),
        label: t('nearOrthogonality.pairs'),
        ...rangeOf(schema.pairs),
        value: this.state.pairs,
        log: { stepsPerDoubling: 2 },
        onChange: (pairs) => this.update({ pairs }),
      }),
      zoom: new ToggleControl({
        id: `${id}-zoom`,
        label: t('nearOrthogonality.zoom'),
        value: this.state.zoom,
        onChange: (zoom) => this.update({ zoom }),
      }),
    });
  }

  protected params(s: NearOrthogonalityState): NearOrthogonalityParams {
    return { d: s.d, pairs: s.pairs, zoom: s.zoom, seed: s.seed };
  }

  protected render(r: NearOrthogonalityResult): void {
    const summary = t('nearOrthogonality.summary', {
      pairs: r.pairs,
      d: r.d,
      variance: formatWithError(r.variance, r.varianceStandardError),
      theory: formatValue(r.theoryVariance),
      std: formatValue(r.theoryStd),
    });
    const sigma = { className: 'theory-spread', label: '' };
    const markers = [
      { ...sigma, value: -r.theoryStd },
      { ...sigma, value: r.theoryStd, label: `±1/√d` },
    ];
    this.chart.draw({ edges: r.edges, counts: r.counts, markers }, summary);
    this.frame.setSummary(summary);
    this.frame.setTable(
      [t('table.statistic'), t('varianceExplorer.sampleWithError'), t('table.theory')],
      [
        [t('table.mean'), formatWithError(r.mean, r.meanStandardError), '0'],
        [t('table.variance'), formatWithError(r.variance, r.varianceStandardError), formatValue(r.theoryVariance)],
        [t('nearOrthogonality.outside'), String(r.outside), '—'],
      ],
    );
  }
}

export const view = (options: WidgetOptions<NearOrthogonalityState>) => new NearOrthogonality(options);
