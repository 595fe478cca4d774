// The routes the graded page calls (behind ltijs's ltik check, `Authorization: Bearer <ltik>`): the placement's
// questions as the learner sees them, an answer graded here, and the worked solution once the policy releases it.
// The learner is always the launch's user; the variant is the server's to decide.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Pool, PoolClient } from 'pg';
import { markSolutionShown, translate, variantAt, variantIndexOfKey } from 'attention-lab/quiz';
import type { GradedPolicy, Question } from 'attention-lab/quiz';
import type { Launch } from '../lti/launch.js';
import { gradeAnswer, publicGrade } from './grade-answer.js';
import {
  lastAnsweredAt,
  learnerKey,
  placementProgress,
  recordAttempt,
  saveProgress,
  showQuestions,
  withQuestionLocked,
  type GradedQuestionRow,
} from './learner-records.js';
import { learnerLesson } from './learner-lesson.js';
import { readLessonBank, type LessonBank } from './lesson-bank.js';
import { placementScore, type PlacementScore } from './placement-score.js';
import { assignedVariant, engineKey, placedLesson, policyQuery, storedKey, type PlacedLesson } from './placement.js';
import {
  learnerQuestion,
  questionState,
  releasedSolution,
  solutionWithheld,
  variantLabel,
  type PinnedVariant,
} from './question-state.js';
import { Refusal } from './refusal.js';

export interface GradingOptions {
  pool: Pool;
  /** The validated launch behind the request (the spine reads it from ltijs's res.locals). */
  launchOf: (res: Response) => Launch;
  /** Told of every counted attempt with the placement's running score (the scores part queues it for AGS). */
  onCountedAttempt?: (
    launch: Launch,
    score: PlacementScore & { timestamp: string },
    client: PoolClient,
  ) => unknown | Promise<unknown>;
  /** The compiled lessons; read from web/generated/lessons when absent. */
  lessons?: LessonBank;
}

export type { PlacementScore } from './placement-score.js';

// Names a request might use for a learner: any that differs from the launch's own user is refused.
const learnerFields = ['user', 'userId', 'user_id', 'learner', 'learnerId', 'sub'];

function refuseAnotherLearner(req: Request, launch: Launch): void {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  for (const source of [body, req.query as Record<string, unknown>])
    for (const field of learnerFields)
      if (Object.hasOwn(source, field) && source[field] !== launch.userId)
        throw new Refusal(
          403,
          'Answers are graded and recorded for the learner of this launch only; this request names another learner.',
        );
}

function gradedLaunch(launchOf: GradingOptions['launchOf'], res: Response): Launch {
  let launch: Launch | undefined;
  try {
    launch = launchOf(res);
  } catch (error) {
    throw new Refusal(401, `This request carries no valid launch: ${(error as Error).message}`);
  }
  if (!launch) throw new Refusal(401, 'This request carries no valid launch: open the activity from the course again.');
  if (!launch.graded)
    throw new Refusal(409, 'This activity is for practice: its answers are checked in the page, not recorded here.');
  return launch;
}

// The variant stored for the learner wins; one the lesson no longer has gives way to the one the policy draws.
function pinnedOf(question: Question, row: GradedQuestionRow | undefined, drawn: PinnedVariant): PinnedVariant {
  if (!row) return drawn;
  const index = variantIndexOfKey(question, engineKey(row.variant));
  return index >= 0 ? { index, seed: row.seed } : drawn;
}

function drawnFor(question: Question, policy: GradedPolicy, launch: Launch) {
  const variant = assignedVariant(question, policy, launch);
  return { pinned: { index: variant.index, seed: variant.seed }, stored: storedKey(variant.key) };
}

function findQuestion(placed: PlacedLesson, id: string): Question {
  const found = placed.questions.find((q) => q.question.id === id);
  if (found) return found.question;
  const ids = placed.questions.map((q) => q.question.id);
  throw new Refusal(
    404,
    `This activity has no question “${id.slice(0, 60)}”` +
      (ids.length ? `; its questions are ${ids.join(', ')}.` : '; it asks no questions.'),
  );
}

const handle =
  (route: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) =>
    route(req, res).catch(next);

// Every refusal is JSON { error } with a sentence; a body that is not JSON says so. Attached to each route, so errors
// of other routes on the same app never reach it.
function answerRefusals(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  if (error instanceof Refusal) return void res.status(error.status).json({ error: error.message, ...error.details });
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed')
    return void res.status(400).json({ error: 'The request body is not valid JSON.' });
  if (type === 'entity.too.large')
    return void res.status(413).json({ error: 'The request body is too large: an answer is a few characters.' });
  console.error('grading:', error);
  res.status(500).json({ error: 'The answer could not be graded because of a fault in the tool; try again.' });
}

export function gradingRouter(options: GradingOptions): Router {
  const { pool } = options;
  const lessons = options.lessons ?? readLessonBank();
  const onCountedAttempt = options.onCountedAttempt ?? (() => undefined);
  const router = express.Router();
  const json = express.json({ limit: '16kb' });

  router.get(
    '/grading/questions',
    handle(async (req, res) => {
      const launch = gradedLaunch(options.launchOf, res);
      refuseAnotherLearner(req, launch);
      const placed = placedLesson(lessons, launch);
      const key = learnerKey(launch);
      const drawn = placed.questions.map(({ question }) => ({
        question,
        ...drawnFor(question, placed.policy, launch),
      }));
      const rows = await showQuestions(
        pool,
        key,
        drawn.map((d) => ({ questionId: d.question.id, variant: d.stored, seed: d.pinned.seed })),
      );
      const questions = placed.questions.map(({ question, number }, i) => {
        const row = rows.get(question.id);
        const pinned = pinnedOf(question, row, (drawn[i] as (typeof drawn)[number]).pinned);
        const state = questionState(question, pinned, placed.policy, row?.progress);
        return {
          ...learnerQuestion(question, pinned),
          number,
          variant: variantLabel(question, pinned),
          progress: row?.progress ?? null,
          ...state,
          ...(state.solution === 'shown' ? { explanation: releasedSolution(question, pinned) } : {}),
        };
      });
      const { what, id } = launch.placement;
      res.json({
        lesson: learnerLesson(placed.lesson, launch.placement),
        // The lesson's language: the launch's where the lesson is translated into it, else the original's.
        locale: placed.locale,
        placement: { what, id },
        policy: policyQuery(placed.policy),
        questions,
      });
    }),
    answerRefusals,
  );

  // The launch's learner, the question the URL names in their placement, and the variant the server drew for them.
  const askedQuestion = (req: Request, res: Response) => {
    const launch = gradedLaunch(options.launchOf, res);
    refuseAnotherLearner(req, launch);
    const placed = placedLesson(lessons, launch);
    const question = findQuestion(placed, String(req.params.id));
    const drawn = drawnFor(question, placed.policy, launch);
    const assigned = { questionId: question.id, variant: drawn.stored, seed: drawn.pinned.seed };
    return { launch, placed, question, key: learnerKey(launch), drawn, assigned };
  };

  router.post(
    '/grading/questions/:id/answers',
    json,
    handle(async (req, res) => {
      const { launch, placed, question, key, drawn, assigned } = askedQuestion(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body))
        throw new Refusal(400, 'Send the answer as a JSON object, e.g. { "answer": "22.6" }.');
      const outcome = await withQuestionLocked(pool, key, assigned, async (client, row) => {
        const pinned = pinnedOf(question, row, drawn.pinned);
        const before = questionState(question, pinned, placed.policy, row.progress);
        if (before.locked) {
          const used = translate(placed.locale, 'tool.attemptsUsed', { attempts: placed.policy.attempts });
          throw new Refusal(409, used, {
            locked: true,
            progress: row.progress ?? null,
          });
        }
        const now = new Date();
        const graded = gradeAnswer(question, pinned, placed.policy, row.progress, body, now.getTime(), placed.locale);
        const since = (await lastAnsweredAt(client, key, question.id)) ?? row.firstShownAt;
        await recordAttempt(client, key, {
          questionId: question.id,
          variant: storedKey(variantAt(question, pinned.index).key),
          seed: pinned.seed,
          typed: graded.typed,
          correct: graded.grade.status === 'correct',
          counted: graded.grade.counted,
          mistake: graded.mistake,
          points: graded.points,
          afterSolution: graded.afterSolution,
          seconds: Math.max(0, (now.getTime() - since.getTime()) / 1000),
          answeredAt: now,
        });
        await saveProgress(client, key, question.id, graded.progress);
        const ids = placed.questions.map((q) => q.question.id);
        const score = placementScore(await placementProgress(client, key), ids, placed.policy);
        // In the attempt's own transaction: an attempt is never recorded without its score queued, nor the reverse.
        if (graded.grade.counted) await onCountedAttempt(launch, { ...score, timestamp: now.toISOString() }, client);
        return { graded, pinned, score };
      });
      const { graded, pinned, score } = outcome;
      const state = questionState(question, pinned, placed.policy, graded.progress);
      res.json({
        grade: publicGrade(graded.grade),
        message: graded.message,
        afterSolution: graded.afterSolution,
        points: graded.points,
        progress: graded.progress,
        ...state,
        ...(state.solution === 'shown' ? { explanation: releasedSolution(question, pinned) } : {}),
        score,
      });
    }),
    answerRefusals,
  );

  router.post(
    '/grading/questions/:id/solution',
    json,
    handle(async (req, res) => {
      const { placed, question, key, drawn, assigned } = askedQuestion(req, res);
      const released = await withQuestionLocked(pool, key, assigned, async (client, row) => {
        const pinned = pinnedOf(question, row, drawn.pinned);
        const state = questionState(question, pinned, placed.policy, row.progress);
        if (state.solution === 'hidden') throw new Refusal(403, solutionWithheld(placed.policy, placed.locale));
        const choice = { key: variantAt(question, pinned.index).key, seed: pinned.seed };
        const lessonKey = variantAt(question, 0).key;
        const before = row.progress
          ? Object.defineProperty({}, question.id, { value: row.progress, enumerable: true })
          : {};
        const progress = markSolutionShown(before, question.id, choice, lessonKey)[question.id];
        if (progress) await saveProgress(client, key, question.id, progress);
        return { pinned, progress };
      });
      const state = questionState(question, released.pinned, placed.policy, released.progress);
      res.json({ progress: released.progress, ...state, explanation: releasedSolution(question, released.pinned) });
    }),
    answerRefusals,
  );

  return router;
}
