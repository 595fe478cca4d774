// The running average the training charts draw over each run's raw, faint curve.

/** Weight of each new step in the drawn running average: the raw values stay visible, faint, underneath. */
export const smoothing = 0.1;

/**
 * A running average for drawing only: every number in the text and the table is the core's raw value. Gradients span
 * many decades, so their average is taken over logarithms, with exact zeros counted at the chart's floor. It grows
 * with the run: each chunk extends it, so a redraw does not average every step again.
 */
export class RunningAverage {
  readonly values: number[] = [];
  private average = Number.NaN;

  constructor(private readonly logFloor?: number) {}

  extend(values: ArrayLike<number>): this {
    const floor = this.logFloor;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] ?? 0;
      const v = floor === undefined ? value : Math.log(Math.max(value, floor));
      this.average = Number.isNaN(this.average) ? v : this.average + smoothing * (v - this.average);
      this.values.push(floor === undefined ? this.average : Math.exp(this.average));
    }
    return this;
  }
}

/** The running average of a whole run at once: the same numbers as extending one chunk at a time. */
export function runningAverage(values: ArrayLike<number>, logFloor?: number): number[] {
  return new RunningAverage(logFloor).extend(values).values;
}
