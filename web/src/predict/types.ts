// Predict-first moments as the lesson build writes them and the page runs them: before a widget shows a result, the
// learner commits a guess about it (a marker on a number line, or one of a few choices), or skips.

/** A number or an outcome a widget measures on what it draws, e.g. { twoSigma: 128 } or { first: 'scaled' }. */
export type Measured = Record<string, number | string>;

/** What a widget folder's predict.ts says about one quantity a lesson may ask a prediction about. */
export interface QuantityDoc {
  /** One line for the authoring reference and error messages. */
  doc: string;
  /** 'number': guessed with a marker or compared with ranges; 'outcome': one of `outcomes`. */
  type: 'number' | 'outcome';
  outcomes?: readonly string[];
}

/** For a marker: guesses whose ratio to the result lies in [from, to) get this sentence. */
export interface GuessBand {
  from: number;
  /** Infinity for the last band (written null in the lesson JSON). */
  to: number | null;
  text: string;
}

/** A condition on one measured quantity: an outcome, or a number within [from, to). */
export type Condition = string | { from?: number; to?: number };

export interface PredictOption {
  id: string;
  /** HTML (inline Markdown and math). */
  text: string;
  /** Every condition must hold for the option to be the true one. */
  when: Record<string, Condition>;
  /** Plain text: the sentence shown when the learner picked this option. */
  feedback: string;
}

interface PredictionBase {
  /** HTML: what the learner is asked. */
  prompt: string;
  /** The widget state the prediction is about, shown once the learner has guessed (or skipped). */
  at: Record<string, number | string | boolean>;
}

export interface MarkerPrediction extends PredictionBase {
  kind: 'marker';
  /** The measured quantity the marker guesses. */
  ask: string;
  range: [number, number];
  log: boolean;
  /** Written after the number, e.g. "σ" or "" */
  unit: string;
  bands: GuessBand[];
}

export interface ChoicePrediction extends PredictionBase {
  kind: 'choice';
  options: PredictOption[];
}

export type CompiledPrediction = MarkerPrediction | ChoicePrediction;

/** One prediction as progress keeps it, the results download lists it and an LMS receives it. */
export interface PredictionRecord {
  /** The guessed number, the chosen option's id, or null when the learner skipped ("Just show me"). */
  guess: number | string | null;
  /** What the widget showed: the measured number, or the id of the option it made true; null until it has drawn. */
  result: number | string | null;
  /** Whether the guess agreed with the result (the band holding ratio 1, or the true option); null when skipped. */
  close: boolean | null;
  /** The widget's seed when the result was drawn, for widgets that sample. */
  seed?: number;
  /** When the guess (or skip) was committed, ms since 1970. */
  at: number;
}

/** The keys a page keeps predictions under: the widget's id in the lesson. */
export type PredictionRecords = Record<string, PredictionRecord>;

/** What a widget folder's predict.ts exports as `predict`: the quantities a lesson may ask about, and their values. */
export interface WidgetPredictions<P> {
  quantities: Record<string, QuantityDoc>;
  /** What the widget would measure at `params`, computed by the core: the lesson build checks predictions with it. */
  measure(core: import('../core/types.js').Core, params: P): Measured;
}
