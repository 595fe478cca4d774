// A guess as labelled lines across a bar chart: a marker's number, or the ends of a choice's range.
import type { BarReference } from '../charts/bar-chart.js';
import type { GuessMark } from './target.js';

export function guessLines(guess: GuessMark | undefined): BarReference[] {
  if (!guess) return [];
  if (guess.value !== undefined) return [{ value: guess.value, label: guess.label, className: 'guess' }];
  const ends = [guess.range?.from, guess.range?.to].filter((end): end is number => end !== undefined);
  return ends.map((value, i) => ({ value, label: i === 0 ? guess.label : '', className: 'guess' }));
}
