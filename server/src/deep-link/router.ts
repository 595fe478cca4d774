// Deep Linking: an instructor's deep-linking launch lands on the picker (GET /deep-link); the choice comes back
// (POST /deep-link), and the tool answers with the content item signed by ltijs with its key for that platform: an
// ltiResourceLink whose custom parameters are the placement, with a line item worth its points when graded.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { ContextTokenRecord, IdTokenRecord, LtiProvider } from 'ltijs';
import { readGradedPolicy } from 'attention-lab/quiz';
import { findPlacement, type CatalogLesson } from '../lessons/catalog.js';
import { placementOf } from '../lti/launch-from.js';
import type { Placement } from '../lti/launch.js';
import { requireInstructor } from '../lti/roles.js';
import { pickerPage, returnPage, type PickerChoices } from './page.js';
import { strictHeaders } from '../site/static.js';

const maxSeed = 0xffffffff;

function requireDeepLinkingLaunch(_req: Request, res: Response, next: NextFunction): void {
  const context = res.locals.context as ContextTokenRecord | undefined;
  if (context?.messageType === 'LtiDeepLinkingRequest' && context.deepLinkingSettings) return next();
  res.status(400).json({
    error:
      'This page answers a Deep Linking launch, where an instructor adds an activity; this launch opens one. ' +
      'Add the tool from the course editor to pick what learners see.',
  });
}

interface Chosen {
  placement: Placement;
  graded: boolean;
  title: string;
  points: number;
}

/** The instructor's choice as a placement, or a sentence saying what to change. */
export function readChoice(catalog: CatalogLesson[], choices: PickerChoices): Chosen | { problem: string } {
  if (!choices.pick)
    return { problem: 'Pick what learners open: the whole lesson, a section, a widget or a question.' };
  const placement = placementOf(Object.fromEntries(new URLSearchParams(choices.pick)), '');
  const placed = findPlacement(catalog, placement);
  if ('problem' in placed) return { problem: placed.problem };
  const graded = choices.mode !== 'practice';
  if (graded && placement.what === 'widget')
    return {
      problem: 'A widget asks no questions, so it cannot be graded: choose Practice, or pick a question or a section.',
    };
  if (graded && !placed.questionIds.length)
    return { problem: `“${placed.title}” asks no questions, so it cannot be graded: choose Practice.` };
  if (placement.what !== 'widget') {
    const policy = new URLSearchParams();
    if (choices.variant === 'seed') {
      const seed = (choices.seed ?? '').trim();
      if (!/^\d{1,10}$/.test(seed) || Number(seed) < 1 || Number(seed) > maxSeed)
        return { problem: `The seed must be a whole number from 1 to ${maxSeed}; got “${seed.slice(0, 20)}”.` };
      policy.set('variant', String(Number(seed)));
    } else if (choices.variant) policy.set('variant', choices.variant);
    if (choices.attempts) policy.set('attempts', choices.attempts);
    if (choices.explain && choices.explain !== 'after-attempts') policy.set('explain', choices.explain);
    const { problems } = readGradedPolicy(policy);
    if (problems.length) return { problem: problems.join(' ') };
    for (const [key, value] of policy) placement[key as 'variant' | 'attempts' | 'explain'] = value;
  }
  return { placement, graded, title: placed.title, points: placed.questionIds.length };
}

/** The content item for a choice: what the platform stores and sends back as the link's custom parameters. */
export function contentItem(chosen: Chosen, launchUrl: string): Record<string, unknown> {
  const { placement, graded, title, points } = chosen;
  const custom: Record<string, string> = { lesson: placement.lesson, graded: String(graded) };
  if (placement.what !== 'lesson') custom[placement.what] = placement.id;
  for (const key of ['variant', 'attempts', 'explain'] as const) {
    const value = placement[key];
    if (value !== undefined) custom[key] = value;
  }
  const resourceId = [placement.lesson, placement.what, placement.id].filter(Boolean).join('/');
  return {
    type: 'ltiResourceLink',
    title,
    url: launchUrl,
    custom,
    ...(graded ? { lineItem: { scoreMaximum: points, label: title, resourceId, tag: 'attention-lab' } } : {}),
  };
}

export function deepLinkRouter({
  lti,
  catalog,
  publicUrl,
}: {
  lti: LtiProvider;
  catalog: CatalogLesson[];
  publicUrl?: string;
}): Router {
  const router = express.Router();
  router.use(requireInstructor, requireDeepLinkingLaunch);
  router.get('/', (_req, res) => {
    strictHeaders(res);
    res.type('html').send(pickerPage({ catalog, ltik: String(res.locals.ltik) }));
  });
  router.post('/', async (req, res, next) => {
    try {
      strictHeaders(res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
      const choices: PickerChoices = {
        pick: text('pick'),
        mode: text('mode'),
        variant: text('variant'),
        seed: text('seed'),
        attempts: text('attempts'),
        explain: text('explain'),
      };
      const token = res.locals.token as IdTokenRecord;
      const settings = (res.locals.context as ContextTokenRecord).deepLinkingSettings!;
      const chosen = readChoice(catalog, choices);
      const accepted = settings.accept_types ?? [];
      const problem =
        'problem' in chosen
          ? chosen.problem
          : accepted.includes('ltiResourceLink')
            ? undefined
            : `This platform accepts only ${accepted.join(', ') || 'nothing'} here, not an LTI resource link.`;
      if (problem || 'problem' in chosen) {
        res
          .status(400)
          .type('html')
          .send(pickerPage({ catalog, ltik: String(res.locals.ltik), choices, problem }));
        return;
      }
      const base = publicUrl ?? `${req.protocol}://${req.get('host')}`;
      const item = contentItem(chosen, `${base}/launch`);
      const jwt = await lti.DeepLinking.createDeepLinkingMessage(token, [item], { message: `Added ${chosen.title}` });
      res.type('html').send(returnPage({ action: settings.deep_link_return_url, jwt, title: chosen.title }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
