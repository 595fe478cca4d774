// Writes dist/site/<slug>.html for every compiled lesson: the lesson page with the lesson's HTML already in it, so
// it reads at first paint and without scripts (the script then takes over, the same lesson named by data-lesson),
// followed by the list of all lessons. The site root, index.html, is the page of the first lesson in course order.
// With --into FILE it writes the first lesson into that page instead (the single file, and so the SCORM package),
// without the list: that file holds one lesson and links nowhere. --lessons DIR and --site DIR read compiled lessons
// and write pages elsewhere (the defaults: web/generated/lessons and dist/site, whose lesson.html is the template).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

const read = (slug) => JSON.parse(readFileSync(join(lessons, `${slug}.json`), 'utf8'));
const index = JSON.parse(readFileSync(join(lessons, 'index.json'), 'utf8'));
if (!Array.isArray(index) || index.length === 0) {
  console.error(`prerender-lessons: ${join(lessons, 'index.json')} lists no lesson`);
  process.exit(1);
}

if (into) {
  writeFileSync(into, prerenderPage(readFileSync(into, 'utf8'), read(index[0].slug)));
  console.log(`prerender-lessons: ${index[0].slug} written into ${into}`);
} else {
  const template = readFileSync(join(site, 'lesson.html'), 'utf8');
  const slugs = readdirSync(lessons)
    // <slug>.<locale>.json files are translations of a lesson, not other lessons.
    .filter((name) => /^[^.]+\.json$/.test(name) && name !== 'index.json')
    .map((name) => name.slice(0, -'.json'.length));
  for (const slug of slugs) {
    // Compiling single files with --write leaves index.json as it was: such a page is written without the list.
    const listed = index.some((entry) => entry.slug === slug);
    if (!listed) console.warn(`prerender-lessons: ${slug} is not in index.json yet, so its page lists no lessons`);
    writeFileSync(join(site, `${slug}.html`), prerenderPage(template, read(slug), listed ? index : undefined));
  }
  writeFileSync(join(site, 'index.html'), prerenderPage(template, read(index[0].slug), index));
  console.log(
    `prerender-lessons: ${slugs.length} lesson page${slugs.length === 1 ? '' : 's'} written; ` +
      `index.html is ${index[0].slug}`,
  );
}
