// Where a launch lands: the site's embed page (embed.html, as web/src/embed reads it) with the placement's lesson,
// widget or question and policy; a section is the whole lesson opened at its heading. Practice pages come from /site/
// and grade in the browser; graded pages from /graded/, with the ltik the page sends back to the server.
import { defaultLocale } from 'attention-lab/quiz';
import type { Launch } from '../lti/launch.js';

export function pageUrl(launch: Launch, ltik: string): string {
  const { placement } = launch;
  const params = new URLSearchParams({ lesson: placement.lesson });
  if (placement.what === 'widget' || placement.what === 'question') params.set(placement.what, placement.id);
  // The policy is for questions: a widget alone asks none.
  for (const key of placement.what === 'widget' ? [] : (['variant', 'attempts', 'explain'] as const)) {
    const value = placement[key];
    if (value !== undefined) params.set(key, value);
  }
  // The page speaks the launch's language (embed.html's lang=); English, the original, needs none.
  if (launch.locale && launch.locale !== defaultLocale) params.set('lang', launch.locale);
  if (launch.graded) params.set('ltik', ltik);
  const anchor = placement.what === 'section' ? `#${encodeURIComponent(placement.id)}` : '';
  return `${launch.graded ? '/graded/' : '/site/'}embed.html?${params}${anchor}`;
}
