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
    const cells = marks(this.layer('cells'), 'rect', n * n);
    const writeValues = cell >= 34;
    const values = marks(this.layer('cell-values'), 'text', writeValues ? n * n : 0);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const value = matrix[i * n + j] ?? 0;
        const fill = this.colour(value);
        setAttributes(cells[i * n + j] as SVGRectElement, {
          x: j * cell,
          y: i * cell,
          width: cell,
          height: cell,
          fill,
          class: 'cell',
        });
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
