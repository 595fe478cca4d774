// Line chart of one or more series (optional error bars, log axes, reference lines), drawn from the numbers it is given.
import { scaleLinear, scaleLog } from 'd3-scale';
import { chartRoot, fitWidth, innerSize, redrawOnResize, svg, tickLabel, type Box } from './svg.js';

export interface LineSeries {
  name: string;
  className: string;
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  /** Half-widths of error bars (e.g. ± one standard error), one per point. */
  errors?: ArrayLike<number>;
  /** Draw a dot at every point (sparse sweeps), not only the line. */
  dots?: boolean;
}

export interface ReferenceLine {
  axis: 'x' | 'y';
  value: number;
  label: string;
  className: string;
}

export interface LineChartOptions {
  className: string;
  xLabel: string;
  yLabel: string;
  xLog?: boolean;
  yLog?: boolean;
  /** A fixed x or y range; otherwise the data's (with the reference lines) decide. */
  xDomain?: [number, number];
  yDomain?: [number, number];
  /** Log charts: the axis stops here; smaller values (exact zeros included) are drawn on the floor. */
  yFloor?: number;
  /** Where the x ticks go (e.g. powers of 4 for dₖ); every other one is dropped on narrow screens. */
  xTicks?: number[];
  height?: number;
}

type Scale = ((value: number) => number) & { ticks(count?: number): number[] };

function axisScale(log: boolean | undefined, domain: [number, number], range: [number, number], nice: boolean): Scale {
  if (!log) {
    const linear = scaleLinear().domain(domain).range(range);
    return (nice ? linear.nice() : linear) as Scale;
  }
  // Log axes need positive ends; a flat series still needs a decade to sit in.
  const low = Math.max(domain[0], Number.MIN_VALUE);
  const high = domain[1] > low ? domain[1] : low * 10;
  const scale = scaleLog().domain([low, high]).range(range);
  return (nice ? scale.nice() : scale) as Scale;
}

// Log ticks only at powers of ten (and 2, 5 within short ranges), so the labels never collide.
function ticksOf(scale: Scale, log: boolean | undefined, count: number): number[] {
  const ticks = scale.ticks(count);
  if (!log) return ticks;
  const decades = ticks.filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
  if (decades.length >= 3) return decades.length > 7 ? decades.filter((_, i) => i % 2 === 0) : decades;
  return ticks.filter((t) => [1, 2, 5].includes(Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9))));
}

function extent(values: number[], log: boolean | undefined): [number, number] {
  const usable = values.filter((v) => Number.isFinite(v) && (!log || v > 0));
  if (!usable.length) return log ? [1, 10] : [0, 1];
  return [Math.min(...usable), Math.max(...usable)];
}

export class LineChart {
  readonly element: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly box: Box;
  private last?: () => void;

  constructor(private readonly options: LineChartOptions) {
    this.box = { width: 640, height: options.height ?? 260, margin: { top: 24, right: 14, bottom: 38, left: 58 } };
    ({ root: this.element, plot: this.plot } = chartRoot(this.box, `line-chart ${options.className}`));
  }

  /** xDomain: overrides the options' for this drawing (a training run's planned steps). */
  draw(series: LineSeries[], summary: string, references: ReferenceLine[] = [], xDomain?: [number, number]): void {
    if (!this.last) redrawOnResize(this.element, () => this.last?.());
    this.last = () => this.draw(series, summary, references, xDomain);
    fitWidth(this.element, this.box);
    const { width, height } = innerSize(this.box);
    const { xLog, yLog } = this.options;
    const allX = series.flatMap((s) => Array.from(s.xs)).concat(references.filter((r) => r.axis === 'x').map((r) => r.value));
    const allY = series.flatMap((s) => Array.from(s.ys, (y, i) => [y - (s.errors?.[i] ?? 0), y + (s.errors?.[i] ?? 0)]).flat())
      .concat(references.filter((r) => r.axis === 'y').map((r) => r.value));
    // x runs exactly over the data (a log x rounded out to decades wastes most of the width); y is rounded to ticks.
    const x = axisScale(xLog, xDomain ?? this.options.xDomain ?? extent(allX, xLog), [0, width], false);
    const floor = this.options.yFloor;
    const yValues = floor === undefined ? allY : allY.map((v) => Math.max(v, floor));
    const y = axisScale(yLog, this.options.yDomain ?? extent(yLog ? yValues : [0, ...yValues], yLog), [height, 0], true);
    const clampY = (v: number) => Math.min(height, Math.max(0, y(yLog ? Math.max(v, floor ?? Number.MIN_VALUE) : v)));
    this.element.setAttribute('aria-label', summary);
    const parts: SVGElement[] = [];
    for (const tick of ticksOf(y, yLog, 5)) {
      parts.push(svg('line', { x1: 0, x2: width, y1: y(tick), y2: y(tick), class: 'grid' }));
      parts.push(svg('text', { x: -6, y: y(tick), class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickLabel(tick)));
    }
    const xTicks = this.options.xTicks?.filter((_, i) => width >= 420 || i % 2 === 0) ?? ticksOf(x, xLog, width < 420 ? 4 : 8);
    for (const tick of xTicks) {
      // Chosen ticks (dₖ = 4096) are written exactly; computed ones are rounded to three digits.
      const label = this.options.xTicks ? String(tick) : tickLabel(tick);
      parts.push(svg('text', { x: x(tick), y: height + 18, class: 'tick', 'text-anchor': 'middle' }, label));
    }
    parts.push(svg('line', { x1: 0, x2: width, y1: height, y2: height, class: 'axis' }));
    parts.push(svg('text', { x: width / 2, y: height + 34, class: 'tick axis-label', 'text-anchor': 'middle' }, this.options.xLabel));
    parts.push(svg('text', { x: -this.box.margin.left + 4, y: -10, class: 'tick axis-label' }, this.options.yLabel));
    for (const r of references) {
      if (r.axis === 'y') {
        const at = clampY(r.value);
        parts.push(svg('line', { x1: 0, x2: width, y1: at, y2: at, class: `reference ${r.className}` }));
        parts.push(svg('text', { x: width - 4, y: at - 5, class: `tick reference-label ${r.className}`, 'text-anchor': 'end' }, r.label));
      } else {
        const at = x(r.value);
        parts.push(svg('line', { x1: at, x2: at, y1: 0, y2: height, class: `reference ${r.className}` }));
        const anchor = at > width * 0.6 ? 'end' : 'start';
        // Labelled near the bottom: curves in these charts mostly start high, so the top is crowded.
        parts.push(svg('text', { x: at + (anchor === 'end' ? -5 : 5), y: height - 8, class: `tick reference-label ${r.className}`, 'text-anchor': anchor }, r.label));
      }
    }
    for (const s of series) {
      const points: string[] = [];
      // More points than pixel columns cannot be seen: keep the lowest and highest point of each column.
      const thin = s.xs.length > 2 * width && !s.errors && !s.dots;
      let column = -1;
      let low = { x: 0, y: 0 };
      let high = { x: 0, y: 0 };
      const flush = () => {
        if (column < 0) return;
        const pair = low.x <= high.x ? [low, high] : [high, low];
        for (const p of pair) points.push(`${p.x.toFixed(1)},${p.y.toFixed(1)}`);
      };
      for (let i = 0; i < s.xs.length; i++) {
        const xi = x(s.xs[i] ?? 0);
        const yi = clampY(s.ys[i] ?? 0);
        if (thin) {
          if (Math.floor(xi) !== column) {
            flush();
            column = Math.floor(xi);
            low = { x: xi, y: yi };
            high = { x: xi, y: yi };
          } else if (yi < low.y) low = { x: xi, y: yi };
          else if (yi > high.y) high = { x: xi, y: yi };
          continue;
        }
        points.push(`${xi.toFixed(1)},${yi.toFixed(1)}`);
        const error = s.errors?.[i];
        if (error) {
          parts.push(svg('line', { x1: xi, x2: xi, y1: clampY((s.ys[i] ?? 0) - error), y2: clampY((s.ys[i] ?? 0) + error), class: `error-bar ${s.className}` }));
        }
        if (s.dots) parts.push(svg('circle', { cx: xi, cy: yi, r: 3.5, class: `dot ${s.className}` }));
      }
      if (thin) flush();
      parts.push(svg('polyline', { points: points.join(' '), class: `line ${s.className}` }));
    }
    this.plot.replaceChildren(...parts);
  }
}
