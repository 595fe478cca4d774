// A served page in one language, written at build time: `<html lang>`, the alternates in the other languages (hreflang,
// for browsers and search engines) and the language switch, a plain link to the same lesson in the other language.
import { locales, type Locale } from '../i18n/locales.js';
import { escapeHtml as escape } from './escape-html.js';

/** The same page in one language: its locale and its address relative to the page written. */
export interface LanguageVersion {
  locale: Locale;
  href: string;
}

export interface PageLanguage {
  /** The page's own language. */
  locale: Locale;
  /** Every language the page exists in, its own included. */
  versions: readonly LanguageVersion[];
  /** How the page's folder reaches the site's (the template's `./` URLs): '' beside it, '../' one folder down. */
  up?: string;
  /** The site root, where the browser's language picks the page on a first visit. */
  root?: boolean;
  /** The page's catalog, relative to the site's folder (assets/en-….js): fetched beside the entry, not after. */
  catalog?: string;
}

/** A language's name in itself ("English", "中文（中国）"), as the switch shows it to someone who reads it. */
export const languageName = (locale: Locale): string =>
  new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;

const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

function checkVersions(versions: readonly LanguageVersion[], locale: Locale): void {
  if (!locales.includes(locale)) throw new RangeError(`languagePage: locale must be one of ${locales.join(', ')}`);
  if (!Array.isArray(versions))
    throw new TypeError(`languagePage: versions must be an Array, got ${describe(versions)}`);
  for (const version of versions)
    if (!locales.includes(version?.locale) || typeof version.href !== 'string' || version.href === '')
      throw new TypeError(`languagePage: each version needs a known locale and an href, got ${describe(version)}`);
}

/** The page template (the built lesson.html) in one language, for prerenderPage to write a lesson into. */
export function languagePage(
  template: string,
  { locale, versions, up = '', root = false, catalog }: PageLanguage,
): string {
  if (typeof template !== 'string') throw new TypeError('languagePage: template must be the HTML of the lesson page');
  checkVersions(versions, locale);
  if (!/<html[^>]*\slang="[^"]*"/.test(template)) throw new Error('languagePage: the page has no <html lang="…">');
  if (!template.includes('<span class="brand">')) throw new Error('languagePage: the page has no brand to follow');
  const alternates = versions
    .map((v) => `<link rel="alternate" hreflang="${escape(v.locale)}" href="${escape(v.href)}" />`)
    .join('\n    ');
  // The entry waits for this catalog before the first figure starts: on a slow network one round trip less.
  const preload = catalog
    ? `<link rel="modulepreload" crossorigin href="${escape(up || './')}${escape(catalog)}" />`
    : '';
  const head = [preload, alternates].filter(Boolean).join('\n    ');
  // One link per other language, named in that language, so a reader who cannot read this page finds theirs.
  const switches = versions
    .filter((v) => v.locale !== locale)
    .map(
      (v) =>
        `<a class="language-switch" href="${escape(v.href)}" hreflang="${escape(v.locale)}" ` +
        `lang="${escape(v.locale)}" data-locale="${escape(v.locale)}">${escape(languageName(v.locale))}</a>`,
    )
    .join('');
  return template
    .replace(/(\s(?:src|href)=")\.\//g, (_, attribute: string) => `${attribute}${up || './'}`)
    .replace(
      /<html([^>]*)\slang="[^"]*"/,
      (_, before: string) => `<html${before} lang="${escape(locale)}"${root ? ' data-site-root' : ''}`,
    )
    .replace(/<\/head>/, () => (head ? `  ${head}\n  </head>` : '</head>'))
    .replace(/(<span class="brand">[^<]*<\/span>)/, (brand: string) => brand + switches);
}
