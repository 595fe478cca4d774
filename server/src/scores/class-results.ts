// The numbers of the instructor view, from the attempts of one placement (platform + course + resource link: one
// course's instructor never sees another's) and the class list: per question right rate, attempts, median time and
// anticipated mistakes; per learner their answers and variants.
import type { Pool } from 'pg';
import type { Question } from 'attention-lab/quiz';
import type { Launch } from '../lti/launch.js';
import { anticipatedMistakes, mistakeIndices } from './placement-questions.js';
import { isLearner, type Roster } from './roster.js';

export interface Answer {
  userId: string;
  questionId: string;
  variant: string;
  seed: number;
  typed: string;
  correct: boolean;
  mistake: string | null;
  afterSolution: boolean;
  seconds: number | null;
  answeredAt: Date;
}

export interface MistakeCount {
  label: string;
  feedback: string;
  count: number;
}

export interface QuestionResults {
  id: string;
  kind: Question['kind'] | 'unknown';
  /** Learners with at least one counted attempt. */
  learners: number;
  /** Learners with a right answer given before seeing the worked solution. */
  rightLearners: number;
  /** rightLearners / learners; null when nobody answered. */
  rightRate: number | null;
  attempts: number;
  wrongAttempts: number;
  medianSeconds: number | null;
  /** Every anticipated mistake, made or not, in lesson order; then any recorded mistake the lesson does not name. */
  mistakes: MistakeCount[];
  /** Wrong answers that matched no anticipated mistake. (A multi-select answer may make several at once.) */
  otherWrong: number;
}

export interface LearnerResults {
  userId: string;
  name?: string;
  /** Counted answers, oldest first, per question id. */
  answers: Record<string, Answer[]>;
}

export interface ClassResults {
  questions: QuestionResults[];
  learners: LearnerResults[];
  /** Why the class list is missing, when it is: then only learners who answered are listed. */
  rosterNote?: string;
}

/** The counted attempts of the launch's placement, oldest first. */
export async function placementAnswers(pool: Pool, launch: Launch): Promise<Answer[]> {
  const { rows } = await pool.query(
    `SELECT user_id, question_id, variant, seed, typed, correct, mistake, after_solution, seconds, answered_at
       FROM attempts
      WHERE platform_id = $1 AND context_id = $2 AND resource_link_id = $3 AND counted
      ORDER BY answered_at, id`,
    [launch.platformId, launch.contextId, launch.resourceLinkId],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    questionId: row.question_id,
    variant: row.variant,
    seed: row.seed,
    typed: row.typed,
    correct: row.correct,
    mistake: row.mistake,
    afterSolution: row.after_solution,
    seconds: row.seconds === null ? null : Number(row.seconds),
    answeredAt: row.answered_at,
  }));
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function questionResults(id: string, question: Question | undefined, answers: Answer[]): QuestionResults {
  const learners = new Set(answers.map((a) => a.userId));
  const right = new Set(answers.filter((a) => a.correct && !a.afterSolution).map((a) => a.userId));
  const wrong = answers.filter((a) => !a.correct);
  const mistakes: MistakeCount[] = (question ? anticipatedMistakes(question) : []).map((m) => ({ ...m, count: 0 }));
  let otherWrong = 0;
  for (const answer of wrong) {
    const recorded = answer.mistake?.trim() || null;
    const indices = question && recorded !== null ? mistakeIndices(question, recorded, answer.variant) : [];
    for (const index of indices) mistakes[index]!.count++;
    if (indices.length || recorded === null) {
      if (!indices.length) otherWrong++;
      continue;
    }
    // A mistake the lesson no longer names (it was edited since): still counted, under what was recorded.
    const named = mistakes.find((m) => m.label === recorded && !m.feedback);
    if (named) named.count++;
    else mistakes.push({ label: recorded, feedback: '', count: 1 });
  }
  const seconds = answers.flatMap((a) => (a.seconds === null ? [] : [a.seconds]));
  return {
    id,
    kind: question?.kind ?? 'unknown',
    learners: learners.size,
    rightLearners: right.size,
    rightRate: learners.size ? right.size / learners.size : null,
    attempts: answers.length,
    wrongAttempts: wrong.length,
    medianSeconds: median(seconds),
    mistakes,
    otherWrong,
  };
}

/**
 * The placement's questions in lesson order (then any question answered that the placement no longer names), and the
 * learners: the class list's learners where the platform offers it, plus anyone who answered.
 */
export function classResults(questions: Question[], answers: Answer[], roster: Roster): ClassResults {
  const ids = [...new Set([...questions.map((q) => q.id), ...answers.map((a) => a.questionId)])];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const results = ids.map((id) =>
    questionResults(
      id,
      byId.get(id),
      answers.filter((a) => a.questionId === id),
    ),
  );
  const learners = new Map<string, LearnerResults>();
  if ('members' in roster) {
    for (const member of roster.members.filter(isLearner)) {
      learners.set(member.userId, { userId: member.userId, name: member.name, answers: {} });
    }
  }
  for (const answer of answers) {
    let learner = learners.get(answer.userId);
    if (!learner) learners.set(answer.userId, (learner = { userId: answer.userId, answers: {} }));
    (learner.answers[answer.questionId] ??= []).push(answer);
  }
  const sorted = [...learners.values()].sort((a, b) =>
    (a.name ?? a.userId).localeCompare(b.name ?? b.userId, 'en', { sensitivity: 'base' }),
  );
  return {
    questions: results,
    learners: sorted,
    rosterNote: 'unavailable' in roster ? roster.unavailable : undefined,
  };
}
