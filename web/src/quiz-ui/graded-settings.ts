// A graded context's settings for its question views: the policy, and who the learner is (for variant=learner).
import { chooseVariant, type GradedPolicy, type Question, type ShownVariant } from '../quiz/index.js';

export interface GradedSettings {
  policy: GradedPolicy;
  /** The LMS's learner id, or a seed kept in this browser; needed only for variant=learner. */
  learner?: string;
}

/** The variant to show and the options a QuestionView takes for it; the lesson's own question without settings. */
export function gradedView(
  question: Question,
  graded: GradedSettings | undefined,
): { question: Question; policy?: GradedPolicy; variant?: Omit<ShownVariant, 'question'> } {
  if (!graded) return { question };
  const { question: shown, ...variant } = chooseVariant(question, graded.policy.variant, graded.learner);
  return { question: shown, policy: graded.policy, variant };
}
