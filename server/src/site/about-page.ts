// The tool's root: what an administrator sees on opening its address, with the URLs a platform registers.
import { escapeHtml, page } from '../deep-link/page.js';

export function aboutPage(base: string): string {
  const rows = [
    ['OIDC login initiation URL', `${base}/login`],
    ['Redirect URI, target link URI, Deep Linking URL', `${base}/launch`],
    ['Public keyset (JWKS) URL', `${base}/keys`],
  ]
    .map(([what, url]) => `<dt>${escapeHtml(what ?? '')}</dt><dd><code>${escapeHtml(url ?? '')}</code></dd>`)
    .join('');
  return page(
    'Attention Lab: LTI 1.3 tool',
    '<h1>Attention Lab: LTI 1.3 tool</h1>' +
      '<p>This address is for a learning platform (Canvas, Moodle, Brightspace, Blackboard, Open edX): learners ' +
      'and instructors open Attention Lab from their course. To add it to a platform, register these URLs there, ' +
      'and the platform with <code>npm run lti -- register</code> here (README, “LTI 1.3 tool”).</p>' +
      `<dl>${rows}</dl>`,
  );
}
