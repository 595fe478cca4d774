// "Download my results": the learner's answers as a small JSON or CSV record, built in the page from saved progress,
// for a course without a server to collect them. The format is documented in docs/results-record.md.
import type { PredictionRecord } from '../predict/types.js';
import { scoreOf, type QuestionProgress, type QuizProgress, type VariantProgress } from './attempts.js';
import type { Question } from './types.js';
import { currentVariant } from './variant-progress.js';
import { variantAt, variantCount, variantIndexOfKey } from './variants.js';

export const resultsFormat = 'attention-lab-results';
export const resultsVersion = 3;

export interface RecordedAnswer {
  variant: string;
  params: Record<string, number>;
  seed: number;
  /** 1 for the first counted answer to the question, across variants. */
  attempt: number;
  response: string;
  result: 'correct' | 'wrong';
  /** Given after the worked solution of these numbers was shown: right or not, it earned no points. */
  afterSolution: boolean;
  /** ISO 8601, or null for answers saved before answers were timed. */
  at: string | null;
}

export interface RecordedQuestion {
  id: string;
  variants: number;
  current: { variant: string; params: Record<string, number>; seed: number };
  attempts: number;
  correct: boolean;
  byVariant: {
    variant: string;
    params: Record<string, number>;
    attempts: number;
    correct: boolean;
    /** Whether the worked solution of these numbers was shown. */
    solutionShown: boolean;
  }[];
  answers: RecordedAnswer[];
}

/** A predict-first moment: the learner's guess at what a widget would show, before it did. Never scored. */
export interface RecordedPrediction {
  /** The widget's id in the lesson. */
  widget: string;
  kind: 'marker' | 'choice';
  status: 'guessed' | 'skipped' | 'unanswered';
  /** The number guessed or the option id picked; null when skipped or unanswered. */
  guess: number | string | null;
  /** What the widget showed: the number measured, or the id of the option it made true; null when not shown. */
  result: number | string | null;
  /** Whether the guess agreed with the result; null when there is no guess or no result. */
  close: boolean | null;
  seed: number | null;
  /** When the guess (or the skip) was committed, ISO 8601; null when unanswered. */
  at: string | null;
}

/** What resultsRecord needs of each prediction the lesson asks, in lesson order. */
export interface AskedPrediction {
  widget: string;
  kind: 'marker' | 'choice';
  record?: PredictionRecord;
}

export interface ResultsRecord {
  format: typeof resultsFormat;
  version: typeof resultsVersion;
  lesson: string;
  exportedAt: string;
  score: { answered: number; correct: number; total: number };
  questions: RecordedQuestion[];
  predictions: RecordedPrediction[];
}

function recordPrediction({ widget, kind, record }: AskedPrediction): RecordedPrediction {
  if (!record)
    return { widget, kind, status: 'unanswered', guess: null, result: null, close: null, seed: null, at: null };
  const { guess, result } = record;
  return {
    widget,
    kind,
    status: guess === null ? 'skipped' : 'guessed',
    guess,
    result,
    close: guess === null || result === null ? null : record.close,
    seed: record.seed ?? null,
    at: new Date(record.at).toISOString(),
  };
}

const paramsOf = (question: Question, key: string): Record<string, number> => {
  const index = variantIndexOfKey(question, key);
  return index >= 0 ? { ...variantAt(question, index).params } : {};
};

function recordQuestion(question: Question, entry: QuestionProgress | undefined): RecordedQuestion {
  const lessonKey = variantAt(question, 0).key;
  const current = currentVariant(entry, lessonKey);
  const variants: Record<string, VariantProgress> =
    entry?.variants ?? (entry && entry.attempts > 0 ? { [lessonKey]: entry } : {});
  const byVariant = Object.entries(variants).map(([key, v]) => ({
    variant: key,
    params: paramsOf(question, key),
    attempts: v.attempts,
    correct: v.correct,
    solutionShown: v.solutionShown === true,
  }));
  const logged = entry?.log ?? [];
  // The log keeps the latest answers only: number them back from the total.
  const first = (entry?.attempts ?? 0) - logged.length + 1;
  const answers: RecordedAnswer[] = logged.map((answer, i) => ({
    variant: answer.key,
    params: paramsOf(question, answer.key),
    seed: answer.seed,
    attempt: first + i,
    response: answer.answer,
    result: answer.correct ? 'correct' : 'wrong',
    afterSolution: answer.afterSolution === true,
    at: new Date(answer.at).toISOString(),
  }));
  // Progress saved before answers were logged still has its latest answer, given at the variant it is on.
  if (entry && entry.attempts > 0 && logged.length === 0) {
    answers.push({
      variant: current.key,
      params: paramsOf(question, current.key),
      seed: current.seed,
      attempt: entry.attempts,
      response: entry.lastAnswer,
      result: entry.correct ? 'correct' : 'wrong',
      afterSolution: false,
      at: null,
    });
  }
  return {
    id: question.id,
    variants: variantCount(question),
    current: { variant: current.key, params: paramsOf(question, current.key), seed: current.seed },
    attempts: entry?.attempts ?? 0,
    correct: entry?.correct ?? false,
    byVariant,
    answers,
  };
}

/** The record of every question of the lesson, answered or not, in lesson order. */
export function resultsRecord(
  lesson: string,
  questions: readonly Question[],
  progress: QuizProgress,
  now: Date,
  predictions: readonly AskedPrediction[] = [],
) {
  if (typeof lesson !== 'string' || lesson === '') throw new TypeError('resultsRecord: lesson must be a slug');
  if (!Array.isArray(questions)) throw new TypeError('resultsRecord: questions must be an Array of questions');
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError('resultsRecord: now must be a Date');
  if (!Array.isArray(predictions)) throw new TypeError('resultsRecord: predictions must be an Array');
  const entry = (id: string) => (Object.hasOwn(progress, id) ? progress[id] : undefined);
  const record: ResultsRecord = {
    format: resultsFormat,
    version: resultsVersion,
    lesson,
    exportedAt: now.toISOString(),
    // The documented shape, as the page shows it: partial-credit points stay with graded scores.
    score: (({ answered, correct, total }) => ({ answered, correct, total }))(
      scoreOf(
        progress,
        questions.map((q) => q.id),
      ),
    ),
    questions: questions.map((question) => recordQuestion(question, entry(question.id))),
    predictions: predictions.map(recordPrediction),
  };
  return record;
}

export const csvColumns = [
  'lesson',
  'question',
  'variant',
  'seed',
  'attempt',
  'response',
  'result',
  'time',
  'after_solution',
  'kind',
  'figure',
] as const;

// A spreadsheet reads a cell starting with one of these as a formula (OWASP's CSV injection list, and their
// full-width forms, which some locales' spreadsheets accept); some also when spaces or quotes come first.
const formulaStart = /^[\s"']*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/**
 * A text cell as a spreadsheet should show it: one that could start a formula gets a leading ' (shown, never run);
 * a cell holding a comma, quote or line break is quoted. Numbers the record itself writes (seed, attempt: whole and
 * never negative, so never a formula) stay plain numbers. To read a value back, drop the leading ' of a cell whose
 * rest starts a formula.
 */
export function csvCell(value: string | number | null): string {
  // Any other number goes through the text rule, so a negative one can never start a formula.
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  let text = value === null ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

// A prediction's verdict in one word: the guess was close to what the widget showed, or off; or it was skipped.
const predictionResult = (p: RecordedPrediction) =>
  p.status !== 'guessed' ? p.status : p.close === null ? 'guessed' : p.close ? 'close' : 'off';

/**
 * One row per recorded answer; a question never answered has one row with result "unanswered". Then one row per
 * prediction made (kind "prediction"): the guess as the response, close/off/skipped as the result, and what the
 * widget showed under figure.
 */
export function resultsCsv(record: ResultsRecord): string {
  const rows: (string | number | null)[][] = [[...csvColumns]];
  for (const q of record.questions) {
    if (q.answers.length === 0) {
      const row = [record.lesson, q.id, q.current.variant, q.current.seed, null, null, 'unanswered', null, null];
      rows.push([...row, 'question', null]);
    }
    for (const a of q.answers) {
      const row = [record.lesson, q.id, a.variant, a.seed, a.attempt, a.response, a.result, a.at];
      rows.push([...row, yesNo(a.afterSolution), 'question', null]);
    }
  }
  // A prediction never made is not a row: it was not an attempt (the JSON lists it as unanswered).
  for (const p of (record.predictions ?? []).filter((p) => p.status !== 'unanswered')) {
    const row = [record.lesson, p.widget, null, p.seed, 1, p.guess, predictionResult(p), p.at, null];
    rows.push([...row, 'prediction', p.result]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
