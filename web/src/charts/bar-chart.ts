// Bar chart of one or more series over categories (signed values allowed), drawn from the numbers it is given.
import { scaleBand, scaleLinear } from 'd3-scale';
import { chartRoot, fitWidth, innerSize, redrawOnResize, svg, tickLabel, type Box } from './svg.js';

export interface BarSeries {
  name: string;
  className: string;
  values: ArrayLike<number>;
}

export class BarChart {
  readonly element: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly box: Box;
  private readonly minWidth: number;

  /** size: small multiples pass a lower height and minimum width, so three fit side by side. */
  constructor(className: string, private readonly yLabel: string, private readonly fixedDomain?: [number, number],
    size: { height?: number; minWidth?: number } = {}) {
    this.box = { width: 640, height: size.height ?? 240, margin: { top: 22, right: 10, bottom: 30, left: 48 } };
    this.minWidth = size.minWidth ?? 300;
    ({ root: this.element, plot: this.plot } = chartRoot(this.box, className));
  }

  private last?: () => void;

  draw(categories: string[], series: BarSeries[], summary: string): void {
    if (!this.last) redrawOnResize(this.element, () => this.last?.());
    this.last = () => this.draw(categories, series, summary);
    fitWidth(this.element, this.box, 640, this.minWidth);
    const { width, height } = innerSize(this.box);
    const all = series.flatMap((s) => Array.from(s.values));
    const domain = this.fixedDomain ?? [Math.min(0, ...all), Math.max(0, ...all)];
    const x = scaleBand<string>().domain(categories).range([0, width]).paddingInner(0.2);
    const inner = scaleBand<string>().domain(series.map((s) => s.name)).range([0, x.bandwidth()]).padding(0.06);
    const y = scaleLinear().domain(domain).range([height, 0]).nice();
    this.element.setAttribute('aria-label', summary);
    const parts: SVGElement[] = [];
    for (const tick of y.ticks(5)) {
      parts.push(svg('line', { x1: 0, x2: width, y1: y(tick), y2: y(tick), class: tick === 0 ? 'axis' : 'grid' }));
      parts.push(svg('text', { x: -6, y: y(tick), class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickLabel(tick)));
    }
    parts.push(svg('text', { x: -this.box.margin.left + 4, y: -10, class: 'tick axis-label' }, this.yLabel));
    categories.forEach((category, i) => {
      const left = x(category) ?? 0;
      for (const s of series) {
        const value = s.values[i] ?? 0;
        const top = y(Math.max(0, value));
        parts.push(svg('rect', {
          x: left + (inner(s.name) ?? 0), y: top, width: inner.bandwidth(), height: Math.abs(y(value) - y(0)),
          class: `bar ${s.className}`,
        }));
      }
      parts.push(svg('text', { x: left + x.bandwidth() / 2, y: height + 18, class: 'tick', 'text-anchor': 'middle' }, category));
    });
    this.plot.replaceChildren(...parts);
  }
}
