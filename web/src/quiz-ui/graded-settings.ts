// A graded context's settings for its question views: the policy, and who the learner is (for variant=learner).
import { gradedVariant, type GradedPolicy, type Question } from '../quiz/index.js';
import type { QuestionViewOptions } from './question-view.js';
import type { RemoteGrader } from './remote-grader.js';

export interface GradedSettings {
  policy: GradedPolicy;
  /** The LMS's learner id, or a seed kept in this browser; needed only for variant=learner. */
  learner?: string;
  /** Under the LTI tool in a graded launch: the server's policy, variants and grading replace the page's. */
  server?: RemoteGrader;
}

/** What a QuestionView takes from the settings: the policy, and the variant it pins (none without settings). */
export function gradedOptions(
  question: Question,
  graded: GradedSettings | undefined,
): Pick<QuestionViewOptions, 'policy' | 'fixedVariant' | 'grader'> {
  if (!graded) return {};
  if (graded.server) {
    const asked = graded.server.question(question.id);
    const fixedVariant = asked ? { index: asked.variant.index, seed: asked.variant.seed } : { index: 0, seed: 0 };
    return { policy: graded.server.policy, fixedVariant, grader: graded.server };
  }
  const fixed = gradedVariant(question, graded.policy.variant, graded.learner);
  return { policy: graded.policy, fixedVariant: fixed && { index: fixed.index, seed: fixed.seed } };
}
