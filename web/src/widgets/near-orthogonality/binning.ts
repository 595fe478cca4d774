// Counting samples into equal-width bins for a histogram. This is drawing, not statistics: every moment a learner
// reads (mean, variance, their standard errors) comes from the core; the bins only decide where the bars go.

export interface Bins {
  edges: Float64Array;
  counts: Float64Array;
  /** Samples outside [low, high], so the chart can say what it does not show. */
  outside: number;
}

export function binSamples(samples: ArrayLike<number>, low: number, high: number, bins: number): Bins {
  if (!(high > low) || !Number.isInteger(bins) || bins < 1)
    throw new RangeError(`binSamples: need low < high and bins ≥ 1, got [${low}, ${high}] and ${bins}`);
  const width = (high - low) / bins;
  const edges = Float64Array.from({ length: bins + 1 }, (_, i) => low + i * width);
  const counts = new Float64Array(bins);
  let outside = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] ?? Number.NaN;
    if (!(x >= low && x <= high)) {
      outside++;
      continue;
    }
    // The top edge belongs to the last bin, as in the core's own histograms.
    const bin = Math.min(bins - 1, Math.floor((x - low) / width));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { edges, counts, outside };
}
