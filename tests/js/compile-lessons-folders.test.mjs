// A new lesson is only a folder: compile-lessons reads any lessons folder, writes anywhere, and lists them by order.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readCompileOptions } from '../../scripts/compile-lessons-options.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'attention-lab-lessons-'));
after(() => rmSync(work, { recursive: true, force: true }));

// Sorted by slug this would come first; its order puts it second.
const secondLesson = `---
title: A second look at softmax
slug: a-second-look
summary: Two short questions after the first lesson.
order: 2
---

## Equal scores

::: question equal-weights
kind: numeric
prompt: Four equal scores. What weight does each get?
answer: { value: softmaxWeight, scores: [0, 0, 0, 0], index: 0 }
explanation: Equal scores give equal weights.
:::

::: question entropy-bound
kind: choice
prompt: Is any attention over 4 keys more spread out than uniform?
options:
  - text: "No"
    correct: true
  - text: "Yes"
explanation: Uniform weights have the largest entropy, {{maxEntropy n=4 digits=3}} nats.
:::
`;

function compileFolders(...args) {
  return spawnSync(process.execPath, ['scripts/compile-lessons.mjs', ...args], { cwd: repo, encoding: 'utf8' });
}

describe('compile-lessons --lessons DIR --out DIR', () => {
  test('compiles the real lesson and a new one, listed in course order with their question counts', () => {
    const lessons = join(work, 'course', 'lessons');
    const out = join(work, 'site', 'lessons');
    cpSync(join(repo, 'lessons', 'why-sqrt-dk'), join(lessons, 'why-sqrt-dk'), { recursive: true });
    mkdirSync(join(lessons, 'a-second-look'), { recursive: true });
    writeFileSync(join(lessons, 'a-second-look', 'lesson.md'), secondLesson);
    // Left from an earlier run: a full run must drop stale lesson JSON and keep anything else.
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'renamed-lesson.json'), '{}\n');
    writeFileSync(join(out, 'notes.txt'), 'kept\n');

    const run = compileFolders('--lessons', lessons, '--out', out);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /compile-lessons: 2 lessons written, no problems/);

    const realSource = readFileSync(join(repo, 'lessons', 'why-sqrt-dk', 'lesson.md'), 'utf8');
    const realTitle = /^title: (.*)$/m.exec(realSource)[1];
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8'));
    assert.deepEqual(
      index.map(({ slug, title, questions }) => ({ slug, title, questions })),
      [
        { slug: 'why-sqrt-dk', title: realTitle, questions: realSource.match(/^::: question /gm).length },
        { slug: 'a-second-look', title: 'A second look at softmax', questions: 2 },
      ],
    );
    assert.equal(index[1].summary, 'Two short questions after the first lesson.');
    const second = JSON.parse(readFileSync(join(out, 'a-second-look.json'), 'utf8'));
    assert.equal(second.sections[0].blocks[0].question.answer, 0.25);
    assert.ok(existsSync(join(out, 'why-sqrt-dk.json')));
    assert.ok(!existsSync(join(out, 'renamed-lesson.json')));
    assert.equal(readFileSync(join(out, 'notes.txt'), 'utf8'), 'kept\n');
  });

  test('a problem in a lesson elsewhere is named relative to its lessons folder, and nothing is written', () => {
    const lessons = join(work, 'broken', 'lessons');
    const out = join(work, 'broken-out');
    mkdirSync(join(lessons, 'a-second-look'), { recursive: true });
    writeFileSync(join(lessons, 'a-second-look', 'lesson.md'), secondLesson.replace('order: 2', 'order: second'));
    const run = compileFolders('--lessons', lessons, '--out', out);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^lessons\/a-second-look\/lesson\.md:5:8: order must be an integer, got "second"/m);
    assert.ok(!existsSync(out));
  });
});

describe('readCompileOptions', () => {
  const root = join(work, 'repo');
  test('defaults to the repo lessons and web/generated/lessons', () => {
    assert.deepEqual(readCompileOptions([], root), {
      lessonsDir: join(root, 'lessons'),
      outDir: join(root, 'web', 'generated', 'lessons'),
      files: [],
      write: true,
    });
  });

  test('files are checked, not written, unless --write', () => {
    assert.equal(readCompileOptions(['a/lesson.md'], root).write, false);
    assert.equal(readCompileOptions(['a/lesson.md', '--write'], root).write, true);
  });

  test('each bad command line is named', () => {
    const read = (args) => () => readCompileOptions(args, root);
    assert.throws(read(['--lessons']), { message: '--lessons needs a folder after it; allowed: --lessons DIR' });
    assert.throws(read(['--out', '--write']), { message: '--out needs a folder after it; allowed: --out DIR' });
    assert.throws(() => readCompileOptions(['--outdir', 'x'], root), {
      message: 'unknown option --outdir; allowed: --lessons, --out, --write, or lesson files',
    });
    assert.throws(read(['--out', 'a', '--out', 'b']), { message: '--out is given twice; allowed: once' });
    assert.throws(read(['--lessons', 'd', 'x/lesson.md']), /cannot be given with lesson files/);
    assert.throws(read('--out x'), { name: 'TypeError', message: /^readCompileOptions: args must be an Array/ });
  });
});
