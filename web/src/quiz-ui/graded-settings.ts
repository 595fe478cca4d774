// A graded context's settings for its question views: the policy, and who the learner is (for variant=learner).
import { gradedVariant, type GradedPolicy, type Question } from '../quiz/index.js';
import type { QuestionViewOptions } from './question-view.js';

export interface GradedSettings {
  policy: GradedPolicy;
  /** The LMS's learner id, or a seed kept in this browser; needed only for variant=learner. */
  learner?: string;
}

/** What a QuestionView takes from the settings: the policy, and the variant it pins (none without settings). */
export function gradedOptions(
  question: Question,
  graded: GradedSettings | undefined,
): Pick<QuestionViewOptions, 'policy' | 'fixedVariant'> {
  if (!graded) return {};
  const fixed = gradedVariant(question, graded.policy.variant, graded.learner);
  return { policy: graded.policy, fixedVariant: fixed && { index: fixed.index, seed: fixed.seed } };
}
