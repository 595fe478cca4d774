// A new lesson is only a folder: compile-lessons reads any lessons folder, writes anywhere, and lists them by order;
// the prerendered pages, the site root among them, then list it at their end.
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

  // Reads what the test above compiled: the real lesson and the new one.
  test('the new lesson is in the list at the end of every page, the root included, with no code change', () => {
    const out = join(work, 'site', 'lessons');
    const pages = join(work, 'site', 'pages');
    mkdirSync(pages, { recursive: true });
    cpSync(join(repo, 'web', 'lesson.html'), join(pages, 'lesson.html'));
    const run = spawnSync(process.execPath, ['scripts/prerender-lessons.mjs', '--lessons', out, '--site', pages], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /prerender-lessons: 3 lesson pages written in 2 languages; index\.html is why-sqrt-dk/);

    const list = (page) => {
      const html = readFileSync(join(pages, page), 'utf8');
      const nav = /<\/main><nav[^>]*aria-label="Lessons"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
      assert.ok(nav, `${page} ends its lesson with the list`);
      return nav[1].split('<li').slice(1);
    };
    for (const [page, current] of [
      ['index.html', 0],
      ['why-sqrt-dk.html', 0],
      ['a-second-look.html', 1],
    ]) {
      const entries = list(page);
      assert.equal(entries.length, 2, `${page} lists both lessons`);
      assert.match(entries[0], /href="\.\/why-sqrt-dk\.html"/);
      assert.match(entries[1], /href="\.\/a-second-look\.html"[^>]*>A second look at softmax<\/a>/);
      assert.match(entries[1], /Two short questions after the first lesson\.[\s\S]*2 questions/);
      entries.forEach((entry, i) =>
        assert.equal(entry.includes('aria-current="page"'), i === current, `${page}: entry ${i} current or not`),
      );
    }
    assert.match(readFileSync(join(pages, 'a-second-look.html'), 'utf8'), /<h1>A second look at softmax<\/h1>/);
    assert.match(readFileSync(join(pages, 'index.html'), 'utf8'), /<main id="lesson"[^>]* data-lesson="why-sqrt-dk"/);
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
