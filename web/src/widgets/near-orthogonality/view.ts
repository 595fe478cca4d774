// Widget 9: cosines of random vector pairs in d dimensions crowd around 0 with variance 1/d.
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
  private readonly chart = new HistogramChart('cosine u·v / (|u| |v|)', 'histogram cosines');

  constructor(options: WidgetOptions<NearOrthogonalityState>) {
    super(
      options,
      'near-orthogonality',
      'Near-orthogonality: the cosine between random directions in d dimensions',
      'Sample statistics of the cosine next to theory',
    );
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.mountControls({
      d: new RangeControl({
        id: `${id}-d`,
        symbol: 'd',
        label: 'Dimension d',
        ...rangeOf(schema.d),
        value: this.state.d,
        log: { stepsPerDoubling: 2 },
        onChange: (d) => this.update({ d }),
      }),
      pairs: new RangeControl({
        id: `${id}-pairs`,
        symbol: 'pairs',
        label: 'Random pairs',
        ...rangeOf(schema.pairs),
        value: this.state.pairs,
        log: { stepsPerDoubling: 2 },
        onChange: (pairs) => this.update({ pairs }),
      }),
      zoom: new ToggleControl({
        id: `${id}-zoom`,
        label: 'Zoom the axis to ±4/√d',
        value: this.state.zoom,
        onChange: (zoom) => this.update({ zoom }),
      }),
    });
  }

  protected params(s: NearOrthogonalityState): NearOrthogonalityParams {
    return { d: s.d, pairs: s.pairs, zoom: s.zoom, seed: s.seed };
  }

  protected render(r: NearOrthogonalityResult): void {
    const summary =
      `Histogram of the cosines of ${r.pairs} random pairs at d = ${r.d}: sample variance ` +
      `${formatWithError(r.variance, r.varianceStandardError)}, theory 1/d = ${formatValue(r.theoryVariance)}; ` +
      `the lines mark ±1/√d = ±${formatValue(r.theoryStd)}.`;
    const sigma = { className: 'theory-spread', label: '' };
    const markers = [
      { ...sigma, value: -r.theoryStd },
      { ...sigma, value: r.theoryStd, label: `±1/√d` },
    ];
    this.chart.draw({ edges: r.edges, counts: r.counts, markers }, summary);
    this.frame.setSummary(summary);
    this.frame.setTable(
      ['Statistic', 'Sample (± standard error)', 'Theory'],
      [
        ['Mean', formatWithError(r.mean, r.meanStandardError), '0'],
        ['Variance', formatWithError(r.variance, r.varianceStandardError), formatValue(r.theoryVariance)],
        ['Pairs outside the axis', String(r.outside), '—'],
      ],
    );
  }
}

export const view = (options: WidgetOptions<NearOrthogonalityState>) => new NearOrthogonality(options);
