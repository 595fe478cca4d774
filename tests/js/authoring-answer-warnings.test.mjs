// The compiler warns when a lesson prints a question's answer within a screen of it, or in its own hint or feedback:
// located file:line:column lines like its errors, never fatal, and none for the real lesson.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { answersShown, compileLesson, formatProblem, screenCharacters } from '../../dist/lib/src/authoring/index.js';

const repo = new URL('../../', import.meta.url);
const fixture = 'tests/js/fixtures/lessons/answer-in-sight/lesson.md';
let core;
before(async () => {
  core = await loadCore();
});

const compileText = (source, file = 'lesson.md') => compileLesson(source, { file, core });
const warningsOf = (result) => result.warnings.map(formatProblem);

describe('the forms a learner could copy', () => {
  const std512 = { answer: Math.sqrt(512), tolerance: { rtol: 0.01 } };
  const forms = (text, question = std512) => answersShown(text, question).map((shown) => shown.form);

  test('numbers within the tolerance, roots, logarithms and ratios, as the grader reads them', () => {
    assert.deepEqual(forms('about 22.63, or 22.6, or √512, 16√2, sqrt(512) and 512^0.5'), [
      '22.63',
      '22.6',
      '√512',
      '16√2',
      'sqrt(512)',
      '512^0.5',
    ]);
    assert.deepEqual(forms('ln 8 ≈ 2.079', { answer: Math.log(8) }), ['ln 8', '2.079']);
    assert.deepEqual(forms('a spread of σ = 4.', { answer: Math.sqrt(65504 / 4096), tolerance: { rtol: 0.02 } }), [
      '4',
    ]);
    assert.deepEqual(forms('−0.5 and -0.5', { answer: -0.5 }), ['-0.5', '-0.5']);
  });

  test('labels, indices, names and ratios that only hold the digits are not the answer', () => {
    const eight = { answer: 8 };
    assert.deepEqual(forms('keys k8, σ2, GPT-8, 3/8, 1/8 and 16/4', eight), []);
    assert.deepEqual(forms('22.9, 2263 and 45.25', std512), []);
    assert.deepEqual(forms('16/2', eight), ['16/2']);
  });
});

describe('warnings of the compiler', () => {
  test('the fixture warns at each answer in sight, each variant, and at help that gives it away', () => {
    const result = compileText(readFileSync(new URL(fixture, repo), 'utf8'), fixture);
    assert.deepEqual(result.problems, [], 'warnings are not problems');
    assert.ok(result.lesson, 'the lesson is still written');
    const between = 'characters of text or a widget between a question and its answer';
    const screen = `allowed: about ${screenCharacters} ${between}`;
    const help = 'while the learner may still try again; allowed: help that leads to the answer without giving it';
    assert.deepEqual(warningsOf(result), [
      `${fixture}:17:16: warning: "√512" gives away 22.63, the answer of question "std-at-512", within a screen ` +
        `below it; ${screen}`,
      `${fixture}:17:35: warning: "22.63" gives away 22.63, the answer of question "std-at-512", within a screen ` +
        `below it; ${screen}`,
      `${fixture}:22:31: warning: "√64" gives away 8, the answer of question "std-at-64" (variant dk=64), within a ` +
        `screen above it; ${screen}`,
      `${fixture}:29:7: warning: the hint of question "std-at-64" (variant dk=64) gives away its answer 8 as "8", ` +
        help,
      `${fixture}:29:7: warning: the hint of question "std-at-64" (variant dk=81) gives away its answer 9 as "9", ` +
        help,
      `${fixture}:32:15: warning: the feedback on 64 of question "std-at-64" (variant dk=64) gives away its answer 8 ` +
        `as "8", ${help}`,
      `${fixture}:32:15: warning: the feedback on 81 of question "std-at-64" (variant dk=81) gives away its answer 9 ` +
        `as "9", ${help}`,
    ]);
  });

  test('an answer a screen of text away is out of sight, one just inside it is not', () => {
    const sentence = 'This sentence names no number at all and only takes up room. ';
    const lessonWith = (characters, filler = sentence) => `---
title: Distance
slug: distance
summary: An answer some way below its question.
order: 1
---

## Section

::: question var-of-product
kind: numeric
prompt: What is the variance of the sum of two independent unit-variance products?
answer: { value: scoreVariance, dk: 2 }
explanation: Variances add.
:::

${filler.repeat(Math.ceil(characters / filler.length))}

The variance is $2$.
`;
    assert.equal(warningsOf(compileText(lessonWith(screenCharacters * 0.9))).length, 1, 'just inside a screen');
    assert.deepEqual(warningsOf(compileText(lessonWith(screenCharacters * 1.1))), [], 'past a screen');
    // A Chinese character is set twice as wide as a Latin letter: 0.6 of a screen's count fills 1.2 screens.
    const chinese = '这句话不含任何数字，只是占一些地方。';
    assert.equal(warningsOf(compileText(lessonWith(screenCharacters * 0.4, chinese))).length, 1, 'Chinese, inside');
    assert.deepEqual(warningsOf(compileText(lessonWith(screenCharacters * 0.6, chinese))), [], 'Chinese, past');
  });

  test('the build prints the warnings and goes on; the real lesson has none', () => {
    const run = (file) => spawnSync(process.execPath, ['scripts/compile-lessons.mjs', file], { encoding: 'utf8' });
    const fixtureRun = run(fixture);
    assert.equal(fixtureRun.status, 0, fixtureRun.stderr);
    assert.equal(fixtureRun.stderr.trim().split('\n').length, 7);
    assert.ok(fixtureRun.stderr.startsWith(`${fixture}:17:16: warning: "√512" gives away`), fixtureRun.stderr);
    const lessonRun = run('lessons/why-sqrt-dk/lesson.md');
    assert.equal(lessonRun.status, 0, lessonRun.stderr);
    assert.equal(lessonRun.stderr, '', 'no answer of the real lesson is in sight of its question');
  });
});
