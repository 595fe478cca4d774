// Compiles lessons/*/lesson.md with the core loaded in Node into web/generated/lessons/<slug>.json and index.json.
// Usage: node scripts/compile-lessons.mjs                 every lesson, written
//        node scripts/compile-lessons.mjs FILE… [--write]  only those files, checked (written with --write)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../dist/lib/src/authoring/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'web', 'generated', 'lessons');
const args = process.argv.slice(2);
const explicit = args.filter((arg) => !arg.startsWith('--')).map((file) => resolve(file));
const write = explicit.length === 0 || args.includes('--write');

function allLessons() {
  const dir = join(root, 'lessons');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'lesson.md')))
    .map((entry) => join(dir, entry.name, 'lesson.md'));
}

const core = await loadCore();
const compiled = [];
let problemCount = 0;
for (const path of explicit.length > 0 ? explicit : allLessons()) {
  // Paths in messages are relative to the repo, so they read the same on every machine.
  const file = relative(root, path).split('\\').join('/');
  let source;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    console.error(`${file}:1:1: cannot read the file (${error.code ?? error.message}); allowed: a path to a lesson.md`);
    problemCount++;
    continue;
  }
  const { lesson, problems, order } = compileLesson(source, { file, core, expectedSlug: basename(dirname(path)) });
  for (const problem of problems) console.error(formatProblem(problem));
  problemCount += problems.length;
  if (lesson) compiled.push({ lesson, order });
}

if (problemCount > 0) {
  console.error(`compile-lessons: ${problemCount} problem${problemCount === 1 ? '' : 's'}; nothing written`);
  process.exit(1);
}

if (write) {
  // A full run owns the folder: a renamed lesson must not leave its old JSON behind.
  if (explicit.length === 0) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const { lesson } of compiled) writeFileSync(join(outDir, `${lesson.slug}.json`), `${JSON.stringify(lesson)}\n`);
  const index = compiled
    .sort((a, b) => a.order - b.order || a.lesson.slug.localeCompare(b.lesson.slug))
    .map(({ lesson }) => ({ slug: lesson.slug, title: lesson.title, summary: lesson.summary }));
  if (explicit.length === 0) writeFileSync(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
}
console.log(`compile-lessons: ${compiled.length} lesson${compiled.length === 1 ? '' : 's'} ${write ? 'written' : 'checked'}, no problems`);
