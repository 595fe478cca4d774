// Grades what the learner typed or picked with the quiz engine, at their variant, and records it in their progress as
// the page does: the worked solution marked seen when it shows, an answer after it earning no points.
import {
  anticipatedMatch,
  gradeChoice,
  gradeNumeric,
  markSolutionShown,
  recordVariantGrade,
  solutionState,
  variantAt,
  verdictText,
} from 'attention-lab/quiz';
import type { Grade, GradedPolicy, Locale, Question, QuestionProgress, QuizProgress } from 'attention-lab/quiz';
import { Refusal } from './refusal.js';
import { gradedQuestion, questionState, type PinnedVariant } from './question-state.js';

// Longer than any expression the engine reads (200 characters): kept out of the database, refused by name.
const maxTyped = 1000;

/** What the learner sent: typed text for a numeric question, option ids for a choice. */
export function answerOf(question: Question, body: Record<string, unknown>): { typed: string; choices?: string[] } {
  if (question.kind === 'numeric') {
    const answer = body.answer;
    if (typeof answer !== 'string')
      throw new Refusal(400, 'Send the answer as text in the field “answer”, e.g. { "answer": "sqrt(2)" }.');
    if (answer.length > maxTyped)
      throw new Refusal(413, `The answer is ${answer.length} characters long; at most ${maxTyped} are read.`);
    return { typed: answer };
  }
  const choices = body.choices;
  if (!Array.isArray(choices) || !choices.every((id) => typeof id === 'string'))
    throw new Refusal(400, 'Send the chosen options as a list of their ids in “choices”, e.g. { "choices": ["a"] }.');
  const known = question.options.map((option) => option.id);
  const unknown = choices.find((id) => !known.includes(id));
  if (unknown !== undefined)
    throw new Refusal(
      400,
      `This question has no option “${unknown.slice(0, 40)}”; its options are ${known.join(', ')}.`,
    );
  return { typed: choices.join(','), choices };
}

export interface GradedAnswer {
  grade: Grade;
  typed: string;
  progress: QuestionProgress;
  afterSolution: boolean;
  points: number;
  /** The anticipated mistake it matched (its value), or the wrong options picked. */
  mistake: string | undefined;
  message: string;
}

// defineProperty, so a question id such as "__proto__" stays an ordinary entry.
const progressWith = (id: string, entry: QuestionProgress | undefined): QuizProgress =>
  entry === undefined ? {} : Object.defineProperty({}, id, { value: entry, enumerable: true });

function mistakeOf(asked: Question, grade: Grade, choices: string[] | undefined): string | undefined {
  if (grade.status !== 'incorrect') return undefined;
  if (asked.kind === 'numeric')
    return grade.value === undefined ? undefined : anticipatedMatch(asked, grade.value)?.value.toString();
  // A wrong single choice is its one pick; a wrong multi-select, the picks that are not correct.
  return asked.kind === 'choice' ? choices?.[0] : grade.wrongChoices?.join(',');
}

/** Grades the answer at the pinned variant and returns the question's progress after it; its words in `locale`. */
export function gradeAnswer(
  question: Question,
  pinned: PinnedVariant,
  policy: GradedPolicy,
  entry: QuestionProgress | undefined,
  body: Record<string, unknown>,
  at: number,
  locale?: Locale,
): GradedAnswer {
  const asked = gradedQuestion(question, pinned);
  const { typed, choices } = answerOf(asked, body);
  const grade =
    asked.kind === 'numeric' ? gradeNumeric(asked, typed, locale) : gradeChoice(asked, choices ?? [], locale);
  const key = variantAt(question, pinned.index).key;
  const lessonKey = variantAt(question, 0).key;
  const choice = { key, seed: pinned.seed };
  let progress = recordVariantGrade(progressWith(question.id, entry), question.id, typed, grade, choice, lessonKey, at);
  const recorded = progress[question.id] as QuestionProgress;
  // The page marks the solution seen in the same write whenever the answer brings it on screen.
  if (grade.counted && questionState(question, pinned, policy, recorded).solution === 'shown')
    progress = markSolutionShown(progress, question.id, choice, lessonKey);
  const after = progress[question.id] as QuestionProgress;
  const afterSolution = grade.counted && solutionState(after, key, lessonKey).afterSolution;
  const points = !grade.counted || afterSolution ? 0 : grade.status === 'correct' ? 1 : (grade.credit ?? 0);
  return {
    grade,
    typed,
    progress: after,
    afterSolution,
    points,
    mistake: mistakeOf(asked, grade, choices),
    message: verdictText(grade, afterSolution, locale),
  };
}

/** The grade as the page receives it: no explanation (released separately) and no parsed value. */
export function publicGrade(grade: Grade): Omit<Grade, 'explanation' | 'value'> {
  const { explanation: _explanation, value: _value, ...shown } = grade;
  return shown;
}
