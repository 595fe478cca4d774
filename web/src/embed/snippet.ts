// Links and paste-ready HTML for embedding: embed.html sits beside lesson.html, so both resolve against the page URL.
import { t } from '../i18n/messages.js';
import { flattenWidgetParams, type WidgetParams } from '../authoring/widget-schema.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';

/** What a graded context reads, as the embed URL spells it; unset means the default. */
export interface GradedChoices {
  variant?: string;
  attempts?: string;
  explain?: string;
}

export interface EmbedTarget {
  lesson: string;
  widget?: { id: string; state: WidgetParams; hidden: Iterable<string> };
  question?: string;
  /** variant=, attempts=, explain=: they apply to questions only. */
  graded?: GradedChoices;
  /** The only origin that may receive messages: an origin checkOrigin accepted, or '*'. */
  origin?: string;
  /** The lesson's language (lang=); the original's when unset. */
  locale?: Locale;
}

const translated = (target: EmbedTarget) => target.locale !== undefined && target.locale !== defaultLocale;

// A translation's pages sit in a folder named by its locale, one below embed.html and lesson.html.
function siteUrl(pageUrl: string, target: EmbedTarget): string {
  const inFolder = translated(target) && new URL(pageUrl).pathname.includes(`/${target.locale}/`);
  return inFolder ? new URL('../', pageUrl).href : pageUrl;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** embed.html?lesson=…&widget=…&dk=…&hide=… (un-namespaced: they apply to the one widget) or &question=…. */
export function embedUrl(pageUrl: string, target: EmbedTarget): string {
  const url = new URL('embed.html', siteUrl(pageUrl, target));
  url.searchParams.set('lesson', target.lesson);
  if (translated(target)) url.searchParams.set('lang', target.locale!);
  if (target.widget) {
    url.searchParams.set('widget', target.widget.id);
    for (const [name, value] of Object.entries(flattenWidgetParams(target.widget.state)))
      url.searchParams.set(name, String(value));
    const hidden = [...target.widget.hidden];
    if (hidden.length) url.searchParams.set('hide', hidden.join(','));
  }
  if (target.question) {
    url.searchParams.set('question', target.question);
    for (const [name, value] of Object.entries(target.graded ?? {}))
      if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  if (target.origin) url.searchParams.set('origin', target.origin);
  return url.toString();
}

/** The same view in the full lesson page (lesson page URL state is namespaced by widget id). */
export function lessonUrl(pageUrl: string, target: EmbedTarget): string {
  // A translated lesson opens in its own page, which names it; the original in the bare page, told which lesson.
  const page = translated(target) ? `${target.locale}/${encodeURIComponent(target.lesson)}.html` : 'lesson.html';
  const url = new URL(page, siteUrl(pageUrl, target));
  if (!translated(target)) url.searchParams.set('lesson', target.lesson);
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

/**
 * What an instructor typed as the origin allowed to hear the frame: empty (none named), '*', or an http(s) origin
 * written as one (no path, query or user). `problem` says what to write instead; the snippet then leaves it out.
 */
export function checkOrigin(text: string): { origin?: string; problem?: string } {
  if (typeof text !== 'string') throw new TypeError(`checkOrigin: text must be a string, got ${typeof text}`);
  const typed = text.trim();
  if (typed === '' || typed === '*') return typed ? { origin: '*' } : {};
  const example = t('origin.example');
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { problem: t('origin.notOrigin', { typed: short(typed), example }) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: t('origin.scheme', { typed: short(typed), example }) };
  if (!url.host) return { problem: t('origin.noHost', { typed: short(typed), example }) };
  const bare = typed.replace(/\/$/, '').toLowerCase() === url.origin.toLowerCase();
  if (!bare) return { problem: t('origin.bare', { origin: short(url.origin), typed: short(typed) }) };
  return { origin: url.origin };
}

/** A whole number of CSS pixels a host may use as the frame's height. */
const checkHeight = (height: number) => {
  if (!Number.isSafeInteger(height) || height < 1 || height > 100_000)
    throw new RangeError(`iframeSnippet: height must be a whole number of pixels from 1 to 100000, got ${height}`);
  return height;
};

/** An iframe of `height` px (where scripts are stripped) that our host script or Canvas resizes, plus that script. */
export function iframeSnippet(pageUrl: string, target: EmbedTarget, title: string, height: number): string {
  const src = embedUrl(pageUrl, target);
  const hostScript = new URL('embed-host.js', pageUrl).toString();
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" ` +
    `height="${checkHeight(height)}" style="border:0;width:100%" loading="lazy" allow="clipboard-write"></iframe>\n` +
    `<script src="${escapeAttribute(hostScript)}" async></script>`
  );
}
