// Progress on questions with variants: which variant is on screen, attempts per variant, and a short log of answers
// for the learner's downloadable record. A question counts as right once any variant's latest answer is right.
import {
  isQuizProgress,
  maxLoggedAnswers,
  type QuestionProgress,
  type QuizProgress,
  type VariantProgress,
} from './attempts.js';
import type { Grade } from './types.js';

export interface VariantChoice {
  key: string;
  seed: number;
}

// defineProperty, so a question id such as "__proto__" stays an ordinary entry.
const withEntry = (progress: QuizProgress, id: string, entry: QuestionProgress): QuizProgress =>
  Object.defineProperty({ ...progress }, id, { value: entry, enumerable: true, writable: true, configurable: true });

function requireArguments(fn: string, progress: unknown, id: unknown, choice: unknown): void {
  if (!isQuizProgress(progress)) throw new TypeError(`${fn}: progress must be a QuizProgress`);
  if (typeof id !== 'string' || id === '') throw new TypeError(`${fn}: id must be a non-empty string`);
  const { key, seed } = (choice ?? {}) as Partial<VariantChoice>;
  if (typeof key !== 'string' || !Number.isSafeInteger(seed) || (seed as number) < 0) {
    throw new TypeError(`${fn}: variant must be { key: string, seed: integer ≥ 0 }`);
  }
}

const entryOf = (progress: QuizProgress, id: string) => (Object.hasOwn(progress, id) ? progress[id] : undefined);

/** The variant an entry is on: saved progress from before variants existed is on the lesson's own (seed 0). */
export function currentVariant(entry: QuestionProgress | undefined, lessonKey: string): VariantChoice {
  return entry?.variant ?? { key: lessonKey, seed: 0 };
}

// An entry from before variants: its attempts were at the lesson's own variant.
function variantsOf(entry: QuestionProgress | undefined, lessonKey: string): Record<string, VariantProgress> {
  if (entry?.variants) return entry.variants;
  if (!entry || entry.attempts === 0) return {};
  return { [lessonKey]: { attempts: entry.attempts, correct: entry.correct } };
}

/** A new progress with a counted or unreadable answer to `variant` recorded; `lessonKey` names variant 0. */
export function recordVariantGrade(
  progress: QuizProgress,
  id: string,
  answerText: string,
  grade: Grade,
  variant: VariantChoice,
  lessonKey: string,
  at: number,
): QuizProgress {
  requireArguments('recordVariantGrade', progress, id, variant);
  if (typeof answerText !== 'string') throw new TypeError('recordVariantGrade: answerText must be a string');
  if (typeof lessonKey !== 'string') throw new TypeError('recordVariantGrade: lessonKey must be a string');
  if (!Number.isFinite(at) || at < 0) throw new RangeError(`recordVariantGrade: at must be a time ≥ 0, got ${at}`);
  const before = entryOf(progress, id);
  const counted = grade?.status === 'correct' || grade?.status === 'incorrect';
  if (!counted && grade?.status !== 'unreadable') {
    throw new TypeError('recordVariantGrade: grade must be a Grade with status correct, incorrect or unreadable');
  }
  const variants = { ...variantsOf(before, lessonKey) };
  const log = [...(before?.log ?? [])];
  const was = variants[variant.key] ?? { attempts: 0, correct: false };
  // Once the worked solution of these numbers was shown, every later answer to them is marked: it earns no points.
  const afterSolution = counted && was.solutionShown === true;
  if (counted) {
    const correct = grade.status === 'correct';
    const flags = afterSolution ? ({ solutionShown: true, afterSolution: true } as const) : {};
    variants[variant.key] = { attempts: was.attempts + 1, correct, ...flags };
    const logged = { key: variant.key, seed: variant.seed, answer: answerText, correct, at };
    log.push(afterSolution ? { ...logged, afterSolution: true } : logged);
  }
  const entry: QuestionProgress = {
    attempts: (before?.attempts ?? 0) + (counted ? 1 : 0),
    correct: Object.values(variants).some((v) => v.correct),
    lastStatus: grade.status,
    lastAnswer: answerText,
    variant: { key: variant.key, seed: variant.seed },
    variants,
    log: log.slice(-maxLoggedAnswers),
  };
  // Partial credit (multi-select) of the latest counted answer while no variant is right; see partial-credit.ts.
  // An answer after the solution earns none.
  const credit = counted ? (afterSolution ? undefined : grade.credit) : before?.credit;
  if (!entry.correct && credit !== undefined && credit > 0 && credit < 1) entry.credit = credit;
  return withEntry(progress, id, entry);
}

/** "Another like this": the question moves to `variant`; the answer box starts empty, earlier credit stays. */
export function chooseVariant(
  progress: QuizProgress,
  id: string,
  variant: VariantChoice,
  lessonKey: string,
): QuizProgress {
  requireArguments('chooseVariant', progress, id, variant);
  const before = entryOf(progress, id);
  const variants = variantsOf(before, lessonKey);
  const entry: QuestionProgress = {
    attempts: before?.attempts ?? 0,
    correct: Object.values(variants).some((v) => v.correct),
    // The new variant is unanswered: nothing to show as the latest answer.
    lastStatus: 'unreadable',
    lastAnswer: '',
    variant: { key: variant.key, seed: variant.seed },
    variants,
    log: before?.log ?? [],
  };
  if (!entry.correct && before?.credit !== undefined) entry.credit = before.credit; // earlier credit stays too
  return withEntry(progress, id, entry);
}

/**
 * The worked solution of `variant` is on screen: from now on an answer to these numbers earns no points. The entry is
 * created if the question was never answered; progress comes back unchanged when the mark is already there.
 */
export function markSolutionShown(
  progress: QuizProgress,
  id: string,
  variant: VariantChoice,
  lessonKey: string,
): QuizProgress {
  requireArguments('markSolutionShown', progress, id, variant);
  if (typeof lessonKey !== 'string') throw new TypeError('markSolutionShown: lessonKey must be a string');
  const before = entryOf(progress, id);
  const was = variantsOf(before, lessonKey)[variant.key] ?? { attempts: 0, correct: false };
  if (was.solutionShown) return progress;
  const variants = { ...variantsOf(before, lessonKey), [variant.key]: { ...was, solutionShown: true as const } };
  const entry: QuestionProgress = {
    ...(before ?? { attempts: 0, correct: false, lastStatus: 'unreadable', lastAnswer: '' }),
    variant: before?.variant ?? { key: variant.key, seed: variant.seed },
    variants,
    log: before?.log ?? [],
  };
  return withEntry(progress, id, entry);
}

/** Whether the worked solution of this variant has been shown, and whether its latest answer came after it. */
export function solutionState(
  entry: QuestionProgress | undefined,
  key: string,
  lessonKey: string,
): { shown: boolean; afterSolution: boolean } {
  const v = variantsOf(entry, lessonKey)[key];
  return { shown: v?.solutionShown === true, afterSolution: v?.afterSolution === true };
}

/** Counted attempts and whether the latest was right, at one variant. */
export function variantProgress(entry: QuestionProgress | undefined, key: string, lessonKey: string): VariantProgress {
  return variantsOf(entry, lessonKey)[key] ?? { attempts: 0, correct: false };
}
