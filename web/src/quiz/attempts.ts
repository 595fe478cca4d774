// A learner's progress through the questions: plain JSON data, so the UI can keep it in localStorage.
import type { Grade, GradeStatus } from './types.js';

export interface QuestionProgress {
  /** Counted attempts only: unreadable answers do not count. */
  attempts: number;
  /** Whether the latest counted attempt was correct (a wrong retry takes it back). */
  correct: boolean;
  /** Status of the latest answer, counted or not. */
  lastStatus: GradeStatus;
  lastAnswer: string;
  /** Multi-select only: the partial credit (0 < credit < 1) of the latest counted attempt when it was wrong. */
  credit?: number;
  /** Questions with params: the variant on screen (an entry without it is on the lesson's own, seed 0). */
  variant?: { key: string; seed: number };
  /** Questions with params: counted attempts per variant key; `correct` above is true when any of these is. */
  variants?: Record<string, VariantProgress>;
  /** Questions with params: the latest counted answers, oldest first, at most `maxLoggedAnswers`. */
  log?: LoggedAnswer[];
}

export interface VariantProgress {
  attempts: number;
  /** Whether the latest counted attempt at this variant was correct. */
  correct: boolean;
  /** The worked solution of these numbers has been shown (once seen, it stays seen). */
  solutionShown?: true;
  /** The latest counted attempt came after the worked solution was shown: right or not, it earns no points. */
  afterSolution?: true;
}

export interface LoggedAnswer {
  key: string;
  seed: number;
  answer: string;
  correct: boolean;
  /** ms since 1970 */
  at: number;
  /** Given after the worked solution of these numbers was shown (absent otherwise). */
  afterSolution?: true;
}

/** How many answers an entry's log keeps: enough for a record, small enough for localStorage. */
export const maxLoggedAnswers = 50;

export type QuizProgress = Record<string, QuestionProgress>;

const statuses: readonly GradeStatus[] = ['correct', 'incorrect', 'unreadable'];
const progressFields = ['attempts', 'correct', 'lastStatus', 'lastAnswer'];
const variantFields = ['variant', 'variants', 'log', 'credit'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

// Own entries only: a question id such as 'constructor' must not find Object.prototype's.
const entryOf = (progress: QuizProgress, id: string): QuestionProgress | undefined =>
  Object.hasOwn(progress, id) ? progress[id] : undefined;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isSeed = (value: unknown): boolean => isCount(value) && (value as number) <= 0xffffffff;

// Optional flags are present only when true, so entries saved before them read as they were.
const flagsFit = (value: Record<string, unknown>, flags: readonly string[], fields: number): boolean =>
  flags.every((flag) => value[flag] === undefined || value[flag] === true) &&
  Object.keys(value).length === fields + flags.filter((flag) => value[flag] === true).length;

function isVariantProgress(value: unknown): value is VariantProgress {
  if (!isPlainObject(value) || !flagsFit(value, ['solutionShown', 'afterSolution'], 2)) return false;
  // An answer after the solution needs the solution shown first.
  if (value.afterSolution && !value.solutionShown) return false;
  return isCount(value.attempts) && typeof value.correct === 'boolean' && (!value.correct || value.attempts > 0);
}

function isLoggedAnswer(value: unknown): value is LoggedAnswer {
  if (!isPlainObject(value) || !flagsFit(value, ['afterSolution'], 5)) return false;
  const { key, seed, answer, correct, at } = value;
  return (
    typeof key === 'string' &&
    isSeed(seed) &&
    typeof answer === 'string' &&
    typeof correct === 'boolean' &&
    typeof at === 'number' &&
    Number.isFinite(at) &&
    at >= 0
  );
}

// The variant fields, when present: well formed, and `correct` is exactly "some variant is correct".
function variantsAgree(value: Record<string, unknown>): boolean {
  const { variant, variants, log } = value;
  if (variant !== undefined) {
    if (!isPlainObject(variant) || Object.keys(variant).length !== 2) return false;
    if (typeof variant.key !== 'string' || !isSeed(variant.seed)) return false;
  }
  if (log !== undefined && !(Array.isArray(log) && log.length <= maxLoggedAnswers && log.every(isLoggedAnswer))) {
    return false;
  }
  if (variants === undefined) return true;
  if (!isPlainObject(variants)) return false;
  const entries = Object.values(variants);
  if (!entries.every(isVariantProgress)) return false;
  return value.correct === entries.some((entry) => (entry as VariantProgress).correct);
}

function isQuestionProgress(value: unknown): value is QuestionProgress {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const optional = keys.filter((key) => variantFields.includes(key)).length;
  if (keys.length !== progressFields.length + optional || !progressFields.every((key) => keys.includes(key))) {
    return false;
  }
  const { attempts, correct, lastStatus, lastAnswer, credit } = value;
  // Partial credit belongs to a wrong answer only, strictly between none and full.
  if (credit !== undefined && (typeof credit !== 'number' || !(credit > 0 && credit < 1) || correct)) return false;
  if (!Number.isSafeInteger(attempts) || (attempts as number) < 0) return false;
  if (typeof correct !== 'boolean' || typeof lastAnswer !== 'string') return false;
  if (!statuses.includes(lastStatus as GradeStatus)) return false;
  if (!variantsAgree(value)) return false;
  // The fields must tell one story: a correct flag needs an attempt, and the latest counted status sets it.
  if (correct && attempts === 0) return false;
  if (lastStatus === 'correct' && !correct) return false;
  // With variants, a wrong answer to a new variant keeps the credit an earlier variant earned.
  if (lastStatus === 'incorrect' && correct && value.variants === undefined) return false;
  return lastStatus === 'unreadable' || (attempts as number) > 0;
}

/** Strict check of data read back from storage: any missing, extra, mistyped or inconsistent field rejects it. */
export function isQuizProgress(value: unknown): value is QuizProgress {
  return isPlainObject(value) && Object.values(value).every(isQuestionProgress);
}

/** Reads saved progress entry by entry: every valid entry is kept, only the bad ones are set aside. */
export function splitQuizProgress(value: unknown): { kept: QuizProgress; setAside: Record<string, unknown> } {
  if (!isPlainObject(value)) {
    throw new TypeError('splitQuizProgress: value must be a plain object of entries by question id');
  }
  const kept: QuizProgress = {};
  const setAside: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(value)) {
    // defineProperty, so an id such as "__proto__" stays an ordinary entry.
    const into = isQuestionProgress(entry) ? kept : setAside;
    Object.defineProperty(into, id, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return { kept, setAside };
}

function requireProgress(fn: string, progress: unknown): asserts progress is QuizProgress {
  if (!isQuizProgress(progress))
    throw new TypeError(`${fn}: progress must be a QuizProgress (check it with isQuizProgress)`);
}

/** A new progress with the grade recorded; the given progress is left as it was. */
export function recordGrade(progress: QuizProgress, id: string, answerText: string, grade: Grade): QuizProgress {
  requireProgress('recordGrade', progress);
  if (typeof id !== 'string' || id === '')
    throw new TypeError(`recordGrade: id must be a non-empty string, got ${JSON.stringify(id)}`);
  if (typeof answerText !== 'string')
    throw new TypeError(`recordGrade: answerText must be a string, got ${typeof answerText}`);
  if (typeof grade !== 'object' || grade === null || !statuses.includes(grade.status)) {
    throw new TypeError(`recordGrade: grade must be a Grade with status ${statuses.join(', ')}`);
  }
  const before = entryOf(progress, id) ?? { attempts: 0, correct: false, lastStatus: grade.status, lastAnswer: '' };
  const counted = grade.status !== 'unreadable';
  const after: QuestionProgress = {
    attempts: before.attempts + (counted ? 1 : 0),
    correct: counted ? grade.status === 'correct' : before.correct,
    lastStatus: grade.status,
    lastAnswer: answerText,
  };
  const credit = counted ? grade.credit : before.credit;
  if (!after.correct && credit !== undefined && credit > 0 && credit < 1) after.credit = credit;
  return { ...progress, [id]: after };
}

/** Questions whose latest counted attempt was wrong: what "retry the wrong ones" repeats. */
export function wrongQuestionIds(progress: QuizProgress): string[] {
  requireProgress('wrongQuestionIds', progress);
  return Object.entries(progress)
    .filter(([, entry]) => entry.attempts > 0 && !entry.correct)
    .map(([id]) => id);
}

// A right answer earns its point only when given before the worked solution of its numbers was shown.
const earnsPoint = (entry: QuestionProgress): boolean =>
  entry.correct &&
  (entry.variants === undefined || Object.values(entry.variants).some((v) => v.correct && !v.afterSolution));

/**
 * Over the given questions (duplicates counted once): how many were attempted, how many are correct now, the points
 * (a right answer 1, a wrong multi-select its partial credit, an answer given after the worked solution was shown 0),
 * which graded scores use, and how many questions are right only by an answer given after their solution.
 */
export function scoreOf(
  progress: QuizProgress,
  questionIds: string[],
): { answered: number; correct: number; total: number; points: number; afterSolution: number } {
  requireProgress('scoreOf', progress);
  if (!Array.isArray(questionIds) || !questionIds.every((id) => typeof id === 'string')) {
    throw new TypeError('scoreOf: questionIds must be an Array of strings');
  }
  const ids = [...new Set(questionIds)];
  const entries = ids.map((id) => entryOf(progress, id));
  return {
    answered: entries.filter((entry) => entry !== undefined && entry.attempts > 0).length,
    correct: entries.filter((entry) => entry?.correct === true).length,
    total: ids.length,
    points: entries.reduce(
      (sum, entry) => sum + (entry === undefined ? 0 : earnsPoint(entry) ? 1 : entry.correct ? 0 : (entry.credit ?? 0)),
      0,
    ),
    afterSolution: entries.filter((entry) => entry?.correct === true && !earnsPoint(entry)).length,
  };
}
