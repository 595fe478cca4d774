// Compiles lessons/*/lesson.md with the core loaded in Node into web/generated/lessons/<slug>.json and index.json.
// Usage: node scripts/compile-lessons.mjs [--lessons DIR] [--out DIR]   every lesson in DIR, written to --out
//        node scripts/compile-lessons.mjs FILE… [--write] [--out DIR]   only those files, checked
//                                                                       (written with --write)
// A new lesson needs only its folder: lessons/<slug>/lesson.md with an order in its front matter.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../dist/lib/src/authoring/index.js';
import { readCompileOptions } from './compile-lessons-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let options;
try {
  options = readCompileOptions(process.argv.slice(2), root);
} catch (error) {
  console.error(`compile-lessons: ${error.message}`);
  process.exit(2);
}
const { lessonsDir, outDir, files: explicit, write } = options;

function allLessons() {
  return readdirSync(lessonsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(lessonsDir, entry.name, 'lesson.md')))
    .map((entry) => join(lessonsDir, entry.name, 'lesson.md'));
}

// Messages name lessons as lessons/<slug>/lesson.md, relative to the folder that holds the lessons folder.
const namesFrom = explicit.length > 0 ? root : dirname(lessonsDir);

function questionCount(lesson) {
  return lesson.sections.flatMap((section) => section.blocks).filter((block) => block.kind === 'question').length;
}

const core = await loadCore();
const compiled = [];
let problemCount = 0;
for (const path of explicit.length > 0 ? explicit : allLessons()) {
  // Paths in messages are relative, so they read the same on every machine.
  const file = relative(namesFrom, path).split('\\').join('/');
  let source;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    console.error(`${file}:1:1: cannot read the file (${error.code ?? error.message}); allowed: a path to a lesson.md`);
    problemCount++;
    continue;
  }
  const { lesson, problems, warnings, order } = compileLesson(source, {
    file,
    core,
    expectedSlug: basename(dirname(path)),
  });
  for (const problem of problems) console.error(formatProblem(problem));
  // Warnings are printed in the same file:line:column form and never stop the build.
  for (const warning of warnings) console.warn(formatProblem(warning));
  problemCount += problems.length;
  if (lesson) compiled.push({ lesson, order });
}

if (problemCount > 0) {
  console.error(`compile-lessons: ${problemCount} problem${problemCount === 1 ? '' : 's'}; nothing written`);
  process.exit(1);
}

if (write) {
  mkdirSync(outDir, { recursive: true });
  // A full run owns the JSON in --out: a renamed lesson must not leave its old file behind. Only .json goes,
  // so a mistaken --out never loses anything else.
  if (explicit.length === 0) {
    for (const name of readdirSync(outDir)) if (name.endsWith('.json')) rmSync(join(outDir, name), { force: true });
  }
  for (const { lesson } of compiled) writeFileSync(join(outDir, `${lesson.slug}.json`), `${JSON.stringify(lesson)}\n`);
  const index = compiled
    .sort((a, b) => a.order - b.order || a.lesson.slug.localeCompare(b.lesson.slug))
    .map(({ lesson }) => {
      const { slug, title, summary } = lesson;
      return { slug, title, summary, questions: questionCount(lesson) };
    });
  if (explicit.length === 0) writeFileSync(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
}
console.log(
  `compile-lessons: ${compiled.length} lesson${compiled.length === 1 ? '' : 's'} ` +
    `${write ? 'written' : 'checked'}, no problems`,
);
