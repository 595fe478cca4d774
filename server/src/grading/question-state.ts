// Where a learner stands on one question under the placement's policy, by the page's own rules (question-view.ts):
// attempts used and left, locked or not, and whether the worked solution is hidden, offered or shown.
import {
  answerFreeQuestion,
  defaultLocale,
  hintGivesAway,
  isLocked,
  questionOfVariant,
  solutionAccess,
  solutionState,
  translate,
  variantAt,
  variantCount,
  variantProgress,
} from 'attention-lab/quiz';
import type {
  AnswerFreeQuestion,
  ChoiceOption,
  GradedPolicy,
  Locale,
  Question,
  QuestionProgress,
} from 'attention-lab/quiz';

/** The question's variant the learner was given, by index, and the seed that drew it. */
export interface PinnedVariant {
  index: number;
  seed: number;
}

export interface QuestionState {
  attemptsUsed: number;
  /** null when attempts are unlimited. */
  attemptsLeft: number | null;
  locked: boolean;
  solution: 'hidden' | 'offered' | 'shown';
}

/** What the server releases with the worked solution: its HTML and, for choice questions, every option's verdict. */
export interface ReleasedSolution {
  html: string;
  options?: ChoiceOption[];
}

/** The question as graded at the pinned variant; a hint that gives the answer away stays out of the feedback too. */
export function gradedQuestion(question: Question, pinned: PinnedVariant): Question {
  const asked = questionOfVariant(question, pinned.index);
  if (!hintGivesAway(asked)) return asked;
  const { hint: _hint, ...withoutHint } = asked;
  return withoutHint as Question;
}

export function questionState(
  question: Question,
  pinned: PinnedVariant,
  policy: GradedPolicy,
  entry: QuestionProgress | undefined,
): QuestionState {
  const key = variantAt(question, pinned.index).key;
  const lessonKey = variantAt(question, 0).key;
  const total = entry?.attempts ?? 0;
  const { attempts: atVariant, correct } = variantProgress(entry, key, lessonKey);
  const locked = isLocked(policy, total);
  const attempts = Number.isFinite(policy.attempts) ? total : atVariant;
  const seen = solutionState(entry, key, lessonKey).shown;
  return {
    attemptsUsed: total,
    attemptsLeft: Number.isFinite(policy.attempts) ? Math.max(0, policy.attempts - total) : null,
    locked,
    solution: solutionAccess(policy, { correct, attempts, locked, seen }),
  };
}

export function releasedSolution(question: Question, pinned: PinnedVariant): ReleasedSolution {
  const asked = questionOfVariant(question, pinned.index);
  if (asked.kind === 'numeric') return { html: asked.explanation };
  return { html: asked.explanation, options: asked.options.map((option) => ({ ...option })) };
}

/** The question as the learner sees it, at their variant: what the page may show before anything is released. */
export function learnerQuestion(question: Question, pinned: PinnedVariant): Omit<AnswerFreeQuestion, 'variants'> {
  const { variants: _variants, ...asked } = answerFreeQuestion(questionOfVariant(question, pinned.index));
  return asked;
}

/** The variant as the page names it: its place in the list, how many there are, its key, numbers and seed. */
export function variantLabel(question: Question, pinned: PinnedVariant) {
  const variant = variantAt(question, pinned.index);
  return {
    index: variant.index,
    count: variantCount(question),
    key: variant.key,
    params: variant.params,
    seed: pinned.seed,
  };
}

/** Why the worked solution is not released yet, in the policy's terms. */
export function solutionWithheld(policy: GradedPolicy, locale: Locale = defaultLocale): string {
  if (policy.explain === 'never') return translate(locale, 'tool.noSolutions');
  if (policy.explain === 'after-correct') return translate(locale, 'tool.solutionAfterCorrect');
  return Number.isFinite(policy.attempts)
    ? translate(locale, 'tool.solutionAfterAttempts', { attempts: policy.attempts })
    : translate(locale, 'tool.solutionAfterTwoWrong');
}
