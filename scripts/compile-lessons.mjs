// Compiles lessons/*/lesson.md with the core loaded in Node into web/generated/lessons/<slug>.json and index.json,
// and each translation lessons/<slug>/lesson.<locale>.md, checked against its lesson.md, into <slug>.<locale>.json.
// Usage: node scripts/compile-lessons.mjs [--lessons DIR] [--out DIR]   every lesson in DIR, written to --out
//        node scripts/compile-lessons.mjs FILE… [--write] [--out DIR]   only those files (lessons or translations),
//                                                                       checked (written with --write)
// A new lesson needs only its folder: lessons/<slug>/lesson.md with an order in its front matter; a new language of
// it, a lesson.<locale>.md beside it.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from 'attention-lab/core';
import {
  compileLesson,
  compileTranslation,
  formatProblem,
  translationLocale,
  translationLocales,
} from '../dist/lib/src/authoring/index.js';
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
    .flatMap((entry) => {
      const folder = join(lessonsDir, entry.name);
      const translations = readdirSync(folder).filter(isTranslationName).sort();
      return ['lesson.md', ...translations].map((name) => join(folder, name));
    });
}

// Messages name lessons as lessons/<slug>/lesson.md, relative to the folder that holds the lessons folder.
const namesFrom = explicit.length > 0 ? root : dirname(lessonsDir);

// lesson.zh-CN.md and the like: any lesson.<something>.md is read as a translation, so a misspelt locale is reported.
const isTranslationName = (name) => /^lesson\..+\.md$/.test(name);

function questionCount(lesson) {
  return lesson.sections.flatMap((section) => section.blocks).filter((block) => block.kind === 'question').length;
}

const core = await loadCore();
const compiled = [];
const translated = [];
// Originals compiled in this run, by path, so a translation is checked against them without compiling them again.
const originals = new Map();
let problemCount = 0;
// Paths in messages are relative, so they read the same on every machine.
const nameOf = (path) => relative(namesFrom, path).split('\\').join('/');

function readLesson(path, file) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const allowed = 'allowed: a path to a lesson.md or a lesson.<locale>.md';
    console.error(`${file}:1:1: cannot read the file (${error.code ?? error.message}); ${allowed}`);
    problemCount++;
    return null;
  }
}

function compileOne(path) {
  const file = nameOf(path);
  const source = readLesson(path, file);
  if (source === null) return null;
  const expectedSlug = basename(dirname(path));
  const name = basename(path);
  if (!isTranslationName(name)) return { result: compileLesson(source, { file, core, expectedSlug }) };
  const locale = translationLocale(name);
  const originalPath = join(dirname(path), 'lesson.md');
  const originalFile = nameOf(originalPath);
  const originalSource = readLesson(originalPath, originalFile);
  if (originalSource === null) return null;
  if (locale === null) {
    const allowed = `allowed: lesson.<locale>.md with a locale such as ${translationLocales.join(', ')}`;
    console.error(`${file}:1:1: cannot read a locale from the name ${name}; ${allowed}`);
    problemCount++;
    return null;
  }
  const options = { file, originalFile, core, locale, expectedSlug, original: originals.get(originalPath) };
  return { locale, result: compileTranslation(originalSource, source, options) };
}

for (const path of explicit.length > 0 ? explicit : allLessons()) {
  const one = compileOne(path);
  if (!one) continue;
  const { lesson, problems, warnings, order } = one.result;
  for (const problem of problems) console.error(formatProblem(problem));
  // Warnings are printed in the same file:line:column form and never stop the build.
  for (const warning of warnings) console.warn(formatProblem(warning));
  problemCount += problems.length;
  if (one.locale === undefined) originals.set(path, one.result);
  if (lesson && one.locale !== undefined) translated.push({ lesson, locale: one.locale });
  else if (lesson) compiled.push({ lesson, order });
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
  for (const { lesson, locale } of translated)
    writeFileSync(join(outDir, `${lesson.slug}.${locale}.json`), `${JSON.stringify(lesson)}\n`);
  const index = compiled
    .sort((a, b) => a.order - b.order || a.lesson.slug.localeCompare(b.lesson.slug))
    .map(({ lesson }) => {
      const { slug, title, summary } = lesson;
      // The original is English; a translation adds its locale.
      const locales = ['en', ...translated.filter((t) => t.lesson.slug === slug).map((t) => t.locale)];
      return { slug, title, summary, questions: questionCount(lesson), locales };
    });
  if (explicit.length === 0) writeFileSync(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
}
// The lessons' line stays as it was; translations, when there are any, are named after it.
const translations =
  translated.length > 0
    ? `; ${translated.length} translation${translated.length === 1 ? '' : 's'} checked against the original`
    : '';
console.log(
  `compile-lessons: ${compiled.length} lesson${compiled.length === 1 ? '' : 's'} ` +
    `${write ? 'written' : 'checked'}, no problems${translations}`,
);
