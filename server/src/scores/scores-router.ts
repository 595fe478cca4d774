// The instructor view's routes, mounted by the tool behind ltijs's ltik check and requireInstructor:
//   GET instructor               the page (tables and SVG charts, no script)
//   GET instructor/results.csv   every counted answer, and unanswered questions of learners on the class list
//   GET instructor/results.json  the page's numbers
//   GET instructor/instructor.css
// Everything is read for the launch's own platform, course and resource link.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Pool } from 'pg';
import type { Launch } from '../lti/launch.js';
import { requireInstructor } from '../lti/roles.js';
import { pageUrl } from '../site/page-url.js';
import { classCsv } from './class-csv.js';
import { classResults, placementAnswers } from './class-results.js';
import { instructorPage } from './instructor-page.js';
import { instructorCss } from './instructor-style.js';
import { compiledLesson, placementQuestions, type LessonOf } from './placement-questions.js';
import type { PlatformTokens } from './platform-tokens.js';
import { readRoster, type Roster } from './roster.js';
import { gradebookStatus } from './score-queue.js';

export interface ScoresRouterOptions {
  pool: Pool;
  launchOf: (res: Response) => Launch;
  /** Tokens for the class list (NRPS); without them only learners who answered are listed. */
  tokens?: PlatformTokens;
  lessonOf?: LessonOf;
}

// The page runs no script and loads only its own stylesheet.
const pageCsp = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

const ltikOf = (req: Request, res: Response): string =>
  typeof res.locals.ltik === 'string' ? res.locals.ltik : String(req.query.ltik ?? '');

type Handler = (req: Request, res: Response) => Promise<void>;
const handle = (handler: Handler) => (req: Request, res: Response, _next: NextFunction) =>
  handler(req, res).catch((error: Error) => {
    if (!res.headersSent) res.status(500).json({ error: `The class results could not be read: ${error.message}` });
  });

export function scoresRouter({ pool, launchOf, tokens, lessonOf = compiledLesson }: ScoresRouterOptions): Router {
  const router = Router();

  async function gather(launch: Launch) {
    const lesson = lessonOf(launch.placement.lesson);
    const roster: Promise<Roster> = tokens
      ? readRoster(launch, tokens)
      : Promise.resolve({ unavailable: 'the tool reads no class list here' });
    const [answers, members] = await Promise.all([placementAnswers(pool, launch), roster]);
    const { what, id } = launch.placement;
    const section = what === 'section' ? lesson?.sections.find((s) => s.id === id) : undefined;
    return {
      lessonTitle: lesson?.title ?? launch.placement.lesson,
      placedName: section?.title ?? id,
      results: classResults(placementQuestions(lesson, launch.placement), answers, members),
    };
  }

  // Links on the page carry the launch's ltik, as ltijs expects of every request after the launch.
  const link = (req: Request, res: Response, path: string) => {
    const ltik = ltikOf(req, res);
    return `${req.baseUrl}/instructor/${path}${ltik ? `?ltik=${encodeURIComponent(ltik)}` : ''}`;
  };

  router.get('/instructor/instructor.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'private, max-age=3600').send(instructorCss);
  });

  router.get(
    '/instructor',
    requireInstructor,
    handle(async (req, res) => {
      const launch = launchOf(res);
      const [gathered, gradebook] = await Promise.all([gather(launch), gradebookStatus(pool, launch)]);
      const links = {
        stylesheet: link(req, res, 'instructor.css'),
        csv: link(req, res, 'results.csv'),
        activity: pageUrl(launch, ltikOf(req, res)),
      };
      const html = instructorPage({ ...gathered, placement: launch.placement, gradebook, links });
      res.set({ 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store' }).type('html').send(html);
    }),
  );

  router.get(
    '/instructor/results.json',
    requireInstructor,
    handle(async (_req, res) => {
      const launch = launchOf(res);
      const [{ lessonTitle, results }, gradebook] = await Promise.all([gather(launch), gradebookStatus(pool, launch)]);
      res
        .set('Cache-Control', 'no-store')
        .json({ lesson: launch.placement.lesson, lessonTitle, ...results, gradebook });
    }),
  );

  router.get(
    '/instructor/results.csv',
    requireInstructor,
    handle(async (_req, res) => {
      const launch = launchOf(res);
      const { results } = await gather(launch);
      const name = `attention-lab-${launch.placement.lesson.replace(/[^a-z0-9-]/g, '')}-class-answers.csv`;
      res
        .set({ 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="${name}"` })
        .type('text/csv; charset=utf-8; header=present')
        .send(classCsv(results));
    }),
  );

  return router;
}
