// Widget 7: mean attention entropy against dₖ for no scale, ÷√dₖ and ÷dₖ, under the ceiling ln n of uniform attention.
import { t } from '../../i18n/messages.js';
import { legend } from '../../charts/legend.js';
import { LineChart } from '../../charts/line-chart.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue, formatWithError } from '../../format.js';
import { entropyScales, type EntropyVsDkParams, type EntropyVsDkResult } from './compute.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { dkAxis, keysSlider } from '../sliders.js';
import { schema } from './schema.js';

type EntropyVsDkState = EntropyVsDkParams;

const scaleNames: Record<(typeof entropyScales)[number], { label: string; className: string }> = {
  none: {
    get label() {
      return t('scale.none');
    },
    className: 'unscaled',
  },
  sqrt: { label: '÷√dₖ', className: 'scaled' },
  linear: { label: '÷dₖ', className: 'linear' },
};

export class EntropyVsDk extends LiveWidget<'entropy-vs-dk', EntropyVsDkState> {
  private readonly chart = new LineChart({
    className: 'entropy',
    ...dkAxis,
    yLabel: t('axis.entropy'),
  });

  constructor(options: WidgetOptions<EntropyVsDkState>) {
    super(options, 'entropy-vs-dk', t('entropyVsDk.caption'), t('entropyVsDk.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.charts.push(this.chart);
    this.frame.chartArea.append(
      this.chart.element,
      legend([
        ...entropyScales.map((s) => ({
          className: scaleNames[s].className,
          label: scaleNames[s].label,
          kind: 'line' as const,
        })),
        { className: 'ceiling', label: t('entropyVsDk.ceilingLegend'), kind: 'line' },
      ]),
    );
    this.mountControls({
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
      trials: new RangeControl({
        id: `${id}-trials`,
        symbol: t('symbol.trials'),
        label: t('entropyVsDk.trials'),
        ...rangeOf(schema.trials),
        value: this.state.trials,
        log: { stepsPerDoubling: 2 },
        onChange: (trials) => this.update({ trials }),
      }),
    });
  }

  protected params(s: EntropyVsDkState): EntropyVsDkParams {
    return { keys: s.keys, trials: s.trials, seed: s.seed };
  }

  protected render(r: EntropyVsDkResult): void {
    const last = r.dks.length - 1;
    const at = (row: number, i: number) => formatValue(r.meanEntropy[row]?.[i] ?? 0);
    const curves = entropyScales
      .map((s, row) =>
        t('entropyVsDk.curve', {
          scale: scaleNames[s].label,
          first: at(row, 0),
          firstDk: r.dks[0] ?? 0,
          last: at(row, last),
          lastDk: r.dks[last] ?? 0,
        }),
      )
      .join(t('list.semicolon'));
    const summary = t('entropyVsDk.summary', {
      trials: r.trials,
      keys: r.keys,
      ceiling: formatValue(r.maxEntropy),
      curves,
    });
    const series = entropyScales.map((s, row) => ({
      name: scaleNames[s].label,
      className: scaleNames[s].className,
      xs: r.dks,
      ys: r.meanEntropy[row] ?? [],
      errors: r.entropyStandardError[row],
      dots: true,
    }));
    const ceiling = {
      axis: 'y' as const,
      value: r.maxEntropy,
      label: `ln ${r.keys} = ${formatValue(r.maxEntropy)}`,
      className: 'ceiling',
    };
    this.chart.draw({ series, references: [ceiling] }, summary);
    this.frame.setSummary(summary);
    // Written when a reader opens it: a step along keys draws twice (draft, then the whole sweep) on a phone.
    this.frame.setTableWhenShown(() => ({
      headers: ['dₖ', ...entropyScales.map((s) => t('entropyVsDk.column', { scale: scaleNames[s].label }))],
      rows: Array.from(r.dks, (dk, i) => [
        String(dk),
        ...entropyScales.map((_, row) =>
          formatWithError(r.meanEntropy[row]?.[i] ?? 0, r.entropyStandardError[row]?.[i] ?? 0),
        ),
      ]),
      footer: [[t('entropyVsDk.ceilingRow'), ...entropyScales.map(() => formatValue(r.maxEntropy))]],
    }));
  }
}

export const view = (options: WidgetOptions<EntropyVsDkState>) => new EntropyVsDk(options);
