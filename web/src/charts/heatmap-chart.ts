// A square matrix (row-major) as coloured cells with a diverging colour legend; values written in the cells when they fit.
import { divergingScale, textOn } from './diverging-colours.js';
import { chartRoot, fitWidth, redrawOnResize, svg, tickLabel, type Box } from './svg.js';

export interface HeatmapLabels {
  rows: string[];
  columns: string[];
  legend: string;
}

export class HeatmapChart {
  readonly element: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly box: Box = { width: 640, height: 340, margin: { top: 26, right: 12, bottom: 70, left: 40 } };

  /** limit: the colour scale runs from −limit to +limit (fixed, so fading is visible as the matrix changes). */
  constructor(private readonly id: string, private readonly limit: number, private readonly format: (x: number) => string) {
    ({ root: this.element, plot: this.plot } = chartRoot(this.box, 'heatmap'));
  }

  private last?: () => void;

  draw(matrix: Float64Array, n: number, labels: HeatmapLabels, summary: string): void {
    if (!this.last) redrawOnResize(this.element, () => this.last?.());
    this.last = () => this.draw(matrix, n, labels, summary);
    fitWidth(this.element, this.box);
    const colour = divergingScale(this.limit);
    const { margin } = this.box;
    const side = Math.min(this.box.width - margin.left - margin.right, this.box.height - margin.top - margin.bottom);
    const cell = side / n;
    this.element.setAttribute('aria-label', summary);
    const parts: SVGElement[] = [];
    const writeValues = cell >= 34;
    for (let i = 0; i < n; i++) {
      parts.push(svg('text', { x: -6, y: (i + 0.5) * cell, class: 'tick', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, labels.rows[i] ?? ''));
      parts.push(svg('text', { x: (i + 0.5) * cell, y: -8, class: 'tick', 'text-anchor': 'middle' }, labels.columns[i] ?? ''));
      for (let j = 0; j < n; j++) {
        const value = matrix[i * n + j] ?? 0;
        const fill = colour(value);
        parts.push(svg('rect', { x: j * cell, y: i * cell, width: cell, height: cell, fill, class: 'cell' }));
        if (writeValues) {
          parts.push(svg('text', {
            x: (j + 0.5) * cell, y: (i + 0.5) * cell, fill: textOn(fill), class: 'cell-value', 'text-anchor': 'middle', 'dominant-baseline': 'middle',
          }, this.format(value)));
        }
      }
    }
    parts.push(...this.legend(side, labels.legend));
    this.plot.replaceChildren(...parts);
  }

  // The legend is the colour scale itself, sampled into gradient stops, with its ends and middle labelled.
  private legend(side: number, title: string): SVGElement[] {
    const colour = divergingScale(this.limit);
    const gradientId = `${this.id}-legend-gradient`;
    const gradient = svg('linearGradient', { id: gradientId, x1: 0, x2: 1, y1: 0, y2: 0 });
    for (let k = 0; k <= 10; k++) {
      gradient.append(svg('stop', { offset: `${k * 10}%`, 'stop-color': colour(-this.limit + (2 * this.limit * k) / 10) }));
    }
    const width = Math.min(side, 260);
    const top = side + 14;
    const parts: SVGElement[] = [svg('defs', {}), svg('rect', { x: 0, y: top, width, height: 12, fill: `url(#${gradientId})`, class: 'legend-bar' })];
    parts[0]?.append(gradient);
    for (const [value, anchor] of [[-this.limit, 'start'], [0, 'middle'], [this.limit, 'end']] as const) {
      const x = ((value + this.limit) / (2 * this.limit)) * width;
      parts.push(svg('text', { x, y: top + 28, class: 'tick', 'text-anchor': anchor }, tickLabel(value)));
    }
    parts.push(svg('text', { x: 0, y: top + 46, class: 'tick axis-label' }, title));
    return parts;
  }
}
