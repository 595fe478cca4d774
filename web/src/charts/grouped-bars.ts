// A grouped bar chart of probabilities drawn as SVG from the numbers it is given; no statistics are computed here.
import { scaleBand, scaleLinear } from 'd3-scale';

const svgNs = 'http://www.w3.org/2000/svg';

export interface BarSeries {
  name: string;
  className: string;
  values: Float64Array;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(svgNs, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

export class GroupedBars {
  readonly element: SVGSVGElement;
  private readonly width = 640;
  private readonly height = 260;
  private readonly margin = { top: 12, right: 12, bottom: 36, left: 44 };
  private readonly plot: SVGGElement;

  constructor(title: string) {
    this.element = svg('svg', { viewBox: `0 0 ${this.width} ${this.height}`, role: 'img', class: 'chart' });
    this.element.setAttribute('aria-label', title);
    this.plot = svg('g', { transform: `translate(${this.margin.left},${this.margin.top})` });
    this.element.append(this.plot);
  }

  draw(categories: string[], series: BarSeries[], summary: string): void {
    const innerWidth = this.width - this.margin.left - this.margin.right;
    const innerHeight = this.height - this.margin.top - this.margin.bottom;
    const x = scaleBand<string>().domain(categories).range([0, innerWidth]).paddingInner(0.2);
    const inner = scaleBand<string>().domain(series.map((s) => s.name)).range([0, x.bandwidth()]).padding(0.05);
    const y = scaleLinear().domain([0, 1]).range([innerHeight, 0]);
    this.element.setAttribute('aria-label', summary);
    const parts: SVGElement[] = [];
    for (const tick of y.ticks(5)) {
      parts.push(svg('line', { x1: 0, x2: innerWidth, y1: y(tick), y2: y(tick), class: 'grid' }));
      const label = svg('text', { x: -6, y: y(tick), class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' });
      label.textContent = tick.toFixed(1);
      parts.push(label);
    }
    categories.forEach((category, i) => {
      const left = x(category) ?? 0;
      for (const s of series) {
        const value = s.values[i] ?? 0;
        parts.push(svg('rect', {
          x: left + (inner(s.name) ?? 0), y: y(value), width: inner.bandwidth(), height: innerHeight - y(value),
          class: `bar ${s.className}`, 'data-value': value,
        }));
      }
      const label = svg('text', { x: left + x.bandwidth() / 2, y: innerHeight + 18, class: 'tick', 'text-anchor': 'middle' });
      label.textContent = category;
      parts.push(label);
    });
    this.plot.replaceChildren(...parts);
  }
}
