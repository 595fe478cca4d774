// Sends queued scores to the platforms' gradebooks. Any number of tool instances may run a sender against one
// database: each claims a score by locking its row (FOR UPDATE SKIP LOCKED) for as long as the request takes, so a
// score is sent by one sender at a time, and a sender that dies lets go of its rows the moment its connection drops.
// Only the oldest waiting score of each learner and line item is ever claimed: a later attempt is never overwritten
// by an earlier one's retry. A row is marked sent only after the platform accepted it (at least once, never lost).
import type { Pool, PoolClient } from 'pg';
import { backoffMs, defaultBackoff, type Backoff } from './backoff.js';
import type { PlatformTokens } from './platform-tokens.js';
import { scoreScope } from './score-queue.js';
import { outcomeOfError, outcomeOfResponse, PermanentRefusal, type Outcome } from './score-outcome.js';

export interface ScoreSenderOptions {
  pool: Pool;
  tokens: PlatformTokens;
  /** Scores on their way at once (each holds one database connection); a slow platform holds only its own. */
  concurrency?: number;
  /** How often to look for scores that became due. */
  pollMs?: number;
  /** Longest wait for the token endpoint, and again for the score's POST. */
  timeoutMs?: number;
  backoff?: Backoff;
  log?: (line: string) => void;
}

export interface ScoreSender {
  /** Stops claiming scores and waits for those on their way. */
  stop(): Promise<void>;
}

interface QueuedScore {
  id: string;
  platform_id: string;
  line_item_url: string;
  user_id: string;
  score_given: string;
  score_maximum: string;
  activity_progress: string;
  grading_progress: string;
  attempted_at: Date;
  tries: number;
}

// The head of each learner's line: the oldest waiting score per platform, line item and learner, if it is due.
const claimSql = `
  SELECT s.* FROM score_queue s
  WHERE s.id IN (
      SELECT DISTINCT ON (platform_id, line_item_url, user_id) id FROM score_queue
      WHERE state = 'waiting' ORDER BY platform_id, line_item_url, user_id, id)
    AND s.state = 'waiting' AND s.due_at <= now()
  ORDER BY s.due_at, s.id
  LIMIT 1
  FOR UPDATE OF s SKIP LOCKED`;

/** `<line item>/scores`, keeping the line item's query string (Moodle's line items carry one). */
export function scoresUrl(lineItemUrl: string): string {
  let url: URL;
  try {
    url = new URL(lineItemUrl);
  } catch {
    throw new PermanentRefusal(`the line item URL ${JSON.stringify(lineItemUrl)} is not a URL`);
  }
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

/** The AGS Score the platform receives. */
export function scoreBody(row: QueuedScore) {
  return {
    userId: row.user_id,
    scoreGiven: Number(row.score_given),
    scoreMaximum: Number(row.score_maximum),
    activityProgress: row.activity_progress,
    gradingProgress: row.grading_progress,
    timestamp: row.attempted_at.toISOString(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function startScoreSender(options: ScoreSenderOptions): ScoreSender {
  const { pool, tokens, concurrency = 4, pollMs = 1_000, timeoutMs = 30_000, backoff = defaultBackoff } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const running = new Set<Promise<void>>();
  let stopped = false;
  let filling: Promise<void> | undefined;

  // A connection held across a request can drop (the database restarts): its error is the failed COMMIT's to report,
  // not an unhandled 'error' event that would end the process.
  const quietly = () => undefined;
  const release = (client: PoolClient, error?: Error) => {
    client.off('error', quietly);
    client.release(error);
  };

  async function post(row: QueuedScore): Promise<Outcome> {
    const url = scoresUrl(row.line_item_url);
    const authorization = await withTimeout(
      tokens.authorization(row.platform_id, scoreScope),
      timeoutMs,
      "the platform's token endpoint did not answer in time",
    );
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/vnd.ims.lis.v1.score+json' },
      body: JSON.stringify(scoreBody(row)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return outcomeOfResponse(response.status, response.statusText, text, response.headers.get('retry-after'));
  }

  async function record(client: PoolClient, row: QueuedScore, outcome: Outcome): Promise<void> {
    if (outcome.kind === 'sent') {
      await client.query(
        `UPDATE score_queue SET state = 'sent', sent_at = now(), tries = tries + 1, last_tried_at = now(),
           last_error = NULL WHERE id = $1`,
        [row.id],
      );
      return;
    }
    if (outcome.kind === 'failed') {
      await client.query(
        `UPDATE score_queue SET state = 'failed', tries = tries + 1, last_tried_at = now(), last_error = $2
           WHERE id = $1`,
        [row.id, outcome.reason],
      );
      log(`score ${row.id} for ${row.user_id} at ${row.line_item_url} refused for good: ${outcome.reason}`);
      return;
    }
    const wait = Math.max(backoffMs(row.tries + 1, backoff), Math.min(outcome.retryAfterMs ?? 0, backoff.maxMs));
    await client.query(
      `UPDATE score_queue SET tries = tries + 1, last_tried_at = now(), last_error = $2,
         due_at = now() + $3 * interval '1 millisecond' WHERE id = $1`,
      [row.id, outcome.reason, wait],
    );
    log(`score ${row.id} for ${row.user_id}: ${outcome.reason}; trying again in ${(wait / 1000).toFixed(1)} s`);
  }

  async function send(client: PoolClient, row: QueuedScore): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await post(row);
    } catch (error) {
      outcome = outcomeOfError(error);
    }
    if (outcome.kind === 'retry' && outcome.forgetToken) {
      await tokens.forget(row.platform_id, scoreScope).catch((error) => log(`forgetting a token: ${error.message}`));
    }
    try {
      await record(client, row, outcome);
      await client.query('COMMIT');
      release(client);
    } catch (error) {
      // The row stays waiting and is sent again: at least once, never lost.
      log(`score ${row.id}: could not record the outcome (${(error as Error).message}); it will be sent again`);
      release(client, error as Error);
    }
  }

  async function claim(): Promise<{ client: PoolClient; row: QueuedScore } | undefined> {
    const client = await pool.connect();
    client.on('error', quietly);
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<QueuedScore>(claimSql);
      if (rows[0]) return { client, row: rows[0] };
      await client.query('ROLLBACK');
      release(client);
      return undefined;
    } catch (error) {
      release(client, error as Error);
      throw error;
    }
  }

  async function fillSlots(): Promise<void> {
    try {
      while (!stopped && running.size < concurrency) {
        const claimed = await claim();
        if (!claimed) break;
        const sending: Promise<void> = send(claimed.client, claimed.row).finally(() => {
          running.delete(sending);
          fill();
        });
        running.add(sending);
      }
    } catch (error) {
      log(`score sender: ${(error as Error).message}; looking again in ${pollMs} ms`);
    }
  }

  // One claiming loop at a time; a call while it runs is covered by it.
  function fill(): void {
    if (filling || stopped) return;
    filling = fillSlots().finally(() => {
      filling = undefined;
    });
  }

  const timer = setInterval(fill, pollMs);
  fill();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await filling;
      await Promise.allSettled([...running]);
    },
  };
}
