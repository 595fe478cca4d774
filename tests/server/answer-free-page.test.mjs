// The page the tool serves to graded launches (dist/lti-site) bundles no lesson at all: no answer key of any question,
// and no prose that could state one, where the practice site (dist/site) holds every one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { test } from 'node:test';
import { compiledLesson, courseIndex, questionsOf } from '../e2e/lesson-data.mjs';
import { answerKey, foundIn } from './answer-key.mjs';

const lessons = courseIndex.map((entry) => compiledLesson(entry.slug));

// Binary files (the WebAssembly core, fonts) hold no text a learner could read an answer from.
const binary = new Set(['.wasm', '.woff2', '.woff', '.ttf', '.png', '.ico']);
function siteText(folder) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!binary.has(extname(name))) files.push([path, readFileSync(path, 'utf8')]);
    }
  };
  walk(folder);
  return files;
}

test('no file of the graded site holds an answer key or a lesson; the practice site holds every one', () => {
  const graded = siteText('dist/lti-site');
  const gradedText = graded.map(([, text]) => text).join('\n');
  const practice = siteText('dist/site')
    .filter(([path]) => path.endsWith('.js'))
    .map(([, text]) => text)
    .join('\n');
  assert.ok(
    graded.some(([path]) => path.endsWith('embed.html')) && graded.some(([path]) => path.endsWith('.js')),
    'the graded site is built',
  );
  let checked = 0;
  for (const lesson of lessons) {
    for (const question of questionsOf(lesson)) {
      const needles = answerKey(question, lesson, { formatted: true });
      const own = needles.filter((needle) => !needle.generic && !needle.what.startsWith('the answer written'));
      const inPractice = foundIn(practice, own);
      assert.deepEqual(
        own.map((n) => n.what).filter((what) => !inPractice.includes(what)),
        [],
        `${question.id}: the practice site holds each of its own patterns, so they would be found`,
      );
      // Searched all at once; a find is then named by its file.
      if (foundIn(gradedText, needles).length)
        for (const [path, text] of graded) assert.deepEqual(foundIn(text, needles), [], `${question.id} in ${path}`);
      checked += needles.length;
    }
    // Not even the lesson's questions as data: the tool sends the placement's own.
    const prompts = questionsOf(lesson).map((q) => q.id);
    for (const [path, text] of graded)
      assert.deepEqual(
        prompts.filter((id) => text.includes(`"${id}"`) || text.includes(`\`${id}\``)),
        [],
        `${lesson.slug}: no question of it in ${path}`,
      );
    assert.ok(prompts.every((id) => practice.includes(`\`${id}\``) || practice.includes(`"${id}"`)));
  }
  assert.ok(checked > 100, `searched for ${checked} patterns`);
});
