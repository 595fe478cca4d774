// Which variant of a question a graded context shows, under its policy, drawn with the variant model (variants.ts):
// the lesson's own numbers, the learner's own (seeded by their LMS id or a seed kept in the browser), or one for all.
import type { VariantChoice } from './graded-policy.js';
import type { Grade, Question } from './types.js';
import { questionOfVariant, seedFromText, variantAt, variantCount, variantForSeed, type Variant } from './variants.js';

export interface ShownVariant {
  index: number;
  /** The parameters' values, e.g. { dk: 384 }; empty for a question without parameters. */
  params: Readonly<Record<string, number>>;
  /** e.g. 'dk=384'; '' for a question without parameters. */
  key: string;
  /** The question as this variant asks and grades it. */
  question: Question;
}

/** One counted attempt as an LMS records it (SCORM interactions). */
export interface AnsweredAttempt {
  question: Question;
  variant: { index: number; key: string; params: Readonly<Record<string, number | string>> };
  /** What the learner typed, or the chosen option ids joined by ','. */
  answerText: string;
  grade: Grade;
  /** From the question's showing (or the learner's previous attempt) to this one. */
  latencyMs: number;
  at: Date;
}

const shown = (question: Question, variant: Variant): ShownVariant => ({
  ...variant,
  question: questionOfVariant(question, variant.index),
});

/**
 * The variant a learner sees: the lesson's own (fixed), the one their id or seed picks (learner), or number n for
 * everyone (taken modulo the question's count, so one number works for every question of an exam).
 */
export function chooseVariant(question: Question, choice: VariantChoice, learner?: string): ShownVariant {
  if (choice === null || typeof choice !== 'object')
    throw new TypeError('chooseVariant: choice must be a VariantChoice');
  if (choice.kind === 'fixed') return shown(question, variantAt(question, 0));
  if (choice.kind === 'number') return shown(question, variantAt(question, choice.index % variantCount(question)));
  if (typeof learner !== 'string' || learner === '')
    throw new TypeError('chooseVariant: a learner id or seed is needed for variant=learner');
  return shown(question, variantForSeed(question, seedFromText(learner)));
}
