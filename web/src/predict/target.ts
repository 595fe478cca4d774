// What a widget offers a predict-first moment: hold the answer back, draw the learner's guess on its picture, and move
// to the state asked about and say what it measures there.
import type { Measured } from './types.js';

export type PredictState = Record<string, number | string | boolean>;

/** The learner's guess as the widget draws it: a number on a quantity's scale, or a range of it. */
export interface GuessMark {
  quantity: string;
  /** A marker's number. */
  value?: number;
  /** A choice's condition on the quantity: [from, to), either end open. */
  range?: { from?: number; to?: number };
  /** A choice's outcome, e.g. which run gets there first. */
  outcome?: string;
  label: string;
  /** Drawn on the result, not while the marker is still being moved. */
  final: boolean;
}

export interface PredictTarget {
  /** Holds back what answers the prediction; a move of the widget from now on releases it and counts as a skip. */
  hold(): void;
  /** Whether the widget was moved (by the learner, a question or a link) while it was held. */
  readonly moved: boolean;
  /** Called once, on the first move while held. */
  onMove(listener: () => void): void;
  /**
   * Draws the guess; `at` names the state it is about, and the guess is drawn only while the widget shows that state
   * (or, while held, as a marker still being placed). undefined removes it.
   */
  showGuess(mark: GuessMark | undefined, at?: PredictState): void;
  /**
   * Lets a pointer place a marker's guess on the picture, where the widget draws that quantity (its listener hears
   * each number); undefined stops it. Widgets without such a picture ignore it.
   */
  placeGuess(quantity: string, listener: ((value: number) => void) | undefined): void;
  /** Ends the hold and moves to `at` (not a move of the learner's); `measured` hears what the widget measures there. */
  revealAt(at: PredictState, measured: (values: Measured, seed: number | undefined) => void): void;
}
