// Which variant of a question a graded context shows, under its policy. Until parameterised questions exist every
// question is a single variant (index 0, key ''): the lesson's own numbers.
import type { VariantChoice } from './graded-policy.js';
import { learnerVariantIndex } from './learner-variant.js';
import type { Grade, Question } from './types.js';

export interface ShownVariant {
  index: number;
  /** The parameters' values, e.g. { dk: 384 }; empty for a question without parameters. */
  params: Record<string, number | string>;
  /** e.g. 'dk=384'; '' for a question without parameters. */
  key: string;
  /** The question as this variant asks and grades it. */
  question: Question;
}

/** One counted attempt as an LMS records it (SCORM interactions). */
export interface AnsweredAttempt {
  question: Question;
  variant: { index: number; key: string; params: Record<string, number | string> };
  /** What the learner typed, or the chosen option ids joined by ','. */
  answerText: string;
  grade: Grade;
  /** From the question's showing (or the learner's previous attempt) to this one. */
  latencyMs: number;
  at: Date;
}

/** How many variants a question has (1 for a question without parameters). */
export function variantCountOf(question: Question): number {
  if (question === null || typeof question !== 'object')
    throw new TypeError('variantCountOf: question must be a Question');
  return 1;
}

/** Variant `index` of the question, as shown and graded. */
export function variantOf(question: Question, index: number): ShownVariant {
  const count = variantCountOf(question);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count)
    throw new RangeError(`variantOf: index must be a whole number from 0 to ${count - 1}, got ${String(index)}`);
  return { index, params: {}, key: '', question };
}

/**
 * The variant a learner sees: the lesson's own (fixed), the one their id or seed picks (learner), or number n for
 * everyone (taken modulo the question's count, so one number works for every question of an exam).
 */
export function chooseVariant(question: Question, choice: VariantChoice, learner?: string): ShownVariant {
  const count = variantCountOf(question);
  if (choice === null || typeof choice !== 'object')
    throw new TypeError('chooseVariant: choice must be a VariantChoice');
  if (choice.kind === 'fixed') return variantOf(question, 0);
  if (choice.kind === 'number') return variantOf(question, choice.index % count);
  if (typeof learner !== 'string' || learner === '')
    throw new TypeError('chooseVariant: a learner id or seed is needed for variant=learner');
  return variantOf(question, learnerVariantIndex(learner, question.id, count));
}
