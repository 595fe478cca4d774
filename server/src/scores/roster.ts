// The class list from the platform's Names and Roles service (NRPS), so that the instructor view also shows the
// learners who have not answered anything yet. Read with the same client-credentials token as scores, page by page.
import type { Launch } from '../lti/launch.js';
import type { PlatformTokens } from './platform-tokens.js';

export const rosterScope = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

export interface Member {
  userId: string;
  name?: string;
  roles: string[];
}

export type Roster = { members: Member[] } | { unavailable: string };

const maxPages = 50;

// Link: <https://…?page=2>; rel="next"
function nextPage(link: string | null): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;.*\brel="?next"?/i.exec(part);
    if (match) return match[1];
  }
  return undefined;
}

/** A member who takes the course: an active Learner (context role, full URI or short name). */
export function isLearner(member: Member): boolean {
  return member.roles.some((role) => /(^|[#/])Learner$/.test(role));
}

/** The context's members, or why they could not be read (no NRPS in this launch, platform down …). */
export async function readRoster(launch: Launch, tokens: PlatformTokens, timeoutMs = 10_000): Promise<Roster> {
  if (!launch.membershipsUrl) return { unavailable: 'the platform offers no class list (NRPS) for this course' };
  const members: Member[] = [];
  try {
    const authorization = await tokens.authorization(launch.platformId, rosterScope);
    let url: string | undefined = launch.membershipsUrl;
    for (let page = 0; url && page < maxPages; page++) {
      const response = await fetch(url, {
        headers: { Authorization: authorization, Accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const text = (await response.text()).replace(/\s+/g, ' ').slice(0, 200);
        return { unavailable: `the platform's class list answered HTTP ${response.status}: ${text}` };
      }
      const body = (await response.json()) as { members?: Record<string, unknown>[] };
      for (const member of body.members ?? []) {
        if (typeof member.user_id !== 'string') continue;
        if (member.status !== undefined && member.status !== 'Active') continue;
        const roles = Array.isArray(member.roles) ? member.roles.filter((r) => typeof r === 'string') : [];
        members.push({
          userId: member.user_id,
          name: typeof member.name === 'string' ? member.name : undefined,
          roles,
        });
      }
      url = nextPage(response.headers.get('link'));
    }
  } catch (error) {
    return { unavailable: `the platform's class list could not be read: ${(error as Error).message}` };
  }
  return { members };
}
