// Line chart of one or more series (optional error bars, dots, log axes, reference lines), drawn from its numbers.
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { Chart, discPath, marks, segmentPath, setAttributes, setText, tickLabel } from './chart.js';

export interface LineSeries {
  name: string;
  className: string;
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  /** Half-widths of error bars (e.g. ± one standard error), one per point. */
  errors?: ArrayLike<number>;
  /** Draw a dot at every point (sparse sweeps), not only the line. */
  dots?: boolean;
  /** false: dots only, no connecting line (a strip of samples at one x). */
  line?: boolean;
  /**
   * Dots only, spread around this x (samples at one setting): they sit in a group placed at it, so a step to another x
   * moves the group while each dot keeps its offset, and only the heights that changed are written.
   */
  around?: number;
}

export interface ReferenceLine {
  axis: 'x' | 'y';
  value: number;
  label: string;
  className: string;
}

/** A labelled point on a series (where a run reaches its goal). */
export interface PointMarker {
  x: number;
  y: number;
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
  xTicks?: readonly number[];
  height?: number;
}

export interface LineChartData {
  series: LineSeries[];
  references?: ReferenceLine[];
  points?: PointMarker[];
  /** Overrides the options' x range for this drawing (a training run's planned steps). */
  xDomain?: [number, number];
  /** Overrides the options' y range for this drawing (a curve clipped where it leaves the figure). */
  yDomain?: [number, number];
}

/** A series' dots (sparse sweeps): big enough to see and to tell from the line through them. */
const dotRadius = 3.5;

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

// More points than pixel columns cannot be seen: keep the lowest and highest point of each column, in x order.
function thinned(points: [number, number][]): [number, number][] {
  const kept: [number, number][] = [];
  let column = Number.NaN;
  let low: [number, number] = [0, 0];
  let high: [number, number] = [0, 0];
  const flush = () => {
    if (Number.isNaN(column)) return;
    if (low === high) kept.push(low);
    else kept.push(...(low[0] <= high[0] ? [low, high] : [high, low]));
  };
  for (const point of points) {
    if (Math.floor(point[0]) !== column) {
      flush();
      column = Math.floor(point[0]);
      low = point;
      high = point;
    } else if (point[1] < low[1]) low = point;
    else if (point[1] > high[1]) high = point;
  }
  flush();
  return kept;
}

export class LineChart extends Chart {
  private data: LineChartData = { series: [] };

  constructor(private readonly options: LineChartOptions) {
    super(
      { width: 640, height: options.height ?? 260, margin: { top: 28, right: 14, bottom: 38, left: 58 } },
      `line-chart ${options.className}`,
    );
  }

  draw(data: LineChartData, summary: string): void {
    this.data = data;
    this.describe(summary);
    this.fit();
    this.render();
  }

  protected render(): void {
    const { series, references = [], points = [], xDomain, yDomain } = this.data;
    const { width, height } = this.inner;
    const { xLog, yLog, yFloor } = this.options;
    // The data's extents are listed only for an axis without a fixed range: a fixed one ignores them.
    const allX = () =>
      series.flatMap((s) => Array.from(s.xs)).concat(references.filter((r) => r.axis === 'x').map((r) => r.value));
    const allY = () =>
      series
        .flatMap((s) => Array.from(s.ys, (y, i) => [y - (s.errors?.[i] ?? 0), y + (s.errors?.[i] ?? 0)]).flat())
        .concat(references.filter((r) => r.axis === 'y').map((r) => r.value));
    // x runs exactly over the data (a log x rounded out to decades wastes most of the width); y is rounded to ticks.
    const x = axisScale(xLog, xDomain ?? this.options.xDomain ?? extent(allX(), xLog), [0, width], false);
    const yRange = () => {
      const yValues = yFloor === undefined ? allY() : allY().map((v) => Math.max(v, yFloor));
      return extent(yLog ? yValues : [0, ...yValues], yLog);
    };
    const y = axisScale(
      yLog,
      yDomain ?? this.options.yDomain ?? yRange(),
      [height, 0],
      !(yDomain ?? this.options.yDomain),
    );
    const clampY = (v: number) => Math.min(height, Math.max(0, y(yLog ? Math.max(v, yFloor ?? Number.MIN_VALUE) : v)));
    const clampX = (v: number) => Math.min(width, Math.max(0, x(v)));
    this.axis(
      'y',
      'left',
      ticksOf(y, yLog, 5).map((t) => ({ at: y(t), label: tickLabel(t) })),
      true,
      this.options.yLabel,
    );
    const chosen = this.options.xTicks?.filter((_, i) => width >= 420 || i % 2 === 0);
    // Chosen ticks (dₖ = 4096) are written exactly; computed ones are rounded to three digits.
    const xTicks =
      chosen?.map((t) => ({ at: x(t), label: String(t) })) ??
      ticksOf(x, xLog, width < 420 ? 4 : 8).map((t) => ({ at: x(t), label: tickLabel(t) }));
    this.axis('x', 'bottom', xTicks, false, this.options.xLabel);
    setAttributes(marks(this.layer('baseline'), 'line', 1)[0] as SVGLineElement, {
      x1: 0,
      x2: width,
      y1: height,
      y2: height,
      class: 'axis',
    });
    this.drawReferences(references, clampX, clampY);
    const lined = series.filter((s) => s.line !== false);
    const paths = marks(this.layer('lines'), 'path', lined.length);
    // One path per series holds its error bars, and one its dots: a step restyles and lays out a few paths, where a
    // line per bar and a circle per dot (cx and cy are style properties) made ~80 elements to redo at every step.
    const barred = series.filter((s) => s.errors);
    const errorBars = marks(this.layer('error-bars'), 'path', barred.length);
    barred.forEach((s, k) => {
      const bars = Array.from(s.ys, (v, i) => {
        const e = s.errors?.[i] ?? 0;
        return e ? segmentPath(x(s.xs[i] ?? 0), clampY(v - e), clampY(v + e)) : '';
      });
      setAttributes(errorBars[k] as SVGPathElement, { d: bars.join(''), class: `error-bar ${s.className}` });
    });
    const dotted = series.filter((s) => s.dots && s.around === undefined);
    const dots = marks(this.layer('dots'), 'path', dotted.length);
    dotted.forEach((s, k) => {
      const discs = Array.from(s.ys, (v, i) => discPath(x(s.xs[i] ?? 0), clampY(v), dotRadius));
      setAttributes(dots[k] as SVGPathElement, { d: discs.join(''), class: `dot ${s.className}` });
    });
    // Above the other dots, below the labelled points: the order they had in one layer.
    this.drawStrips(
      series.filter((s) => s.around !== undefined),
      x,
      clampY,
    );
    lined.forEach((s, k) => {
      const projected = Array.from(s.ys, (v, i) => [x(s.xs[i] ?? 0), clampY(v)] as [number, number]);
      const drawn = projected.length > 2 * width && !s.dots ? thinned(projected) : projected;
      setAttributes(paths[k] as SVGPathElement, { d: line()(drawn) ?? '', class: `line ${s.className}` });
    });
    const pointMarks = marks(this.layer('points'), 'circle', points.length);
    const pointLabels = marks(this.layer('point-labels'), 'text', points.length);
    points.forEach((p, k) => {
      setAttributes(pointMarks[k] as SVGCircleElement, {
        cx: clampX(p.x),
        cy: clampY(p.y),
        r: 5,
        class: `goal ${p.className}`,
      });
      const label = pointLabels[k] as SVGTextElement;
      const anchor = clampX(p.x) > width * 0.6 ? 'end' : 'start';
      setAttributes(label, {
        x: clampX(p.x) + (anchor === 'end' ? -8 : 8),
        y: clampY(p.y) + 16 + 14 * k,
        class: `tick reference-label ${p.className}`,
        'text-anchor': anchor,
      });
      setText(label, p.label);
    });
  }

  /** What each strip dot holds, as the browser stores it (32-bit floats): a step compares numbers, not strings. */
  private readonly placed = new WeakMap<SVGCircleElement, { x: number; y: number }>();

  private drawStrips(strips: LineSeries[], x: Scale, clampY: (v: number) => number): void {
    const groups = marks(this.layer('strips'), 'g', strips.length);
    strips.forEach((s, k) => {
      const group = groups[k] as SVGGElement;
      const at = x(s.around ?? 0);
      setAttributes(group, { transform: `translate(${at},0)`, class: `strip ${s.className}` });
      const dots = marks(group, 'circle', s.ys.length);
      const className = `dot ${s.className}`;
      for (let i = 0; i < dots.length; i++) {
        const dot = dots[i] as SVGCircleElement;
        let held = this.placed.get(dot);
        if (!held) this.placed.set(dot, (held = { x: Number.NaN, y: Number.NaN }));
        setAttributes(dot, { r: 3.5, class: className });
        // A length set as a number skips the text the attribute would be written and parsed as.
        const offset = Math.fround(x(s.xs[i] ?? 0) - at);
        if (offset !== held.x) dot.cx.baseVal.value = held.x = offset;
        const height = Math.fround(clampY(s.ys[i] ?? 0));
        if (height !== held.y) dot.cy.baseVal.value = held.y = height;
      }
    });
  }

  private drawReferences(
    references: ReferenceLine[],
    clampX: (v: number) => number,
    clampY: (v: number) => number,
  ): void {
    const { width, height } = this.inner;
    const lines = marks(this.layer('references'), 'line', references.length);
    const labels = marks(this.layer('reference-labels'), 'text', references.length);
    references.forEach((r, k) => {
      const label = labels[k] as SVGTextElement;
      if (r.axis === 'y') {
        const at = clampY(r.value);
        setAttributes(lines[k] as SVGLineElement, {
          x1: 0,
          x2: width,
          y1: at,
          y2: at,
          class: `reference ${r.className}`,
        });
        setAttributes(label, {
          x: width - 4,
          y: at - 5,
          class: `tick reference-label ${r.className}`,
          'text-anchor': 'end',
        });
      } else {
        const at = clampX(r.value);
        const anchor = at > width * 0.6 ? 'end' : 'start';
        setAttributes(lines[k] as SVGLineElement, {
          x1: at,
          x2: at,
          y1: 0,
          y2: height,
          class: `reference ${r.className}`,
        });
        // Labelled near the bottom: curves in these charts mostly start high, so the top is crowded.
        setAttributes(label, {
          x: at + (anchor === 'end' ? -5 : 5),
          y: height - 8,
          class: `tick reference-label ${r.className}`,
          'text-anchor': anchor,
        });
      }
      setText(label, r.label);
    });
  }
}
