// A square matrix (row-major) as coloured cells with a diverging colour legend; values written in the cells when they
// fit.
import { divergingScale, textOn } from './diverging-colours.js';
import { Chart, marks, setAttributes, setText, tickLabel } from './chart.js';
import { svgNs } from './svg.js';

export interface HeatmapLabels {
  rows: string[];
  columns: string[];
  legend: string;
}

export class HeatmapChart extends Chart {
  private data: { matrix: ArrayLike<number>; n: number; labels: HeatmapLabels } = {
    matrix: [],
    n: 0,
    labels: { rows: [], columns: [], legend: '' },
  };
  private readonly colour;
  private readonly gradientId: string;

  /** limit: the colour scale runs from −limit to +limit (fixed, so fading is visible as the matrix changes). */
  constructor(
    id: string,
    private readonly limit: number,
    private readonly format: (x: number) => string,
  ) {
    super({ width: 640, height: 340, margin: { top: 26, right: 12, bottom: 70, left: 40 } }, 'heatmap');
    this.colour = divergingScale(limit);
    this.gradientId = `${id}-legend-gradient`;
    this.legendGradient();
  }

  draw(matrix: ArrayLike<number>, n: number, labels: HeatmapLabels, summary: string): void {
    this.data = { matrix, n, labels };
    this.describe(summary);
    this.fit();
    this.render();
  }

  protected render(): void {
    const { matrix, n, labels } = this.data;
    const { width, height } = this.inner;
    const side = Math.min(width, height);
    const cell = n ? side / n : 0;
    this.axis(
      'rows',
      'left',
      labels.rows.map((label, i) => ({ at: (i + 0.5) * cell, label })),
      false,
    );
    const columnLabels = marks(this.layer('column-labels'), 'text', n);
    columnLabels.forEach((text, j) => {
      setAttributes(text, { x: (j + 0.5) * cell, y: -8, class: 'tick', 'text-anchor': 'middle' });
      setText(text, labels.columns[j] ?? '');
    });
    // Cells sit on a unit grid scaled to the cell size: a new n rescales one group, not every cell's four edges. Their
    // white separating lines stay 1 px: the group's stroke width, which they inherit, shrinks as the grid is scaled up.
    const grid = this.layer('cells');
    setAttributes(grid, { transform: `scale(${cell})`, 'stroke-width': cell ? 1 / cell : 1 });
    const cells = this.cellsOf(grid, n);
    const writeValues = cell >= 34;
    const values = marks(this.layer('cell-values'), 'text', writeValues ? n * n : 0);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const value = matrix[i * n + j] ?? 0;
        const fill = this.colour(value);
        setAttributes(cells[i]?.[j] as SVGRectElement, { fill });
        const text = values[i * n + j];
        if (text) {
          setAttributes(text, {
            x: (j + 0.5) * cell,
            y: (i + 0.5) * cell,
            fill: textOn(fill),
            class: 'cell-value',
            'text-anchor': 'middle',
            'dominant-baseline': 'middle',
          });
          setText(text, this.format(value));
        }
      }
    }
    this.legend(side, labels.legend);
  }

  /** The cells by row and column, kept across draws: a cell stays at its place, only new rows and columns are added. */
  private readonly grid: SVGRectElement[][] = [];

  /** Makes the grid n × n, new cells placed in reading order among the kept ones (tests read them row by row). */
  private cellsOf(layer: SVGGElement, n: number): SVGRectElement[][] {
    const { grid } = this;
    while (grid.length > n) grid.pop()?.forEach((cell) => cell.remove());
    for (const row of grid) while (row.length > n) row.pop()?.remove();
    for (let i = 0; i < n; i++) {
      const row = (grid[i] ??= []);
      const next = grid[i + 1]?.[0] ?? null;
      for (let j = row.length; j < n; j++) {
        const cell = document.createElementNS(svgNs, 'rect');
        setAttributes(cell, { x: j, y: i, width: 1, height: 1, class: 'cell' });
        layer.insertBefore(cell, next);
        row.push(cell);
      }
    }
    return grid;
  }

  // The gradient is the colour scale itself, sampled into stops once: the scale is fixed.
  private legendGradient(): void {
    const defs = document.createElementNS(svgNs, 'defs');
    const gradient = document.createElementNS(svgNs, 'linearGradient');
    setAttributes(gradient, { id: this.gradientId, x1: 0, x2: 1, y1: 0, y2: 0 });
    for (let k = 0; k <= 10; k++) {
      const stop = document.createElementNS(svgNs, 'stop');
      setAttributes(stop, { offset: `${k * 10}%`, 'stop-color': this.colour(-this.limit + (2 * this.limit * k) / 10) });
      gradient.append(stop);
    }
    defs.append(gradient);
    this.element.prepend(defs);
  }

  private legend(side: number, title: string): void {
    const width = Math.min(side, 260);
    const top = side + 14;
    setAttributes(marks(this.layer('legend-bar'), 'rect', 1)[0] as SVGRectElement, {
      x: 0,
      y: top,
      width,
      height: 12,
      fill: `url(#${this.gradientId})`,
      class: 'legend-bar',
    });
    const ends = [
      [-this.limit, 'start'],
      [0, 'middle'],
      [this.limit, 'end'],
    ] as const;
    const texts = marks(this.layer('legend-labels'), 'text', ends.length + 1);
    ends.forEach(([value, anchor], k) => {
      setAttributes(texts[k] as SVGTextElement, {
        x: ((value + this.limit) / (2 * this.limit)) * width,
        y: top + 28,
        class: 'tick',
        'text-anchor': anchor,
      });
      setText(texts[k] as SVGTextElement, tickLabel(value));
    });
    setAttributes(texts[ends.length] as SVGTextElement, { x: 0, y: top + 46, class: 'tick axis-label' });
    setText(texts[ends.length] as SVGTextElement, title);
  }
}
