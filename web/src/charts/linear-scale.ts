// A linear axis scale with d3-scale's ticks and nice(): the first figure's only need from d3, whose scaleLinear
// brings d3-format, d3-interpolate and d3-color (about 9 KB gzip) into the page before that figure can draw.

export interface LinearScale {
  (value: number): number;
  readonly domain: readonly [number, number];
  /** Round values spaced 1, 2 or 5 × 10ᵏ apart inside the domain, about `count` of them. */
  ticks(count?: number): number[];
  /** The same scale with its domain widened to round values (d3's scale.nice()). */
  nice(count?: number): LinearScale;
}

const tenAt = Math.sqrt(50);
const fiveAt = Math.sqrt(10);
const twoAt = Math.sqrt(2);

/** The first and last multiple of the tick step inside [start, stop], and the step (negative: 1 / step). */
function tickSteps(start: number, stop: number, count: number): [number, number, number] {
  const rough = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(rough));
  const mantissa = rough / 10 ** power;
  const factor = mantissa >= tenAt ? 10 : mantissa >= fiveAt ? 5 : mantissa >= twoAt ? 2 : 1;
  let first: number;
  let last: number;
  let step: number;
  // Below 1, step by its inverse: 0.1 is not exact in binary, while dividing integers by 10 is exact at the end.
  if (power < 0) {
    const inverse = 10 ** -power / factor;
    first = Math.round(start * inverse);
    last = Math.round(stop * inverse);
    if (first / inverse < start) first += 1;
    if (last / inverse > stop) last -= 1;
    step = -inverse;
  } else {
    step = 10 ** power * factor;
    first = Math.round(start / step);
    last = Math.round(stop / step);
    if (first * step < start) first += 1;
    if (last * step > stop) last -= 1;
  }
  if (last < first && count >= 0.5 && count < 2) return tickSteps(start, stop, count * 2);
  return [first, last, step];
}

function ticksBetween(low: number, high: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (low === high) return [low];
  const reversed = high < low;
  const [start, stop] = reversed ? [high, low] : [low, high];
  const [first, last, step] = tickSteps(start, stop, count);
  if (!(last >= first)) return [];
  const values = Array.from({ length: last - first + 1 }, (_, i) =>
    step < 0 ? (first + i) / -step : (first + i) * step,
  );
  return reversed ? values.reverse() : values;
}

function niceDomain(domain: readonly [number, number], count: number): [number, number] {
  const reversed = domain[1] < domain[0];
  let [start, stop] = reversed ? [domain[1], domain[0]] : [domain[0], domain[1]];
  let previous: number | undefined;
  // Widening can change the step once more: a domain whose step never settles (ten rounds) is kept as it was.
  for (let round = 0; round < 10; round++) {
    const step = tickSteps(start, stop, count)[2];
    if (step === previous) return reversed ? [stop, start] : [start, stop];
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  return [domain[0], domain[1]];
}

/** Maps domain[0] → range[0] and domain[1] → range[1] linearly (a flat domain maps to the middle of the range). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): LinearScale {
  if (!Array.isArray(domain) || domain.length !== 2) throw new TypeError('linearScale: domain must be [low, high]');
  if (!Array.isArray(range) || range.length !== 2) throw new TypeError('linearScale: range must be [start, end]');
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = (value: number) => {
    const t = span ? (value - d0) / span : Number.isNaN(span) ? NaN : 0.5;
    return r0 * (1 - t) + r1 * t;
  };
  return Object.assign(scale, {
    domain: [d0, d1] as const,
    ticks: (count = 10) => ticksBetween(d0, d1, count),
    nice: (count = 10) => linearScale(niceDomain([d0, d1], count), [r0, r1]),
  });
}
