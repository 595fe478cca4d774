// Writes dist/site/<slug>.html for every compiled lesson: the lesson page with the lesson's HTML already in it, so
// it reads at first paint and without scripts (the script then takes over, the same lesson named by data-lesson).
// With --into FILE it writes the first lesson into that page instead (the single file, and so the SCORM package).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prerenderPage } from '../dist/lib/src/lesson/static-lesson.js';

const site = 'dist/site';
const lessons = 'web/generated/lessons';
const read = (slug) => JSON.parse(readFileSync(join(lessons, `${slug}.json`), 'utf8'));
const into = process.argv.includes('--into') ? process.argv[process.argv.indexOf('--into') + 1] : undefined;

if (into) {
  const [first] = JSON.parse(readFileSync(join(lessons, 'index.json'), 'utf8'));
  writeFileSync(into, prerenderPage(readFileSync(into, 'utf8'), read(first.slug)));
  console.log(`prerender-lessons: ${first.slug} written into ${into}`);
} else {
  const template = readFileSync(join(site, 'lesson.html'), 'utf8');
  const slugs = readdirSync(lessons)
    .filter((name) => name.endsWith('.json') && name !== 'index.json')
    .map((name) => name.slice(0, -'.json'.length));
  for (const slug of slugs) writeFileSync(join(site, `${slug}.html`), prerenderPage(template, read(slug)));
  console.log(`prerender-lessons: ${slugs.length} lesson page${slugs.length === 1 ? '' : 's'} written`);
}
