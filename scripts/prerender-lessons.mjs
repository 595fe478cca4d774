// Writes dist/site/<slug>.html for every compiled lesson: the lesson page with the lesson's HTML already in it, so
// it reads at first paint and without scripts (the script then takes over, the same lesson named by data-lesson),
// followed by the list of all lessons. The site root, index.html, is the page of the first lesson in course order.
// A lesson translated into another locale (web/generated/lessons/<slug>.<locale>.json) gets its page in a folder of
// that locale (dist/site/zh-CN/<slug>.html, its index.html the first translated lesson), and every page names its
// versions in the other languages (hreflang) and links to them (the language switch).
// With --into FILE it writes the first lesson into that page instead (the single file, and so the SCORM package),
// without the list: that file holds one lesson and links nowhere; --locale zh-CN writes its translation. --lessons DIR
// and --site DIR read compiled lessons and write pages elsewhere (the defaults: web/generated/lessons and dist/site,
// whose lesson.html is the template).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLocale, locales } from '../dist/lib/src/i18n/locales.js';
import { languagePage } from '../dist/lib/src/lesson/page-language.js';
import { prerenderPage } from '../dist/lib/src/lesson/static-lesson.js';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) {
    console.error(`prerender-lessons: ${name} needs a value after it`);
    process.exit(1);
  }
  return value;
};
const lessons = option('--lessons', 'web/generated/lessons');
const site = option('--site', 'dist/site');
const into = option('--into', undefined);
const intoLocale = option('--locale', defaultLocale);
if (!locales.includes(intoLocale)) {
  console.error(`prerender-lessons: --locale must be one of ${locales.join(', ')}, got "${intoLocale}"`);
  process.exit(1);
}

// The original's file is <slug>.json, a translation's <slug>.<locale>.json.
const file = (slug, locale) => join(lessons, locale === defaultLocale ? `${slug}.json` : `${slug}.${locale}.json`);
const read = (slug, locale = defaultLocale) => JSON.parse(readFileSync(file(slug, locale), 'utf8'));
const translated = (slug, locale) => locale === defaultLocale || existsSync(file(slug, locale));
// A page's folder: the original's pages at the site's root, each translation's in a folder named by its locale.
const folder = (locale) => (locale === defaultLocale ? '' : `${locale}/`);
const up = (locale) => (locale === defaultLocale ? '' : '../');
const index = JSON.parse(readFileSync(join(lessons, 'index.json'), 'utf8'));
if (!Array.isArray(index) || index.length === 0) {
  console.error(`prerender-lessons: ${join(lessons, 'index.json')} lists no lesson`);
  process.exit(1);
}

if (into) {
  const slug = index[0].slug;
  if (!translated(slug, intoLocale)) {
    console.error(`prerender-lessons: ${slug} has no ${intoLocale} translation (${file(slug, intoLocale)})`);
    process.exit(1);
  }
  const page = languagePage(readFileSync(into, 'utf8'), { locale: intoLocale, versions: [] });
  writeFileSync(into, prerenderPage(page, read(slug, intoLocale), undefined, intoLocale));
  console.log(`prerender-lessons: ${slug} (${intoLocale}) written into ${into}`);
} else {
  const template = readFileSync(join(site, 'lesson.html'), 'utf8');
  const slugs = readdirSync(lessons)
    .filter((name) => /^[a-z0-9][a-z0-9-]*\.json$/.test(name) && name !== 'index.json')
    .map((name) => name.slice(0, -'.json'.length));
  // Each language's catalog chunk as Vite named it (assets/<locale>-<hash>.js): the page preloads its own. A site
  // folder holding only the template (pages written elsewhere than the build's) has no chunks to name.
  const assets = existsSync(join(site, 'assets')) ? readdirSync(join(site, 'assets')) : undefined;
  const catalogOf = (locale) => {
    if (!assets) return undefined;
    const found = assets.filter((name) => name.startsWith(`${locale}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(name));
    if (found.length !== 1) {
      console.error(
        `prerender-lessons: expected one catalog chunk for ${locale} in ${site}/assets, found ${found.length}`,
      );
      process.exit(1);
    }
    return `assets/${found[0]}`;
  };
  // The page of `slug` in `locale`, written at `name` in that locale's folder, with links to its other languages.
  const write = (name, slug, locale, list) => {
    // The root of each language opens its first lesson, which need not be the same lesson in every language.
    const has = (other) =>
      name === 'index.html' ? index.some((entry) => translated(entry.slug, other)) : translated(slug, other);
    const versions = locales
      .filter(has)
      .map((other) => ({ locale: other, href: `${up(locale)}${folder(other)}${name}` }));
    const root = name === 'index.html' && locale === defaultLocale;
    const page = languagePage(template, { locale, versions, up: up(locale), root, catalog: catalogOf(locale) });
    mkdirSync(join(site, folder(locale)), { recursive: true });
    writeFileSync(join(site, folder(locale), name), prerenderPage(page, read(slug, locale), list, locale));
  };
  let pages = 0;
  for (const locale of locales) {
    // The list at the end of a page names the lessons there are in its language, by their titles in it.
    const listed = index
      .filter((entry) => translated(entry.slug, locale))
      .map((entry) => ({ ...entry, title: read(entry.slug, locale).title, summary: read(entry.slug, locale).summary }));
    for (const slug of slugs.filter((slug) => translated(slug, locale))) {
      // Compiling single files with --write leaves index.json as it was: such a page is written without the list.
      const inList = listed.some((entry) => entry.slug === slug);
      if (!inList) console.warn(`prerender-lessons: ${slug} is not in index.json yet, so its page lists no lessons`);
      write(`${slug}.html`, slug, locale, inList ? listed : undefined);
      pages++;
    }
    if (listed.length > 0) write('index.html', listed[0].slug, locale, listed);
  }
  console.log(
    `prerender-lessons: ${pages} lesson page${pages === 1 ? '' : 's'} written in ${locales.length} languages; ` +
      `index.html is ${index[0].slug}`,
  );
}
