// The scores part of the LTI tool: AGS scores through a durable queue, the class list (NRPS), the instructor view.
//   const tokens = ltijsTokens(lti);
//   const sender = startScoreSender({ pool, tokens, ...senderSettings() });   // sender.stop() on shutdown
//   lti.app.use(scoresRouter({ pool, launchOf, tokens }));
//   gradingRouter({ pool, launchOf, onCountedAttempt: countedAttemptHook(pool) })
export { backoffMs, defaultBackoff, type Backoff } from './backoff.js';
export { classCsv, classCsvColumns } from './class-csv.js';
export { classResults, median, placementAnswers, type ClassResults } from './class-results.js';
export { ltijsTokens, type LtiPlatforms, type PlatformTokens } from './platform-tokens.js';
export { readRoster, rosterScope, type Roster } from './roster.js';
export {
  countedAttemptHook,
  enqueueScore,
  gradebookStatus,
  scoreScope,
  type CountedScore,
  type Enqueued,
} from './score-queue.js';
export { startScoreSender, scoresUrl, type ScoreSender, type ScoreSenderOptions } from './score-sender.js';
export { scoresRouter, type ScoresRouterOptions } from './scores-router.js';
export { senderSettings } from './sender-settings.js';
