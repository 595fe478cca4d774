// Widget 1: sample q·k at dimension dₖ, see the histogram and its spread next to theory; ÷√dₖ snaps it to N(0, 1).
import { HistogramChart } from '../../charts/histogram-chart.js';
import { ToggleControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWithError } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { rangeOf } from '../params.js';
import type { VarianceExplorerParams, VarianceExplorerResult } from './compute.js';
import { schema } from './schema.js';

type State = VarianceExplorerParams;

export class VarianceExplorer extends LiveWidget<'variance-explorer', State> {
  private readonly chart = new HistogramChart();

  constructor(options: WidgetOptions<State>) {
    super(options, 'variance-explorer', 'Variance explorer: the score q·k of random q and k at dimension dₖ',
      'Sample statistics of q·k next to theory');
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.mountControls({
      dk: new RangeControl({ id: `${id}-dk`, symbol: 'dₖ', label: 'Key dimension dₖ', ...rangeOf(schema.dk), value: this.state.dk,
        log: { stepsPerDoubling: 4 }, onChange: (dk) => this.update({ dk }) }),
      samples: new RangeControl({ id: `${id}-samples`, symbol: 'samples', label: 'Samples', ...rangeOf(schema.samples),
        value: this.state.samples, log: { stepsPerDoubling: 2 }, onChange: (samples) => this.update({ samples }) }),
      scaled: new ToggleControl({ id: `${id}-scaled`, label: 'Divide by √dₖ', value: this.state.scaled,
        onChange: (scaled) => this.update({ scaled }) }),
    });
  }

  protected params(state: State): VarianceExplorerParams {
    return { dk: state.dk, samples: state.samples, scaled: state.scaled, seed: state.seed };
  }

  protected render(r: VarianceExplorerResult): void {
    const what = r.scaled ? 'q·k / √dₖ' : 'q·k';
    const summary = `Histogram of ${r.samples} samples of ${what} at dₖ = ${r.dk}: sample variance ${formatValue(r.variance)}, ` +
      `theory ${formatValue(r.theory.variance)}; sample std ${formatValue(r.std)}, theory ${formatValue(r.theory.std)}.`;
    this.chart.draw({ edges: r.edges, counts: r.counts, density: r.densityCounts }, summary);
    this.frame.setSummary(summary);
    this.frame.setTable(['Statistic', 'Sample (± standard error)', 'Theory'], [
      ['Mean', formatWithError(r.mean, r.standardErrors.mean), '0'],
      ['Variance', formatWithError(r.variance, r.standardErrors.variance), formatValue(r.theory.variance)],
      ['Standard deviation', formatWithError(r.std, r.standardErrors.std), formatValue(r.theory.std)],
      ['Samples outside the histogram', String(r.outside), '—'],
    ]);
  }
}

export const view = (options: WidgetOptions<State>) => new VarianceExplorer(options);
