// The lesson validator: one malformed fixture per error class, each failing with its full located message,
// and the real lesson compiling cleanly with its questions and its widgets.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, coreValues, formatProblem, widgetNames } from '../../dist/lib/src/authoring/index.js';

const repo = new URL('../../', import.meta.url);
let core;
before(async () => {
  core = await loadCore();
});

function compileFile(relativePath, expectedSlug) {
  const source = readFileSync(new URL(relativePath, repo), 'utf8');
  return compileLesson(source, { file: relativePath, core, expectedSlug });
}

const fixtures = {
  'front-matter': '1:1: missing front matter; allowed: a --- block with title, slug, summary and order, closed by ---',
  'bad-yaml':
    '15:1: bad YAML: Flow sequence in block collection must be sufficiently indented and end with a ]; allowed: ' +
    '"field: value" lines, lists with "- ", quotes around text that holds ": "',
  'unclosed-directive': '12:1: "::: widget" is not closed; allowed: end it with a line holding only ":::"',
  'bad-directive': '12:5: unknown directive "figure"; allowed: widget, question',
  'misplaced-heading':
    '12:1: this makes an h1 heading; allowed: sections start with a line "## Title", subheadings use ###, the ' +
    'title comes from front matter',
  'content-before-section': '8:1: text before the first section; allowed: start the body with a "## Title" line',
  // The allowed lists are the compiler's own tables, read from the same modules it uses.
  'unknown-widget': `12:12: unknown widget "varience-explorer"; allowed: ${widgetNames.join(', ')}`,
  'widget-not-available': `12:12: widget "scale-alternatives" is not available yet; allowed: ${widgetNames.join(', ')}`,
  'unknown-parameter': '14:1: variance-explorer has no parameter "dim"; allowed: dk, samples, scaled, axis, seed',
  'wrong-type':
    '13:5: variance-explorer: dk must be an integer, got the string "lots"; allowed: an integer from 1 to 4096',
  'out-of-range': '13:7: softmax-dies: keys = 100 is out of range; allowed: an integer from 2 to 64',
  'bad-question': '13:7: question "explain-it" has kind "essay"; allowed: numeric, choice, multi',
  'no-correct-answer':
    '16:3: question "jacobian-one-hot" has no correct option; allowed: mark one option correct: true',
  'answer-not-computed': '15:9: numeric answers must come from the core: use answer: { value: … } or add check:',
  'core-disagrees':
    '15:9: answer 22 disagrees with the core: scoreStd(dk=512, scale=none) = 22.6274 (tolerance rtol 0.01, atol ' +
    "0); allowed: an answer within the tolerance of the core's value",
  'duplicate-id':
    '15:27: duplicate id "explore", first used at line 12; allowed: ids unique across sections, widgets and questions',
  'unknown-value': `12:12: unknown core value "scoreSd"; allowed: ${Object.keys(coreValues).join(', ')}`,
  'bad-arguments': '12:12: scoreStd: dk = 0 is out of range; allowed: an integer from 1 to 65536',
  'unclosed-value':
    '12:12: a {{ that does not open a core value; allowed: {{name argument=value …}}, e.g. {{scoreStd dk=512 ' +
    'digits=2}}',
  'bad-math':
    "12:17: bad math: KaTeX parse error: Unexpected end of input in a macro argument, expected '}' at end of " +
    'input: \\frac{d_k}{; allowed: TeX that KaTeX supports (katex.org/docs/supported)',
  'unknown-show-target':
    '20:17: show names widget "explore-varianse", which is not in this lesson; allowed: explore-variance',
};

describe('each malformed fixture fails with exactly its located message', () => {
  for (const [kind, expected] of Object.entries(fixtures)) {
    test(kind, () => {
      const file = `tests/js/fixtures/lessons/${kind}/lesson.md`;
      const { lesson, problems } = compileFile(file, kind);
      assert.equal(lesson, null);
      assert.deepEqual(problems.map(formatProblem), [`${file}:${expected}`]);
      assert.equal(problems[0].kind, kind);
    });
  }
});

describe('the real lesson', () => {
  const file = 'lessons/why-sqrt-dk/lesson.md';

  test('compiles with no problems', () => {
    const { lesson, problems } = compileFile(file, 'why-sqrt-dk');
    assert.deepEqual(problems.map(formatProblem), []);
    assert.equal(lesson.slug, 'why-sqrt-dk');
  });

  test(
    'has the 9 questions of the brief, a float16 one and two on aligned q and k, the 9 widgets (softmax-dies ' +
      'twice), train-fixes, the alignment and float16 figures, each id once',
    () => {
      const { lesson } = compileFile(file, 'why-sqrt-dk');
      const blocks = lesson.sections.flatMap((section) => section.blocks);
      const widgets = blocks.filter((block) => block.kind === 'widget');
      const questions = blocks.filter((block) => block.kind === 'question').map((block) => block.question);
      assert.deepEqual(
        widgets.map((w) => w.widget),
        [
          'variance-explorer',
          'softmax-dies',
          'saturation-curve',
          'jacobian-view',
          'before-after',
          'entropy-vs-dk',
          'temperature-sweep',
          'train-it',
          'train-fixes',
          'alignment',
          'float16-overflow',
          'softmax-dies',
          'near-orthogonality',
        ],
      );
      assert.equal(questions.length, 12);
      assert.deepEqual(questions.map((q) => q.kind).sort(), [
        'choice',
        'choice',
        'multi',
        'multi',
        'numeric',
        'numeric',
        'numeric',
        'numeric',
        'numeric',
        'numeric',
        'numeric',
        'numeric',
      ]);
      const ids = [...lesson.sections.map((s) => s.id), ...widgets.map((w) => w.id), ...questions.map((q) => q.id)];
      assert.equal(new Set(ids).size, ids.length);
    },
  );

  test('numeric answers are the core values of the brief', () => {
    const { lesson } = compileFile(file, 'why-sqrt-dk');
    const answers = Object.fromEntries(
      lesson.sections
        .flatMap((s) => s.blocks)
        .filter((b) => b.question?.kind === 'numeric')
        .map((b) => [b.question.id, b.question.answer]),
    );
    const close = (id, expected, digits) =>
      assert.ok(Math.abs(answers[id] - expected) < 10 ** -digits, `${id}: ${answers[id]}`);
    close('std-at-512', 22.627417, 5);
    close('variance-after-scaling', 1, 9);
    close('typical-range', 2 * Math.sqrt(96), 9);
    close('var-of-product', 1, 9);
    close('saturation-point', Math.log(297), 9);
    close('max-entropy-8', Math.log(8), 9);
    close('float16-spread', Math.sqrt(65504 / 4096), 9);
    close('aligned-sqrt-score', 0.75 * Math.sqrt(1024), 9);
  });

  test('prose numbers come from the core: the magnitudes table and reference softmax values', () => {
    const { lesson } = compileFile(file, 'why-sqrt-dk');
    const html = lesson.sections
      .flatMap((s) => s.blocks)
      .filter((b) => b.kind === 'html')
      .map((b) => b.html)
      .join('\n');
    for (const cell of ['1.414', '11.314', '22.627', '27.713', '<td style="text-align:right">64</td>'])
      assert.ok(html.includes(cell), cell);
    for (const weight of ['0.4551', '0.2760', '0.1674', '0.1015', '0.9180', '0.247', '0.270', '0.226', '0.258'])
      assert.ok(html.includes(weight), weight);
    for (const entry of ['(0.21, 0.21,', '0.16, 0.16)', '−0.09']) assert.ok(html.includes(entry), entry);
    assert.ok(!html.includes('{{'), 'every {{core value}} was replaced');
  });

  test('anticipated answers and shows of the brief are there', () => {
    const { lesson } = compileFile(file, 'why-sqrt-dk');
    const byId = Object.fromEntries(
      lesson.sections
        .flatMap((s) => s.blocks)
        .filter((b) => b.kind === 'question')
        .map((b) => [b.question.id, b.question]),
    );
    const values = (id) => byId[id].anticipated.map((a) => a.value);
    assert.deepEqual(values('std-at-512'), [512, 1]);
    // The variance mistake is shown at another dₖ: at 512 the explorer would print the answer beside the variance.
    assert.deepEqual(byId['std-at-512'].anticipated[0].show, {
      widget: 'explore-variance',
      state: { dk: 64, scaled: false },
    });
    assert.deepEqual(values('typical-range'), [Math.sqrt(96), 96, 192]);
    assert.deepEqual(values('saturation-point'), [0.99, 297]);
    assert.deepEqual(values('max-entropy-8'), [8, 3]);
    assert.ok(byId['only-at-init'].options.filter((o) => o.correct).length >= 2);
    for (const q of Object.values(byId))
      for (const o of q.options ?? []) assert.ok(o.feedback, `${q.id}/${o.id} has feedback`);
  });
});

describe('hints', () => {
  const lessonWith = (kind, hintLine) => `---
title: Hints
slug: hints
summary: A question with a hint.
order: 1
---

## Section

::: question pick-one
kind: ${kind}
prompt: Which is right?
options:
  - text: This one
    correct: true
  - text: That one
${hintLine}
explanation: This one.
:::
`;

  test('choice and multi questions take a plain-text hint, as numeric ones do', () => {
    for (const kind of ['choice', 'multi']) {
      const source = lessonWith(kind, 'hint: Think of dₖ = 512.');
      const { lesson, problems } = compileLesson(source, { file: 'hint.md', core, expectedSlug: 'hints' });
      assert.deepEqual(problems.map(formatProblem), []);
      assert.equal(lesson.sections[0].blocks.find((b) => b.kind === 'question').question.hint, 'Think of dₖ = 512.');
    }
    const { lesson } = compileFile('lessons/why-sqrt-dk/lesson.md', 'why-sqrt-dk');
    const kinds = lesson.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'question' && b.question.hint);
    assert.deepEqual([...new Set(kinds.map((b) => b.question.kind))].sort(), ['choice', 'multi', 'numeric']);
  });

  test('a hint that is not text, or holds $…$ math, is refused with its place', () => {
    const options = { file: 'hint.md', core, expectedSlug: 'hints' };
    const listed = compileLesson(lessonWith('choice', 'hint: [1, 2]'), options);
    assert.equal(listed.lesson, null);
    assert.match(listed.problems.map(formatProblem).join('\n'), /^hint\.md:17:7: hint must be text/);
    const math = compileLesson(lessonWith('multi', 'hint: Use $d_k$.'), options);
    assert.equal(math.lesson, null);
    assert.match(math.problems.map(formatProblem).join('\n'), /hint is plain text, so \$…\$ would show/);
  });
});

describe('scripts/compile-lessons.mjs', () => {
  test('prints located errors relative to the repo and exits 1', () => {
    const result = spawnSync(
      process.execPath,
      ['scripts/compile-lessons.mjs', 'tests/js/fixtures/lessons/out-of-range/lesson.md'],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.split('\n')[0],
      `tests/js/fixtures/lessons/out-of-range/lesson.md:${fixtures['out-of-range']}`,
    );
  });

  test('checks a good file without writing and exits 0', () => {
    const result = spawnSync(process.execPath, ['scripts/compile-lessons.mjs', 'lessons/why-sqrt-dk/lesson.md'], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /1 lesson checked, no problems/);
  });
});
