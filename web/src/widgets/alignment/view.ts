// Widget 11: after training q and k align; the typical score against dₖ under each scale, at the chosen alignment ρ.
import { t } from '../../i18n/messages.js';
import { legend } from '../../charts/legend.js';
import { LineChart, type LineSeries, type PointMarker } from '../../charts/line-chart.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { rangeOf } from '../params.js';
import { dkAxis, dkSlider } from '../sliders.js';
import { claim } from './claim.js';
import { alignmentScales, type AlignmentParams, type AlignmentResult, type AlignmentScale } from './compute.js';
import { schema } from './schema.js';

type State = AlignmentParams;

const scaleNames: Record<AlignmentScale, { label: string; className: string }> = {
  none: {
    get label() {
      return t('scale.none');
    },
    className: 'unscaled',
  },
  sqrt: { label: '÷√dₖ', className: 'scaled' },
  linear: { label: '÷dₖ', className: 'linear' },
};

const [smallestDk, largestDk] = [1, 4096];
/** Sample dots spread over ±0.15 of a doubling around the chosen dₖ, so a hundred of them do not hide each other. */
const jitter = (dk: number, i: number) => Math.min(largestDk, Math.max(smallestDk, dk * 2 ** (((i % 13) - 6) * 0.025)));

/** The plot's y range: the ÷√dₖ and ÷dₖ curves and their samples, with a margin; the unscaled curve may leave it. */
function yRange(r: AlignmentResult): [number, number] {
  const shown = [
    ...(r.typical[1] ?? []),
    ...(r.typical[2] ?? []),
    ...(r.samples[1]?.scores ?? []),
    ...(r.samples[2]?.scores ?? []),
  ];
  const high = Math.max(1, ...shown);
  const low = Math.min(0, ...shown);
  const margin = 0.08 * (high - low);
  return [low < 0 ? low - margin : 0, high + margin];
}

export class Alignment extends LiveWidget<'alignment', State> {
  private readonly chart = new LineChart({
    className: 'alignment',
    ...dkAxis,
    yLabel: t('axis.score'),
    xDomain: [smallestDk, largestDk],
  });

  constructor(options: WidgetOptions<State>) {
    super(options, 'alignment', t('aligned.caption'), t('aligned.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.charts.push(this.chart);
    this.frame.chartArea.append(
      this.chart.element,
      legend([
        ...alignmentScales.map((s) => ({ ...scaleNames[s], kind: 'line' as const })),
        { className: 'sample', label: t('aligned.legendSamples') },
      ]),
    );
    this.mountControls({
      alignment: new RangeControl({
        id: `${id}-alignment`,
        symbol: 'ρ',
        label: t('aligned.rho'),
        ...rangeOf(schema.alignment),
        value: this.state.alignment,
        onChange: (alignment) => this.update({ alignment }),
      }),
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk }), 2),
    });
  }

  protected params(s: State): AlignmentParams {
    return { alignment: s.alignment, dk: s.dk, pairs: s.pairs, seed: s.seed };
  }

  protected render(r: AlignmentResult): void {
    const [low, high] = yRange(r);
    const inside = (v: number) => v >= low && v <= high;
    const rho = formatValue(r.alignment);
    const curves: LineSeries[] = alignmentScales.map((s, row) => {
      const ys = Array.from(r.typical[row] ?? []);
      const kept = ys.map((_, i) => i).filter((i) => inside(ys[i] ?? 0));
      return {
        name: scaleNames[s].label,
        className: scaleNames[s].className,
        xs: kept.map((i) => r.dks[i] ?? 0),
        ys: kept.map((i) => ys[i] ?? 0),
        dots: true,
      };
    });
    // Unscaled, the typical score ρ·dₖ reaches the top of the figure at dₖ = top / ρ: the curve is cut there.
    const unscaled = curves[0] as LineSeries & { xs: number[]; ys: number[] };
    const points: PointMarker[] = [];
    const leaves = r.alignment > 0 ? high / r.alignment : Infinity;
    if (leaves < largestDk) {
      const exit = { x: leaves, y: high };
      const lined = { ...unscaled, name: `${unscaled.name} (to the edge)`, xs: [...unscaled.xs, exit.x] };
      curves[0] = { ...lined, ys: [...unscaled.ys, exit.y], dots: false };
      curves.push({ ...unscaled, name: `${unscaled.name} (points)`, line: false });
      points.push({
        x: exit.x,
        y: exit.y,
        // Short, so it fits beside the curve on a phone; the summary gives the numbers.
        label: t('aligned.exit'),
        className: 'unscaled exit',
      });
    }
    const samples: LineSeries[] = alignmentScales.map((s, row) => {
      const scores = Array.from(r.samples[row]?.scores ?? []);
      const kept = scores.map((_, i) => i).filter((i) => inside(scores[i] ?? 0));
      return {
        name: `${scaleNames[s].label} samples`,
        className: `${scaleNames[s].className} sample`,
        xs: kept.map((i) => jitter(r.dk, i)),
        ys: kept.map((i) => scores[i] ?? 0),
        dots: true,
        line: false,
        around: r.dk,
      };
    });
    const outside = r.pairs - (samples[0]?.ys.length ?? 0);
    const at = (row: number, i: number) => formatValue(r.typical[row]?.[i] ?? 0);
    const first = 0;
    const last = r.dks.length - 1;
    const sampled = alignmentScales
      .map((s, row) => {
        const x = r.samples[row];
        return t('aligned.sampled', {
          scale: scaleNames[s].label,
          theory: formatValue(x?.theoryMean ?? 0),
          pairs: r.pairs,
          mean: formatValue(x?.mean ?? 0),
          std: formatValue(x?.std ?? 0),
        });
      })
      .join('; ');
    const summary =
      t('aligned.summary', {
        rho,
        dk: r.dk,
        sampled,
        from: r.dks[first] ?? 0,
        to: r.dks[last] ?? 0,
        sqrtFrom: at(1, first),
        sqrtTo: at(1, last),
        linear: at(2, last),
        none: at(0, last),
      }) +
      (leaves < largestDk ? t('aligned.leaves', { dk: formatValue(leaves) }) : '') +
      (outside > 0 ? t('aligned.outside', { outside, pairs: r.pairs }) : t('aligned.end'));
    this.chart.draw({ series: [...curves, ...samples], points, yDomain: [low, high] }, summary);
    this.frame.setSummary(summary);
    // Every ρ step changes 39 numbers of the table: made only when its disclosure shows them.
    this.frame.setTableWhenShown(() => ({
      headers: ['dₖ', ...alignmentScales.map((s) => t('aligned.typicalColumn', { scale: scaleNames[s].label }))],
      rows: Array.from(r.dks, (dk, i) => [String(dk), ...alignmentScales.map((_, row) => at(row, i))]),
      footer: [
        [
          t('aligned.sampledRow', { dk: r.dk }),
          ...alignmentScales.map(
            (_, row) => `${formatValue(r.samples[row]?.mean ?? 0)} ± ${formatValue(r.samples[row]?.std ?? 0)}`,
          ),
        ],
      ],
    }));
  }
}

export const view = (options: WidgetOptions<State>) => new Alignment(options);
