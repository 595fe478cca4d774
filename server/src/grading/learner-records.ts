// The learner's graded questions in Postgres: one row per question of a placement (its pinned variant and progress),
// locked while an answer is graded, so that two tool instances cannot both grade a last attempt.
import type { Pool, PoolClient } from 'pg';
import type { QuestionProgress, QuizProgress } from 'attention-lab/quiz';
import type { Launch } from '../lti/launch.js';

/** Whose records: the launch's learner in the launch's placement, never anyone a request names. */
export interface LearnerKey {
  platformId: string;
  contextId: string;
  resourceLinkId: string;
  userId: string;
  lesson: string;
}

export const learnerKey = (launch: Launch): LearnerKey => ({
  platformId: launch.platformId,
  contextId: launch.contextId,
  resourceLinkId: launch.resourceLinkId,
  userId: launch.userId,
  lesson: launch.placement.lesson,
});

export interface GradedQuestionRow {
  questionId: string;
  /** As stored: 'lesson' for a question without params. */
  variant: string;
  seed: number;
  progress: QuestionProgress | undefined;
  firstShownAt: Date;
}

const keyValues = (key: LearnerKey) => [key.platformId, key.contextId, key.resourceLinkId, key.userId, key.lesson];
const keyWhere = 'platform_id = $1 AND context_id = $2 AND resource_link_id = $3 AND user_id = $4 AND lesson = $5';

const rowOf = (row: Record<string, unknown>): GradedQuestionRow => ({
  questionId: row.question_id as string,
  variant: row.variant as string,
  seed: Number(row.seed),
  progress: (row.progress ?? undefined) as QuestionProgress | undefined,
  firstShownAt: row.first_shown_at as Date,
});

/** Records the variants the server decided for questions shown the first time; returns every row of the placement. */
export async function showQuestions(
  pool: Pool,
  key: LearnerKey,
  assigned: { questionId: string; variant: string; seed: number }[],
): Promise<Map<string, GradedQuestionRow>> {
  if (assigned.length > 0)
    await pool.query(
      'INSERT INTO graded_questions' +
        ' (platform_id, context_id, resource_link_id, user_id, lesson, question_id, variant, seed)' +
        ' SELECT $1, $2, $3, $4, $5, q.id, q.variant, q.seed' +
        ' FROM unnest($6::text[], $7::text[], $8::bigint[]) AS q (id, variant, seed)' +
        ' ON CONFLICT DO NOTHING',
      [
        ...keyValues(key),
        assigned.map((a) => a.questionId),
        assigned.map((a) => a.variant),
        assigned.map((a) => a.seed),
      ],
    );
  const { rows } = await pool.query(`SELECT * FROM graded_questions WHERE ${keyWhere}`, keyValues(key));
  return new Map(rows.map((row) => [row.question_id as string, rowOf(row)]));
}

/** Runs `grade` in one transaction holding the question's row: created with `assigned` if it was never shown. */
export async function withQuestionLocked<T>(
  pool: Pool,
  key: LearnerKey,
  assigned: { questionId: string; variant: string; seed: number },
  grade: (client: PoolClient, row: GradedQuestionRow) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const values = [...keyValues(key), assigned.questionId];
    await client.query(
      'INSERT INTO graded_questions' +
        ' (platform_id, context_id, resource_link_id, user_id, lesson, question_id, variant, seed)' +
        ' VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING',
      [...values, assigned.variant, assigned.seed],
    );
    const { rows } = await client.query(
      `SELECT * FROM graded_questions WHERE ${keyWhere} AND question_id = $6 FOR UPDATE`,
      values,
    );
    const result = await grade(client, rowOf(rows[0] as Record<string, unknown>));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Saves the question's progress, inside the transaction that holds its row. */
export async function saveProgress(
  client: PoolClient,
  key: LearnerKey,
  questionId: string,
  progress: QuestionProgress,
): Promise<void> {
  await client.query(`UPDATE graded_questions SET progress = $7 WHERE ${keyWhere} AND question_id = $6`, [
    ...keyValues(key),
    questionId,
    JSON.stringify(progress),
  ]);
}

/** The learner's progress over the placement, as the quiz engine keeps it (questions never answered are absent). */
export async function placementProgress(client: PoolClient | Pool, key: LearnerKey): Promise<QuizProgress> {
  const { rows } = await client.query(
    `SELECT question_id, progress FROM graded_questions WHERE ${keyWhere} AND progress IS NOT NULL`,
    keyValues(key),
  );
  const progress: QuizProgress = {};
  for (const row of rows)
    Object.defineProperty(progress, row.question_id as string, { value: row.progress, enumerable: true });
  return progress;
}

/** When the learner last answered the question, or undefined before their first answer. */
export async function lastAnsweredAt(
  client: PoolClient,
  key: LearnerKey,
  questionId: string,
): Promise<Date | undefined> {
  const { rows } = await client.query(
    `SELECT max(answered_at) AS at FROM attempts WHERE ${keyWhere} AND question_id = $6`,
    [...keyValues(key), questionId],
  );
  return (rows[0]?.at as Date | null) ?? undefined;
}

export interface AttemptRecord {
  questionId: string;
  variant: string;
  seed: number;
  typed: string;
  correct: boolean;
  counted: boolean;
  mistake: string | undefined;
  points: number;
  afterSolution: boolean;
  seconds: number | undefined;
  answeredAt: Date;
}

/** One answer in the attempts table, which the instructor view reads. */
export async function recordAttempt(client: PoolClient, key: LearnerKey, attempt: AttemptRecord): Promise<void> {
  await client.query(
    'INSERT INTO attempts (platform_id, context_id, resource_link_id, user_id, lesson, question_id, variant, seed,' +
      ' typed, correct, counted, mistake, points, after_solution, seconds, answered_at)' +
      ' VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)',
    [
      ...keyValues(key),
      attempt.questionId,
      attempt.variant,
      attempt.seed,
      attempt.typed,
      attempt.correct,
      attempt.counted,
      attempt.mistake ?? null,
      attempt.points,
      attempt.afterSolution,
      attempt.seconds ?? null,
      attempt.answeredAt,
    ],
  );
}
