// The scores part of the LTI tool: AGS scores through a durable queue in Postgres.
//   const tokens = ltijsTokens(lti);
//   const sender = startScoreSender({ pool, tokens, ...senderSettings() });   // sender.stop() on shutdown
//   gradingRouter({ pool, launchOf, onCountedAttempt: countedAttemptHook(pool) })
export { backoffMs, defaultBackoff, type Backoff } from './backoff.js';
export { ltijsTokens, type LtiPlatforms, type PlatformTokens } from './platform-tokens.js';
export {
  countedAttemptHook,
  enqueueScore,
  gradebookStatus,
  scoreScope,
  type CountedScore,
  type Enqueued,
} from './score-queue.js';
export { startScoreSender, scoresUrl, type ScoreSender, type ScoreSenderOptions } from './score-sender.js';
export { senderSettings } from './sender-settings.js';
