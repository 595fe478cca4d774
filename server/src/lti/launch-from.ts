// Reads the Launch record from what ltijs keeps of a validated launch (res.locals.token and .context): ltijs has
// checked the signature, issuer, audience, nonce, expiry and, through the tool's guard, the deployment id.
import type { ContextTokenRecord, IdTokenRecord } from 'ltijs';
import type { Response } from 'express';
import { defaultLocale, toLocale, type Locale } from 'attention-lab/quiz';
import type { Launch, Placement } from './launch.js';
import { isInstructorRole } from './roles.js';

const policyKeys = ['variant', 'attempts', 'explain'] as const;

const customText = (custom: Record<string, unknown>, key: string): string | undefined => {
  const value = custom[key];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
};

/**
 * The placement from the resource link's custom parameters, spelt as the embed URL spells them: `lesson`, then at
 * most one of `section`, `widget`, `question` (none: the whole lesson), and the policy `variant`, `attempts`,
 * `explain`. A link without `lesson` places the first lesson (`defaultLesson`).
 */
export function placementOf(custom: Record<string, unknown>, defaultLesson: string): Placement {
  const what = (['question', 'widget', 'section'] as const).find((key) => customText(custom, key) !== undefined);
  const placement: Placement = {
    lesson: customText(custom, 'lesson') ?? defaultLesson,
    what: what ?? 'lesson',
    id: what ? (customText(custom, what) ?? '') : '',
  };
  for (const key of policyKeys) {
    const value = customText(custom, key);
    if (value !== undefined) placement[key] = value;
  }
  return placement;
}

/**
 * Graded when the custom parameter `graded` says true, or, without it, when the placement sets a policy (as an embed
 * URL with variant, attempts or explain is graded). A widget asks nothing, so it is never graded.
 */
export function isGraded(custom: Record<string, unknown>, placement: Placement): boolean {
  if (placement.what === 'widget') return false;
  const flag = customText(custom, 'graded');
  if (flag !== undefined) return /^(true|yes|1)$/i.test(flag);
  return policyKeys.some((key) => placement[key] !== undefined);
}

/** The launch_presentation claim's `locale` ("zh-CN", "zh_Hans", "en-US") as a locale the tool speaks, else English. */
export function launchLocale(presentation: Record<string, unknown> | undefined): Locale {
  const tag = presentation?.locale;
  return (typeof tag === 'string' ? toLocale(tag) : undefined) ?? defaultLocale;
}

/** The validated launch behind this request; throws when ltijs has not validated one (a route outside its check). */
export function launchFrom(res: Response): Launch {
  const token = res.locals.token as IdTokenRecord | undefined;
  const context = (res.locals.context ?? token?.platformContext) as ContextTokenRecord | undefined;
  if (!token || !context)
    throw new Error('launchFrom: no validated launch on this request (is the route behind ltijs?)');
  const custom = context.custom ?? {};
  const placement = placementOf(custom, String(res.app.locals.defaultLesson ?? ''));
  const roles = context.roles ?? [];
  return {
    platformId: token.platformId,
    issuer: token.iss,
    clientId: token.clientId,
    deploymentId: token.deploymentId,
    userId: token.user,
    userName: token.userInfo?.name ?? undefined,
    contextId: context.context?.id ?? '',
    resourceLinkId: context.resource?.id ?? '',
    roles,
    isInstructor: roles.some(isInstructorRole),
    placement,
    graded: isGraded(custom, placement),
    lineItemUrl: context.endpoint?.lineitem ?? undefined,
    agsScopes: context.endpoint?.scope ?? [],
    membershipsUrl: context.namesRoles?.context_memberships_url ?? undefined,
    locale: launchLocale(context.launchPresentation),
  };
}
