// Which variant of a question a graded context pins, under its policy, drawn with the variant model (variants.ts):
// the lesson's own numbers, the learner's own (seeded by their LMS id or a seed kept in the browser), or seed n's.
import type { VariantPolicy } from './graded-policy.js';
import type { Grade, Question } from './types.js';
import { lessonSeed, seedFromText, variantForSeed, type Variant } from './variants.js';

/** A variant and the seed that drew it (0: the lesson's own numbers). */
export interface GradedVariant extends Variant {
  seed: number;
}

/** One counted attempt as an LMS records it (SCORM interactions). */
export interface AnsweredAttempt {
  /** The question as the learner saw and was graded on it (the variant's). */
  question: Question;
  variant: { index: number; key: string; params: Readonly<Record<string, number>> };
  /** What the learner typed, or the chosen option ids joined by ','. */
  answerText: string;
  grade: Grade;
  /** From the question's showing (or the learner's previous attempt) to this one. */
  latencyMs: number;
  at: Date;
  /** Given after the worked solution of these numbers was shown: right or not, it earns no points. */
  afterSolution: boolean;
}

/**
 * The variant the policy pins for this learner, or undefined when it pins none ('practice': the lesson page's way).
 * 'learner' needs the learner's LMS id or browser seed; 'seed' n gives everyone the variant seed n draws.
 */
export function gradedVariant(question: Question, policy: VariantPolicy, learner?: string): GradedVariant | undefined {
  if (policy === null || typeof policy !== 'object')
    throw new TypeError('gradedVariant: policy must be a VariantPolicy');
  if (policy.kind === 'practice') return undefined;
  let seed: number;
  if (policy.kind === 'fixed') seed = lessonSeed;
  else if (policy.kind === 'seed') seed = policy.seed;
  else if (typeof learner === 'string' && learner !== '') seed = seedFromText(learner);
  else throw new TypeError('gradedVariant: a learner id or seed is needed for variant=learner');
  return { ...variantForSeed(question, seed), seed };
}
