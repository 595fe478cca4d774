// Posts host messages to the embedding page. Sizes and `ready` may go to any origin ('*'); a learner's answers go only
// to the origin the host named with `origin=` or, by default, to the embedding page's own origin, never to '*' unasked.
import { learnerVerbs, type HostMessage } from './messages.js';

export interface TargetOrigins {
  /** For sizes and `ready`. */
  open: string;
  /** For answers, progress and completion; undefined when no safe target is known (those messages are not sent). */
  learner: string | undefined;
}

/** An http(s) origin, or '*' only when spelled out; anything else is refused. */
export function parseOrigin(raw: string): string | undefined {
  if (raw === '*') return '*';
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== 'null' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The embedding page's origin as the browser reports it (ancestorOrigins in Chromium and Safari, else the referrer).
 */
export function embeddingOrigin(win: Window = window): string | undefined {
  if (win.parent === win) return undefined;
  const ancestor = win.location.ancestorOrigins?.[0];
  const candidate = ancestor ?? (win.document.referrer ? win.document.referrer : undefined);
  if (!candidate || candidate === 'null') return undefined;
  const origin = parseOrigin(candidate);
  return origin === '*' ? undefined : origin;
}

export function targetOrigins(
  requested: string | null,
  embedding: string | undefined,
): { origins: TargetOrigins; problem?: string } {
  if (requested === null || requested === '') return { origins: { open: '*', learner: embedding } };
  const origin = parseOrigin(requested);
  if (origin) return { origins: { open: origin, learner: origin } };
  return {
    origins: { open: '*', learner: embedding },
    problem:
      `The origin “${requested.slice(0, 80)}” is not an http(s) origin such as https://canvas.example; ` +
      `answers go only to the page that embeds this`,
  };
}

export function postToHost(target: Window, origins: TargetOrigins, message: HostMessage): void {
  const origin = learnerVerbs.has(message.verb) ? origins.learner : origins.open;
  if (!origin) return;
  try {
    target.postMessage(message, origin);
  } catch (error) {
    console.warn('attention-lab: could not post to the host page', error); // an embed never breaks over its host
  }
}
