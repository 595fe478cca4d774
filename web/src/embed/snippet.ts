// Links and paste-ready HTML for embedding: embed.html sits beside lesson.html, so both resolve against the page URL.
import { flattenWidgetParams, type WidgetParams } from '../authoring/widget-schema.js';

export interface EmbedTarget {
  lesson: string;
  widget?: { id: string; state: WidgetParams; hidden: Iterable<string> };
  question?: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** embed.html?lesson=…&widget=…&dk=…&hide=… (un-namespaced: they apply to the one widget) or &question=…. */
export function embedUrl(pageUrl: string, target: EmbedTarget): string {
  const url = new URL('embed.html', pageUrl);
  url.searchParams.set('lesson', target.lesson);
  if (target.widget) {
    url.searchParams.set('widget', target.widget.id);
    for (const [name, value] of Object.entries(flattenWidgetParams(target.widget.state)))
      url.searchParams.set(name, String(value));
    const hidden = [...target.widget.hidden];
    if (hidden.length) url.searchParams.set('hide', hidden.join(','));
  }
  if (target.question) url.searchParams.set('question', target.question);
  return url.toString();
}

/** The same view in the full lesson page (lesson page URL state is namespaced by widget id). */
export function lessonUrl(pageUrl: string, target: EmbedTarget): string {
  const url = new URL('lesson.html', pageUrl);
  url.searchParams.set('lesson', target.lesson);
  if (target.widget) {
    const { id } = target.widget;
    for (const [name, value] of Object.entries(flattenWidgetParams(target.widget.state)))
      url.searchParams.set(`${id}.${name}`, String(value));
    const hidden = [...target.widget.hidden].map((name) => `${id}.${name}`);
    if (hidden.length) url.searchParams.set('hide', hidden.join(','));
    url.hash = id;
  } else if (target.question) url.hash = `question-${target.question}`;
  return url.toString();
}

/** An iframe that sizes itself with our host script (or Canvas's lti.frameResize), plus that script. */
export function iframeSnippet(pageUrl: string, target: EmbedTarget, title: string): string {
  const src = embedUrl(pageUrl, target);
  const height = target.widget ? 720 : 360;
  const hostScript = new URL('embed-host.js', pageUrl).toString();
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="${height}" ` +
    `style="border:0;width:100%" loading="lazy" allow="clipboard-write"></iframe>\n` +
    `<script src="${escapeAttribute(hostScript)}" async></script>`
  );
}
