// How long a score waits before its next try: doubling from `firstMs` up to `maxMs`, with "equal jitter" (a random
// point in the upper half) so that many scores refused together do not all come back at the same instant.

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const defaultBackoff: Backoff = { firstMs: 2_000, maxMs: 30 * 60_000 };

/** The wait after the `failures`-th failed try (1 for the first); never shorter than the one before it. */
export function backoffMs(failures: number, { firstMs, maxMs }: Backoff, random: () => number = Math.random): number {
  if (!Number.isInteger(failures) || failures < 1) throw new RangeError(`failures must be a whole number ≥ 1`);
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.min(failures - 1, 40));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
