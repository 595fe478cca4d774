// Widget 1: sample q·k at dimension dₖ, see the histogram and its spread next to theory; ÷√dₖ snaps it to N(0, 1).
import { t } from '../../i18n/messages.js';
import { HistogramChart } from '../../charts/histogram-chart.js';
import { ChoiceControl, ToggleControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWithError } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { dkSlider } from '../sliders.js';
import type { VarianceExplorerParams, VarianceExplorerResult } from './compute.js';
import { measured } from './predict.js';
import { schema } from './schema.js';

type State = VarianceExplorerParams;

/** The fixed axis holds four standard deviations at the largest dₖ, so every histogram fits and growth shows. */
export const fixedHalfWidth = 4 * Math.sqrt(schema.dk.max);

export class VarianceExplorer extends LiveWidget<'variance-explorer', State> {
  private readonly chart = new HistogramChart();

  constructor(options: WidgetOptions<State>) {
    super(options, 'variance-explorer', t('varianceExplorer.caption'), t('varianceExplorer.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.mountControls({
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk })),
      samples: new RangeControl({
        id: `${id}-samples`,
        symbol: t('symbol.samples'),
        label: t('varianceExplorer.samples'),
        ...rangeOf(schema.samples),
        value: this.state.samples,
        log: { stepsPerDoubling: 2 },
        onChange: (samples) => this.update({ samples }),
      }),
      scaled: new ToggleControl({
        id: `${id}-scaled`,
        label: t('varianceExplorer.divide'),
        value: this.state.scaled,
        onChange: (scaled) => this.update({ scaled }),
      }),
      axis: new ChoiceControl<State['axis']>({
        id: `${id}-axis`,
        label: t('varianceExplorer.axis'),
        value: this.state.axis,
        choices: [
          { value: 'fixed', label: t('varianceExplorer.axisFixed', { halfWidth: fixedHalfWidth }) },
          { value: 'fit', label: t('varianceExplorer.axisFit') },
        ],
        onChange: (axis) => this.update({ axis }),
      }),
    });
  }

  protected params(state: State): VarianceExplorerParams {
    return { dk: state.dk, samples: state.samples, scaled: state.scaled, axis: state.axis, seed: state.seed };
  }

  protected override placeGuess(quantity: string, listener: ((value: number) => void) | undefined): boolean {
    if (quantity !== 'twoSigma') return false;
    this.chart.guessable(listener);
    return true;
  }

  protected override measure(r: VarianceExplorerResult) {
    return measured(r);
  }

  protected render(r: VarianceExplorerResult): void {
    const what = r.scaled ? 'q·k / √dₖ' : 'q·k';
    const summary = t('varianceExplorer.summary', {
      samples: r.samples,
      what,
      dk: r.dk,
      variance: formatValue(r.variance),
      theoryVariance: formatValue(r.theory.variance),
      std: formatValue(r.std),
      theoryStd: formatValue(r.theory.std),
    });
    const twoSigma = 2 * r.theory.std;
    const markers = [
      { value: -twoSigma, label: '', className: 'theory-spread' },
      { value: twoSigma, label: `±2σ = ±${formatValue(twoSigma)}`, className: 'theory-spread' },
    ];
    // A guess at where the ±2σ lines lie is drawn as a pair of lines too, on the same axis.
    const guess = this.guess;
    if (guess?.value !== undefined)
      markers.push(
        { value: -guess.value, label: '', className: 'guess' },
        { value: guess.value, label: guess.label, className: 'guess' },
      );
    const xDomain: [number, number] | undefined = r.axis === 'fixed' ? [-fixedHalfWidth, fixedHalfWidth] : undefined;
    this.chart.draw({ edges: r.edges, counts: r.counts, density: r.densityCounts, markers, xDomain }, summary);
    this.frame.setSummary(summary);
    this.frame.setTable(
      [t('table.statistic'), t('varianceExplorer.sampleWithError'), t('table.theory')],
      [
        [t('table.mean'), formatWithError(r.mean, r.standardErrors.mean), '0'],
        [t('table.variance'), formatWithError(r.variance, r.standardErrors.variance), formatValue(r.theory.variance)],
        [t('table.std'), formatWithError(r.std, r.standardErrors.std), formatValue(r.theory.std)],
        [t('varianceExplorer.outside'), String(r.outside), '—'],
      ],
    );
  }
}

export const view = (options: WidgetOptions<State>) => new VarianceExplorer(options);
