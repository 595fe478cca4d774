// Histogram of samples with, when given, the theoretical density drawn over it and marked x positions (all from the
// core).
import { t } from '../i18n/messages.js';
import { Chart, marks, polylinePath, rectanglePath, setAttributes, setText, tickLabel } from './chart.js';
import { placeLineLabels } from './label-rows.js';
import { linearScale } from './linear-scale.js';

/** A row of 12 px reference labels: the text's box (about 14 px) and a gap. */
const labelRow = 17;

// Measured where the page lays the text out; an estimate where it cannot (detached, or no layout at all).
const textWidth = (label: SVGTextElement): number =>
  (label.isConnected && typeof label.getComputedTextLength === 'function' ? label.getComputedTextLength() : 0) ||
  7 * (label.textContent?.length ?? 0);

export interface HistogramMarker {
  value: number;
  /** Empty for the second line of a pair (±σ), so the label is written once. */
  label: string;
  className: string;
}

export interface HistogramData {
  edges: ArrayLike<number>;
  counts: ArrayLike<number>;
  /** Expected count per bin under the theory, drawn as a curve over the bars. */
  density?: ArrayLike<number>;
  markers?: HistogramMarker[];
  /** An x range that does not follow the data, so a widening spread is seen as widening. */
  xDomain?: [number, number];
}

export class HistogramChart extends Chart {
  private data: HistogramData = { edges: [], counts: [] };

  constructor(
    private readonly xLabel = t('axis.score'),
    className = 'histogram',
  ) {
    super({ width: 640, height: 260, margin: { top: 26, right: 10, bottom: 38, left: 56 } }, className);
  }

  /** A guess of a spread, placed by pointer: the distance from 0 of the point pressed, on the x axis drawn. */
  guessable(listener: ((value: number) => void) | undefined): void {
    this.dragGuess(
      listener &&
        (({ x }) => {
          const [low, high] = this.shownDomain;
          const t = Math.min(1, Math.max(0, x / this.inner.width));
          listener(Math.abs(low + t * (high - low)));
        }),
    );
  }

  private shownDomain: [number, number] = [-1, 1];

  draw(data: HistogramData, summary: string): void {
    this.data = data;
    this.describe(summary);
    this.fit();
    this.render();
  }

  protected render(): void {
    const { edges, counts, density, markers = [], xDomain } = this.data;
    const { width, height } = this.inner;
    const first = edges[0] ?? -1;
    const last = edges[edges.length - 1] ?? 1;
    this.shownDomain = xDomain ?? [first, last];
    const x = linearScale(this.shownDomain, [0, width]);
    const top = Math.max(...Array.from(counts), ...Array.from(density ?? [])) * 1.05 || 1;
    const y = linearScale([0, top], [height, 0]).nice();
    this.axis(
      'y',
      'left',
      y.ticks(4).map((t) => ({ at: y(t), label: tickLabel(t) })),
      true,
      t('axis.count'),
    );
    this.axis(
      'x',
      'bottom',
      x.ticks(width < 420 ? 5 : 7).map((t) => ({ at: x(t), label: tickLabel(t) })),
      false,
      this.xLabel,
    );
    setAttributes(marks(this.layer('baseline'), 'line', 1)[0] as SVGLineElement, {
      x1: 0,
      x2: width,
      y1: height,
      y2: height,
      class: 'axis',
    });
    // All bars as one path: a step then rewrites one attribute and restyles one element, not four on each of 48.
    // Bars narrower than a pixel would vanish on a wide fixed axis: keep at least one pixel.
    const rectangles: string[] = [];
    for (let i = 0; i < counts.length; i++) {
      const left = x(edges[i] ?? 0);
      const right = x(edges[i + 1] ?? 0);
      const top = y(counts[i] ?? 0);
      rectangles.push(rectanglePath(left, top, Math.max(1, right - left - (right - left > 3 ? 1 : 0)), height - top));
    }
    const bars = marks(this.layer('bars'), 'path', counts.length ? 1 : 0)[0];
    if (bars) setAttributes(bars, { d: rectangles.join(''), class: 'bar sampled' });
    const curve = marks(this.layer('density'), 'path', density ? 1 : 0)[0];
    if (curve && density) {
      const centres = Array.from(
        density,
        (d, i) => [x(((edges[i] ?? 0) + (edges[i + 1] ?? 0)) / 2), y(d)] as [number, number],
      );
      // A polyline of its own: d3-shape would be the first figure's largest import after d3-scale.
      setAttributes(curve, { d: polylinePath(centres), class: 'density' });
    }
    const visible = markers.filter((m) => x(m.value) >= 0 && x(m.value) <= width);
    const lines = marks(this.layer('markers'), 'line', visible.length);
    const labelled = visible.filter((m) => m.label);
    const labels = marks(this.layer('marker-labels'), 'text', labelled.length);
    visible.forEach((m, i) => {
      setAttributes(lines[i] as SVGLineElement, {
        x1: x(m.value),
        x2: x(m.value),
        y1: 0,
        y2: height,
        class: `reference ${m.className}`,
      });
    });
    labelled.forEach((m, i) => {
      const label = labels[i] as SVGTextElement;
      setAttributes(label, { class: `tick reference-label ${m.className}` });
      setText(label, m.label);
    });
    // Placed once their text is set, from their measured widths: labels of close lines take separate rows or sides.
    // A lone label needs no measure (a measure lays the page out, on every move of a slider).
    const measure = (i: number) => (labelled.length > 1 ? textWidth(labels[i] as SVGTextElement) : 0);
    const placed = placeLineLabels(
      labelled.map((m, i) => ({ at: x(m.value), width: measure(i) })),
      width,
    );
    placed.forEach(({ anchor, x: at, row }, i) => {
      setAttributes(labels[i] as SVGTextElement, { x: at, y: 12 + labelRow * row, 'text-anchor': anchor });
    });
  }
}
