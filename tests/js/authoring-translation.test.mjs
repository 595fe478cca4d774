// A translation is checked against its original: a good one compiles with the original's ids, and each kind of
// difference in structure or numbers is reported at its own file:line:column in the translation.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadCore } from 'attention-lab/core';
import { compileLesson, compileTranslation, formatProblem } from '../../dist/lib/src/authoring/index.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(repo, 'tests/js/fixtures/translations');
const originalSource = readFileSync(join(fixtures, 'tiny/lesson.md'), 'utf8');
const goodSource = readFileSync(join(fixtures, 'tiny/lesson.zh-CN.md'), 'utf8');
const file = 'lessons/tiny/lesson.zh-CN.md';
const originalFile = 'lessons/tiny/lesson.md';

let core;
let original;
before(async () => {
  core = await loadCore();
  original = compileLesson(originalSource, { file: originalFile, core, expectedSlug: 'tiny' });
  assert.deepEqual(original.problems, [], 'the fixture original compiles');
});

const check = (source) =>
  compileTranslation(originalSource, source, {
    file,
    originalFile,
    core,
    locale: 'zh-CN',
    expectedSlug: 'tiny',
    original,
  });

/** The good translation with one text replaced (it must occur exactly once). */
function edited(from, to, source = goodSource) {
  assert.equal(source.split(from).length, 2, `"${from}" occurs once in the translation`);
  return source.replace(from, to);
}

/** "line:column" of a text in a source, 1-based, as an editor shows it. */
function at(source, text) {
  const offset = source.indexOf(text);
  assert.ok(offset >= 0, `"${text}" is in the source`);
  const before = source.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function problemsOf(source) {
  const result = check(source);
  if (result.problems.length > 0) assert.equal(result.lesson, null, 'a translation with problems is never written');
  return result.problems.map(formatProblem);
}

const same = ', as only prose is translated';
const changedAnswerProblem =
  `${file}:35:9: question "std-512": answer is 16 here but 22.6274 in the original (lesson.md:35); allowed: the ` +
  `original's answer${same}`;

describe('compileTranslation', () => {
  test('a good translation compiles, with the original slug and section ids and its own prose', () => {
    const { lesson, problems } = check(goodSource);
    assert.deepEqual(problems, []);
    assert.equal(lesson.slug, 'tiny');
    assert.deepEqual(
      lesson.sections.map((s) => s.id),
      original.lesson.sections.map((s) => s.id),
    );
    assert.equal(lesson.sections[0].title, '分数在增长');
    const questions = (l) => l.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'question');
    assert.deepEqual(
      questions(lesson).map((b) => [b.question.id, b.question.answer]),
      questions(original.lesson).map((b) => [b.question.id, b.question.answer]),
    );
  });

  test('a changed answer is rejected at the answer (the fixture)', () => {
    const source = readFileSync(join(fixtures, 'changed-answer.zh-CN.md'), 'utf8');
    assert.deepEqual(problemsOf(source), [changedAnswerProblem]);
  });

  test('a changed tolerance, anticipated value or show state is rejected where it is written', () => {
    assert.deepEqual(problemsOf(edited('tolerance: { rtol: 0.01 }', 'tolerance: { rtol: 0.02 }')), [
      `${file}:36:12: question "std-512": tolerance is { rtol: 0.02 } here but { rtol: 0.01 } in the original ` +
        `(lesson.md:36); allowed: the original's tolerance${same}`,
    ]);
    assert.deepEqual(problemsOf(edited('  - value: 512', '  - value: 256')), [
      `${file}:38:12: question "std-512": anticipated 1 value is 256 here but 512 in the original (lesson.md:38); ` +
        `allowed: the original's anticipated 1 value${same}`,
    ]);
    assert.deepEqual(problemsOf(edited('state: { dk: 512, scaled: false }', 'state: { dk: 512, scaled: true }')), [
      `${file}:43:7: question "std-512": show is { widget: explore, state: { dk: 512, scaled: true } } here but ` +
        `{ widget: explore, state: { dk: 512, scaled: false } } in the original (lesson.md:43); allowed: the ` +
        `original's show${same}`,
    ]);
  });

  test("a widget's parameters, predict structure and the front matter's order must match", () => {
    const source = edited('range: [0, 64]', 'range: [0, 100]', edited('samples: 2000', 'samples: 4000'));
    assert.deepEqual(problemsOf(edited('order: 7', 'order: 8', source)), [
      `${file}:5:8: order 8 differs from the original's 7 (lesson.md:5); allowed: the original's order`,
      `${file}:14:10: widget "explore": parameter samples is 4000 here but 2000 in the original (lesson.md:14); ` +
        `allowed: the original's parameter samples${same}`,
      `${file}:21:10: widget "explore": predict range is [0, 100] here but [0, 64] in the original ` +
        `(lesson.md:21); allowed: the original's predict range${same}`,
    ]);
  });

  test('core values: other arguments at the call, one left out at its block; their order is free', () => {
    const changed = edited('{{scoreStd dk=64}}', '{{scoreStd dk=32}}');
    const dropped = edited('不超过 {{scoreSpread dk=256 digits=0}} 的', '不超过 32 的');
    assert.deepEqual(problemsOf(changed), [
      `${file}:${at(changed, '{{scoreStd dk=32}}')}: {{scoreStd dk=32}} differs from the original's ` +
        '{{scoreStd dk=64}} (lesson.md:10); allowed: core values copied unchanged',
    ]);
    assert.deepEqual(problemsOf(dropped), [
      `${file}:67:1: the original's {{scoreSpread dk=256 digits=0}} (lesson.md:67) is missing here; allowed: ` +
        'every core value of the original, copied unchanged',
    ]);
  });

  test('a missing widget, an extra question and reordered sections are named where they are', () => {
    const noWidget = edited('::: widget softmax-dies {#dies}\nkeys: 8\n:::\n\n', '');
    assert.deepEqual(problemsOf(noWidget), [
      `${file}:${at(noWidget, 'scaled-std')}: the original's widget "dies" (lesson.md:50) is missing here; allowed: ` +
        "every widget and question of the original, in the original's order",
    ]);
    const extra =
      goodSource +
      '\n::: question extra-one\nkind: numeric\nprompt: 多一个问题？\nanswer: { value: scoreStd, dk: 4 }\n' +
      'explanation: 二。\n:::\n';
    assert.deepEqual(problemsOf(extra), [
      `${file}:${at(extra, 'extra-one')}: question "extra-one" is not in the original; allowed: the original's ` +
        'widgets and questions, each translated where it stands',
    ]);
    const [frontMatter, first, second, third] = goodSource.split(/\n(?=## )/);
    const reordered = [frontMatter, first, third.trimEnd() + '\n', second].join('\n');
    assert.deepEqual(problemsOf(reordered), [
      `${file}:${at(reordered, '除法的作用')}: section "除法的作用" is the original's "Dividing helps" ` +
        `(lesson.md:46), which comes after "Scores grow" there; allowed: the original's order of sections`,
    ]);
  });
});

describe('compile-lessons with translations', () => {
  const work = mkdtempSync(join(tmpdir(), 'attention-lab-translations-'));
  after(() => rmSync(work, { recursive: true, force: true }));
  const lessons = join(work, 'lessons');
  const out = join(work, 'out');
  const run = () =>
    spawnSync(process.execPath, ['scripts/compile-lessons.mjs', '--lessons', lessons, '--out', out], {
      cwd: repo,
      encoding: 'utf8',
    });

  test('writes <slug>.<locale>.json and lists the locale; a changed answer stops the build at its line', () => {
    cpSync(join(fixtures, 'tiny'), join(lessons, 'tiny'), { recursive: true });
    const good = run();
    assert.equal(good.status, 0, good.stderr);
    assert.match(good.stdout, /1 lesson written, no problems; 1 translation checked against the original/);
    const english = JSON.parse(readFileSync(join(out, 'tiny.json'), 'utf8'));
    const chinese = JSON.parse(readFileSync(join(out, 'tiny.zh-CN.json'), 'utf8'));
    assert.equal(chinese.title, '分数及其离散程度');
    assert.deepEqual(
      chinese.sections.map((s) => s.id),
      english.sections.map((s) => s.id),
    );
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8'));
    assert.deepEqual(index[0].locales, ['en', 'zh-CN']);
    assert.equal(index.length, 1, 'a translation is not another lesson');

    writeFileSync(join(lessons, 'tiny', 'lesson.zh-CN.md'), readFileSync(join(fixtures, 'changed-answer.zh-CN.md')));
    rmSync(out, { recursive: true });
    const bad = run();
    assert.equal(bad.status, 1);
    const lines = bad.stderr.trim().split('\n');
    assert.deepEqual(lines, [changedAnswerProblem, 'compile-lessons: 1 problem; nothing written']);
    assert.ok(!existsSync(join(out, 'tiny.zh-CN.json')));
  });
});
