// Bar chart of one or more series over categories (signed values allowed), drawn from the numbers it is given.
import { scaleBand, scaleLinear } from 'd3-scale';
import { Chart, marks, rectanglePath, setAttributes, setText, tickLabel } from './chart.js';

export interface BarSeries {
  name: string;
  className: string;
  values: ArrayLike<number>;
  /** A class per bar, added to the series' own (e.g. 'overflow' on the bars that stand for ∞). */
  barClasses?: readonly string[];
  /** Text drawn above a bar ('∞' over a bar whose height only stands for infinity); '' for none. */
  barLabels?: readonly string[];
}

export interface BarChartOptions {
  yLabel: string;
  /** A y range that does not follow the data (weights: [0, 1]), so bars compare across redraws. */
  yDomain?: [number, number];
  /** Small multiples pass a lower height and minimum width, so three fit side by side. */
  height?: number;
  minWidth?: number;
}

/** A labelled horizontal line across the bars (a limit such as float16's 65504). */
export interface BarReference {
  value: number;
  label: string;
  className: string;
}

/** Category labels are thinned to every k-th one when they would collide (32+ keys on a phone). */
const minLabelSpacing = 22;

export class BarChart extends Chart {
  private data: { categories: string[]; series: BarSeries[]; references: BarReference[] } = {
    categories: [],
    series: [],
    references: [],
  };

  constructor(
    className: string,
    private readonly options: BarChartOptions,
  ) {
    super(
      { width: 640, height: options.height ?? 240, margin: { top: 26, right: 10, bottom: 30, left: 48 } },
      className,
      options.minWidth ?? 300,
    );
  }

  /** A guess of a bar's height, placed by pointer: the y value at the point pressed. */
  guessable(listener: ((value: number) => void) | undefined): void {
    this.dragGuess(listener && (({ y }) => listener(this.yAt(y))));
  }

  private yAt: (px: number) => number = () => 0;

  draw(categories: string[], series: BarSeries[], summary: string, references: BarReference[] = []): void {
    this.data = { categories, series, references };
    this.describe(summary);
    this.fit();
    this.render();
  }

  // Scales are built once and given this draw's domain and range: a step allocates no new scale objects.
  private readonly xScale = scaleBand<string>().paddingInner(0.2);
  private readonly seriesScale = scaleBand<string>().padding(0.06);
  private readonly yScale = scaleLinear();

  protected render(): void {
    const { categories, series, references } = this.data;
    const { width, height } = this.inner;
    const domain = this.options.yDomain ?? valueRange(series);
    const x = this.xScale.domain(categories).range([0, width]);
    const inner = this.seriesScale.domain(series.map((s) => s.name)).range([0, x.bandwidth()]);
    const y = this.yScale.domain(domain).range([height, 0]);
    if (!this.options.yDomain) y.nice();
    const [bottom, top] = y.domain() as [number, number];
    this.yAt = (px) => Math.min(top, Math.max(bottom, y.invert(px)));
    const yTicks = y.ticks(5);
    this.axis(
      'y',
      'left',
      yTicks.map((t) => ({ at: y(t), label: tickLabel(t) })),
      true,
      this.options.yLabel,
    );
    const every = Math.max(1, Math.ceil(minLabelSpacing / Math.max(1, x.step())));
    const shown = categories.filter((_, i) => i % every === 0);
    this.axis(
      'x',
      'bottom',
      shown.map((c) => ({ at: (x(c) ?? 0) + x.bandwidth() / 2, label: c })),
      false,
    );
    const barLayer = this.layer('bars'); // created first, so reference lines are drawn over the bars
    const lines = marks(this.layer('references'), 'line', references.length);
    const labels = marks(this.layer('reference-labels'), 'text', references.length);
    references.forEach((r, k) => {
      setAttributes(lines[k] as SVGLineElement, {
        x1: 0,
        x2: width,
        y1: y(r.value),
        y2: y(r.value),
        class: `reference ${r.className}`,
      });
      const label = labels[k] as SVGTextElement;
      // Written above the plot, right-aligned: over the bars the text would lose its contrast.
      setAttributes(label, {
        x: width,
        y: -10 - 14 * k,
        class: `tick reference-label ${r.className}`,
        'text-anchor': 'end',
      });
      setText(label, r.label);
    });
    const zero = marks(this.layer('zero'), 'line', 1)[0] as SVGLineElement;
    setAttributes(zero, { x1: 0, x2: width, y1: y(0), y2: y(0), class: 'axis' });
    // Text only over the bars that have some (∞ over an overflowed row), not an empty one over every bar.
    const labelled: { s: BarSeries; k: number; i: number }[] = [];
    series.forEach((s, k) => {
      if (s.barLabels) categories.forEach((_, i) => s.barLabels?.[i] && labelled.push({ s, k, i }));
    });
    const barTexts = marks(this.layer('bar-labels'), 'text', labelled.length);
    const zeroAt = y(0);
    const offsets = series.map((s) => inner(s.name) ?? 0);
    const barWidth = inner.bandwidth();
    // One path per series (and per extra bar class) holds its bars: a step restyles and lays out a few paths, where
    // one rect per bar made each of them an element to restyle and lay out again at every step.
    const shapes: { className: string; rectangles: string[] }[] = [];
    series.forEach((s, k) => {
      const byClass = new Map<string, string[]>();
      categories.forEach((category, i) => {
        const value = s.values[i] ?? 0;
        const extra = s.barClasses?.[i] ?? '';
        let rectangles = byClass.get(extra);
        if (!rectangles) {
          byClass.set(extra, (rectangles = []));
          shapes.push({ className: extra ? `bar ${s.className} ${extra}` : `bar ${s.className}`, rectangles });
        }
        const left = (x(category) ?? 0) + (offsets[k] ?? 0);
        rectangles.push(rectanglePath(left, y(Math.max(0, value)), barWidth, Math.abs(y(value) - zeroAt)));
      });
    });
    const paths = marks(barLayer, 'path', shapes.length);
    shapes.forEach(({ className, rectangles }, k) => {
      setAttributes(paths[k] as SVGPathElement, { d: rectangles.join(''), class: className });
    });
    labelled.forEach(({ s, k, i }, t) => {
      const text = barTexts[t] as SVGTextElement;
      setAttributes(text, {
        x: (x(categories[i] ?? '') ?? 0) + (offsets[k] ?? 0) + barWidth / 2,
        y: y(Math.max(0, s.values[i] ?? 0)) - 4,
        class: 'tick bar-label',
        'text-anchor': 'middle',
      });
      setText(text, s.barLabels?.[i] ?? '');
    });
  }
}

/** The smallest and largest value over every series with 0 (bars grow from zero), as Math.min and Math.max give. */
function valueRange(series: readonly BarSeries[]): [number, number] {
  let low = 0;
  let high = 0;
  for (const { values } of series) {
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      if (Number.isNaN(value) || value === undefined) return [NaN, NaN];
      if (value < low || (Object.is(value, -0) && low === 0)) low = value;
      if (value > high) high = value;
    }
  }
  return [low, high];
}
