// Counted attempts become scores waiting in Postgres for the sender: the grading part calls onCountedAttempt, and the
// score is safe from then on, whatever happens to the platform or to this process.
import type { Pool, PoolClient } from 'pg';
import type { Launch } from '../lti/launch.js';

export const scoreScope = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

const activityProgresses = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'] as const;
const gradingProgresses = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'] as const;

/** An AGS score as the grading part reports it; `timestamp` (when the attempt happened) defaults to now. */
export interface CountedScore {
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: (typeof activityProgresses)[number];
  gradingProgress: (typeof gradingProgresses)[number];
  timestamp?: Date | string;
}

export type Enqueued = { queued: true; id: string } | { queued: false; reason: string };

function checkScore(score: CountedScore): Date {
  const { scoreGiven, scoreMaximum, activityProgress, gradingProgress } = score;
  if (!Number.isFinite(scoreGiven) || scoreGiven < 0) {
    throw new RangeError(`scoreGiven must be a finite number ≥ 0, got ${scoreGiven}`);
  }
  if (!Number.isFinite(scoreMaximum) || scoreMaximum <= 0) {
    throw new RangeError(`scoreMaximum must be a finite number > 0, got ${scoreMaximum}`);
  }
  if (!activityProgresses.includes(activityProgress)) {
    throw new RangeError(`activityProgress must be one of ${activityProgresses.join(', ')}, got ${activityProgress}`);
  }
  if (!gradingProgresses.includes(gradingProgress)) {
    throw new RangeError(`gradingProgress must be one of ${gradingProgresses.join(', ')}, got ${gradingProgress}`);
  }
  const at = score.timestamp === undefined ? new Date() : new Date(score.timestamp);
  if (Number.isNaN(at.getTime())) throw new RangeError(`timestamp must be a date, got ${String(score.timestamp)}`);
  return at;
}

/** A pool, or one client inside a transaction. */
type Queryable = Pick<Pool | PoolClient, 'query'>;

/**
 * Queues the score for the placement's line item. A launch without a line item, or whose platform did not grant the
 * score scope, has no gradebook column to send to: nothing is queued and the reason says why.
 */
export async function enqueueScore(db: Queryable, launch: Launch, score: CountedScore): Promise<Enqueued> {
  const at = checkScore(score);
  if (!launch.lineItemUrl) return { queued: false, reason: 'the launch names no AGS line item for this placement' };
  if (!launch.agsScopes.includes(scoreScope)) {
    return { queued: false, reason: `the platform did not grant the AGS scope ${scoreScope}` };
  }
  const { rows } = await db.query(
    `INSERT INTO score_queue (platform_id, context_id, resource_link_id, line_item_url, user_id,
       score_given, score_maximum, activity_progress, grading_progress, attempted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      launch.platformId,
      launch.contextId,
      launch.resourceLinkId,
      launch.lineItemUrl,
      launch.userId,
      score.scoreGiven,
      score.scoreMaximum,
      score.activityProgress,
      score.gradingProgress,
      at,
    ],
  );
  return { queued: true, id: String(rows[0].id) };
}

/** The hook the grading part calls after recording a counted attempt: `onCountedAttempt(launch, score)`. */
/** The grading part passes its transaction's client, so the score is queued with the attempt or not at all. */
export function countedAttemptHook(pool: Pool) {
  return (launch: Launch, score: CountedScore, client?: Queryable): Promise<Enqueued> =>
    enqueueScore(client ?? pool, launch, score);
}

export interface GradebookStatus {
  sent: number;
  waiting: number;
  /** The soonest next try of a waiting score, and why the last try failed. */
  nextTry?: Date;
  lastError?: string;
  /** Scores the platform refused for good, with its words. */
  refused: { userId: string; attemptedAt: Date; error: string }[];
}

/** What became of the placement's scores, for the instructor view. */
export async function gradebookStatus(pool: Pool, launch: Launch): Promise<GradebookStatus> {
  const { rows } = await pool.query(
    `SELECT state, user_id, attempted_at, due_at, last_error FROM score_queue
      WHERE platform_id = $1 AND context_id = $2 AND resource_link_id = $3 AND state <> 'sent'
      ORDER BY id`,
    [launch.platformId, launch.contextId, launch.resourceLinkId],
  );
  const counted = await pool.query(
    `SELECT count(*)::int AS sent FROM score_queue
      WHERE platform_id = $1 AND context_id = $2 AND resource_link_id = $3 AND state = 'sent'`,
    [launch.platformId, launch.contextId, launch.resourceLinkId],
  );
  const waiting = rows.filter((row) => row.state === 'waiting');
  const soonest = waiting.reduce<(typeof rows)[number] | undefined>(
    (best, row) => (!best || row.due_at < best.due_at ? row : best),
    undefined,
  );
  return {
    sent: counted.rows[0].sent,
    waiting: waiting.length,
    nextTry: soonest?.due_at,
    lastError: soonest?.last_error ?? undefined,
    refused: rows
      .filter((row) => row.state === 'failed')
      .map((row) => ({ userId: row.user_id, attemptedAt: row.attempted_at, error: row.last_error ?? '' })),
  };
}
