// Redraws a training widget's charts at most a few times a second, one chart per animation frame: chunks arrive
// faster than a phone can lay out and paint several SVG charts.

const redrawInterval = 250; // ms

export class PacedRedraw {
  private pending = false;
  private lastDrawn = 0;

  /** draw(i) redraws chart i of count; running() says whether training still streams (else the widget draws all). */
  constructor(
    private readonly count: number,
    private readonly draw: (index: number) => void,
    private readonly running: () => boolean,
  ) {
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`PacedRedraw: count must be ≥ 1, got ${count}`);
  }

  soon(): void {
    if (this.pending) return;
    this.pending = true;
    const wait = Math.max(0, redrawInterval - (performance.now() - this.lastDrawn));
    setTimeout(() => this.oneChartPerFrame(0), wait);
  }

  private oneChartPerFrame(index: number): void {
    if (index >= this.count || !this.running()) {
      this.pending = false;
      this.lastDrawn = performance.now();
      return;
    }
    requestAnimationFrame(() => {
      this.draw(index);
      this.oneChartPerFrame(index + 1);
    });
  }
}
