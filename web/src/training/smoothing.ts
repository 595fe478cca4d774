// The running average the training charts draw over each run's raw, faint curve.

/** Weight of each new step in the drawn running average: the raw values stay visible, faint, underneath. */
export const smoothing = 0.1;

/**
 * A running average for drawing only: every number in the text and the table is the core's raw value. Gradients span
 * many decades, so their average is taken over logarithms, with exact zeros counted at the chart's floor.
 */
export function runningAverage(values: ArrayLike<number>, logFloor?: number): number[] {
  const out: number[] = [];
  let average = Number.NaN;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? 0;
    const v = logFloor === undefined ? value : Math.log(Math.max(value, logFloor));
    average = Number.isNaN(average) ? v : average + smoothing * (v - average);
    out.push(logFloor === undefined ? average : Math.exp(average));
  }
  return out;
}
