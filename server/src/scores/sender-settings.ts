// The score sender's timings from the environment, for operators (and tests, which cannot wait half an hour):
// LTI_SCORE_RETRY_FIRST_MS, LTI_SCORE_RETRY_MAX_MS, LTI_SCORE_POLL_MS, LTI_SCORE_TIMEOUT_MS, LTI_SCORE_CONCURRENCY.
import { defaultBackoff } from './backoff.js';

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number ≥ 1, got ${text}`);
  return value;
}

export function senderSettings(env: NodeJS.ProcessEnv = process.env) {
  const backoff = {
    firstMs: whole(env, 'LTI_SCORE_RETRY_FIRST_MS', defaultBackoff.firstMs),
    maxMs: whole(env, 'LTI_SCORE_RETRY_MAX_MS', defaultBackoff.maxMs),
  };
  if (backoff.maxMs < backoff.firstMs)
    throw new RangeError('LTI_SCORE_RETRY_MAX_MS must be ≥ LTI_SCORE_RETRY_FIRST_MS');
  return {
    backoff,
    pollMs: whole(env, 'LTI_SCORE_POLL_MS', 1_000),
    timeoutMs: whole(env, 'LTI_SCORE_TIMEOUT_MS', 30_000),
    concurrency: whole(env, 'LTI_SCORE_CONCURRENCY', 4),
  };
}
