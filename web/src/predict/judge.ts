// How a guess compares with what the widget measured: the band or option that applies, and whether it was close.
// Pure, so the lesson build, the page and the tests judge a guess the same way.
import type { ChoicePrediction, Condition, GuessBand, Measured, MarkerPrediction, PredictOption } from './types.js';

const upper = (band: GuessBand) => band.to ?? Infinity;

/** The band holding guess ÷ result; undefined when the result is not a positive number. */
export function bandOf(bands: readonly GuessBand[], guess: number, result: number): GuessBand | undefined {
  if (!(result > 0) || !Number.isFinite(guess)) return undefined;
  const ratio = guess / result;
  return bands.find((band) => ratio >= band.from && ratio < upper(band));
}

/** The band a perfect guess falls in: guesses there count as close. */
export function closeBand(bands: readonly GuessBand[]): GuessBand | undefined {
  return bands.find((band) => 1 >= band.from && 1 < upper(band));
}

export function holds(condition: Condition, value: number | string | undefined): boolean {
  if (value === undefined) return false;
  if (typeof condition === 'string') return value === condition;
  if (typeof value !== 'number') return false;
  return value >= (condition.from ?? -Infinity) && value < (condition.to ?? Infinity);
}

/** The options whose every condition holds for what the widget measured (a well-authored prediction has one). */
export function trueOptions(options: readonly PredictOption[], measured: Measured): PredictOption[] {
  return options.filter((option) =>
    Object.entries(option.when).every(([quantity, condition]) =>
      holds(condition, Object.hasOwn(measured, quantity) ? measured[quantity] : undefined),
    ),
  );
}

export interface Verdict {
  /** The number measured, or the id of the option it makes true (null when none is). */
  result: number | string | null;
  close: boolean;
  /** The authored sentence aimed at the guess. */
  text: string;
}

export function judgeMarker(prediction: MarkerPrediction, guess: number, measured: Measured): Verdict | undefined {
  const result = measured[prediction.ask];
  if (typeof result !== 'number') return undefined;
  const band = bandOf(prediction.bands, guess, result);
  if (!band) return undefined;
  return { result, close: band === closeBand(prediction.bands), text: band.text };
}

export function judgeChoice(prediction: ChoicePrediction, guess: string, measured: Measured): Verdict | undefined {
  const picked = prediction.options.find((option) => option.id === guess);
  if (!picked) return undefined;
  const [right] = trueOptions(prediction.options, measured);
  return { result: right?.id ?? null, close: right === picked, text: picked.feedback };
}

/** The result alone, for a skipped prediction: the measured number, or the option it makes true. */
export function resultOf(prediction: MarkerPrediction | ChoicePrediction, measured: Measured): number | string | null {
  if (prediction.kind === 'marker') {
    const value = measured[prediction.ask];
    return typeof value === 'number' ? value : null;
  }
  return trueOptions(prediction.options, measured)[0]?.id ?? null;
}
