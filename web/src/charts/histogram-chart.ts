// Histogram of samples with, when given, the theoretical density drawn over it and marked x positions (all from the core).
import { scaleLinear } from 'd3-scale';
import { chartRoot, fitWidth, innerSize, redrawOnResize, svg, tickLabel, type Box } from './svg.js';

export interface HistogramMarker {
  value: number;
  /** Empty for the second line of a pair (±σ), so the label is written once. */
  label: string;
  className: string;
}

export class HistogramChart {
  readonly element: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly box: Box = { width: 640, height: 260, margin: { top: 22, right: 10, bottom: 34, left: 56 } };

  constructor(private readonly xLabel = 'score', className = 'histogram') {
    ({ root: this.element, plot: this.plot } = chartRoot(this.box, className));
  }

  private last?: () => void;

  draw(edges: Float64Array, counts: Float64Array, density: Float64Array | undefined, summary: string, markers: HistogramMarker[] = []): void {
    if (!this.last) redrawOnResize(this.element, () => this.last?.());
    this.last = () => this.draw(edges, counts, density, summary, markers);
    fitWidth(this.element, this.box);
    const { width, height } = innerSize(this.box);
    const x = scaleLinear().domain([edges[0] ?? -1, edges[edges.length - 1] ?? 1]).range([0, width]);
    const y = scaleLinear().domain([0, Math.max(...counts, ...(density ?? [])) * 1.05 || 1]).range([height, 0]).nice();
    this.element.setAttribute('aria-label', summary);
    const parts: SVGElement[] = [];
    for (const tick of y.ticks(4)) {
      parts.push(svg('line', { x1: 0, x2: width, y1: y(tick), y2: y(tick), class: 'grid' }));
      parts.push(svg('text', { x: -6, y: y(tick), class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickLabel(tick)));
    }
    for (const tick of x.ticks(7)) {
      parts.push(svg('text', { x: x(tick), y: height + 18, class: 'tick', 'text-anchor': 'middle' }, tickLabel(tick)));
    }
    parts.push(svg('line', { x1: 0, x2: width, y1: height, y2: height, class: 'axis' }));
    counts.forEach((count, i) => {
      const left = x(edges[i] ?? 0);
      const right = x(edges[i + 1] ?? 0);
      parts.push(svg('rect', { x: left, y: y(count), width: Math.max(0, right - left - 1), height: height - y(count), class: 'bar sampled' }));
    });
    if (density) {
      const points = Array.from(density, (d, i) => `${x(((edges[i] ?? 0) + (edges[i + 1] ?? 0)) / 2).toFixed(1)},${y(d).toFixed(1)}`);
      parts.push(svg('polyline', { points: points.join(' '), class: 'density' }));
    }
    for (const marker of markers) {
      const at = x(marker.value);
      if (at < 0 || at > width) continue;
      parts.push(svg('line', { x1: at, x2: at, y1: 0, y2: height, class: `reference ${marker.className}` }));
      if (marker.label) parts.push(svg('text', { x: at + 5, y: 12, class: `tick reference-label ${marker.className}` }, marker.label));
    }
    parts.push(svg('text', { x: width / 2, y: height + 32, class: 'tick axis-label', 'text-anchor': 'middle' }, this.xLabel));
    this.plot.replaceChildren(...parts);
  }
}
