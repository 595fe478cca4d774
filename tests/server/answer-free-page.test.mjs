// The page the tool serves to graded launches (dist/lti-site) and the lessons it bundles: every prompt, option and
// variant a learner needs, and no answer key in any file, where the practice site (dist/site) holds every one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { test } from 'node:test';
import { answerFreeLesson } from '../../scripts/answer-free-lessons.mjs';
import { compiledLesson, courseIndex, questionsOf } from '../e2e/lesson-data.mjs';
import { answerKey, foundIn } from './answer-key.mjs';

const lessons = courseIndex.map((entry) => compiledLesson(entry.slug));

// Binary files hold no text a learner could read an answer from.
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

test('the answer-free lessons keep what a learner reads and drop what answers it', () => {
  for (const lesson of lessons) {
    const built = JSON.parse(readFileSync(`web/generated/lti-lessons/${lesson.slug}.json`, 'utf8'));
    assert.deepEqual(built, answerFreeLesson(lesson), `${lesson.slug}: the built file is current`);
    const original = questionsOf(lesson);
    const stripped = questionsOf(built);
    assert.equal(stripped.length, original.length);
    original.forEach((q, i) => {
      const free = stripped[i];
      const pairs = [[q, free], ...(q.variants ?? []).map((v, j) => [v.question, free.variants[j].question])];
      assert.deepEqual(
        (free.variants ?? []).map((v) => v.params),
        (q.variants ?? []).map((v) => v.params),
      );
      for (const [full, shown] of pairs) {
        assert.equal(shown.prompt, full.prompt, `${q.id}: the prompt is kept`);
        if (full.kind !== 'numeric')
          assert.deepEqual(
            shown.options,
            full.options.map(({ id, text }) => ({ id, text })),
          );
        const kept = Object.keys(shown).filter((key) => !['variants', 'options'].includes(key));
        assert.deepEqual(
          kept.filter((key) => !['kind', 'id', 'prompt', 'hint'].includes(key)),
          [],
          `${q.id}`,
        );
      }
    });
  }
});

test('no file of the graded site gives an answer away; the practice site holds every one', () => {
  const graded = siteText('dist/lti-site');
  const practice = siteText('dist/site')
    .filter(([path]) => path.endsWith('.js'))
    .map(([, text]) => text)
    .join('\n');
  assert.ok(
    graded.some(([path]) => path.endsWith('lesson.html')) && graded.some(([path]) => path.endsWith('.js')),
    'the graded site is built',
  );
  let checked = 0;
  for (const lesson of lessons)
    for (const question of questionsOf(lesson)) {
      const needles = answerKey(question, lesson);
      const own = needles.filter((needle) => !needle.generic);
      assert.deepEqual(
        own.map((n) => n.what).filter((what) => !foundIn(practice, own).includes(what)),
        [],
        `${question.id}: the practice site holds each of its own patterns, so they would be found`,
      );
      for (const [path, text] of graded) assert.deepEqual(foundIn(text, needles), [], `${question.id} in ${path}`);
      checked += needles.length;
    }
  assert.ok(checked > 100, `searched for ${checked} patterns`);
});
