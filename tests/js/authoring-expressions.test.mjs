// Authors may write 1/3 where a number goes, and -inf in score lists where the core's softmax takes it as a mask.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, evaluateCoreValue, formatProblem } from '../../dist/lib/src/authoring/index.js';
import { checkWidgetParam } from '../../dist/lib/src/authoring/widget-schema.js';

let core;
before(async () => {
  core = await loadCore();
});

const frontMatter = '---\ntitle: T\nslug: t\nsummary: S\norder: 1\n---\n\n## Section\n\n';
const compile = (body) => compileLesson(frontMatter + body, { file: 'test.md', core });
const questionsOf = (lesson) =>
  lesson.sections
    .flatMap((s) => s.blocks)
    .filter((b) => b.kind === 'question')
    .map((b) => b.question);

describe('a fraction or expression as a number', () => {
  test('answer: 1/3 checked by the core, anticipated 1/2 and sqrt(2)/2', () => {
    const { lesson, problems } = compile(`::: question third
kind: numeric
prompt: Three equal scores. What weight does each get?
answer: 1/3
check: { value: softmaxWeight, scores: [0, 0, 0], index: 0 }
anticipated:
  - value: 1/2
    feedback: There are three keys, not two.
  - value: sqrt(2)/2
    feedback: That is a cosine, not a weight.
explanation: Equal scores give equal weights.
:::
`);
    assert.deepEqual(problems.map(formatProblem), []);
    const [question] = questionsOf(lesson);
    assert.equal(question.answer, 1 / 3);
    assert.deepEqual(
      question.anticipated.map((a) => a.value),
      [1 / 2, Math.sqrt(2) / 2],
    );
  });

  test('an expression the core disagrees with is still refused', () => {
    const { lesson, problems } = compile(`::: question quarter
kind: numeric
prompt: Three equal scores. What weight does each get?
answer: 1/4
check: { value: softmaxWeight, scores: [0, 0, 0], index: 0 }
explanation: Equal scores give equal weights.
:::
`);
    assert.equal(lesson, null);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].kind, 'core-disagrees');
    assert.match(problems[0].message, /^answer 0\.25 disagrees with the core: softmaxWeight\(/);
  });

  test('an expression without check: is still not a number from the core', () => {
    const { problems } = compile('::: question q\nkind: numeric\nprompt: P?\nanswer: 1/3\nexplanation: E.\n:::\n');
    assert.deepEqual(
      problems.map((p) => [p.line, p.kind]),
      [[13, 'answer-not-computed']],
    );
  });

  test('an unreadable expression is reported at its place with the reason', () => {
    const { problems } = compile(`::: question q
kind: numeric
prompt: P?
answer: { value: scoreStd, dk: 4 }
anticipated:
  - value: 1/
    feedback: F.
explanation: E.
:::
`);
    assert.equal(problems.length, 1);
    assert.equal(formatProblem(problems[0]).split(': ')[0], 'test.md:15:12');
    assert.equal(problems[0].kind, 'wrong-type');
    const expected = /^value = "1\/" is not a number: .+; allowed: a number, an expression such as 1\/3/;
    assert.match(problems[0].message, expected);
  });
});

describe('-inf in score lists', () => {
  test('a {{value}} with a masked score equals the softmax of the rest, from the core', () => {
    const masked = evaluateCoreValue(core, 'softmaxWeight', { scores: ['2', '-inf', '0'], index: '0' });
    const rest = core.softmax(Float64Array.from([2, 0]))[0];
    assert.deepEqual(masked.ok && [masked.value], [rest]);
    assert.equal(masked.call, 'softmaxWeight(scores=[2, -Infinity, 0], index=0, temperature=1, scale=none)');
    const maskedWeight = evaluateCoreValue(core, 'softmaxWeight', { scores: ['2', '−∞', '0'], index: '1' });
    assert.deepEqual(maskedWeight.ok && [maskedWeight.value], [0]);
  });

  test('entropy and max weight with -inf, written in prose and in YAML', () => {
    const { lesson, problems } = compile(`Entropy {{softmaxEntropy scores=[0, -inf, 0]}} nats.

::: question masked
kind: numeric
prompt: One of three scores is masked, the others equal. What is the largest weight?
answer: { value: softmaxMaxWeight, scores: [1, -inf, 1] }
explanation: The mask leaves two equal scores.
:::
`);
    assert.deepEqual(problems.map(formatProblem), []);
    const prose = lesson.sections[0].blocks[0].html;
    const entropy = core.softmaxStats(Float64Array.from([0, 0])).entropy;
    assert.ok(prose.includes(`Entropy ${entropy.toPrecision(6)} nats`), prose);
    assert.equal(questionsOf(lesson)[0].answer, core.softmaxStats(Float64Array.from([1, 1])).maxWeight);
  });

  test('YAML -.inf is read as −∞ too', () => {
    const result = evaluateCoreValue(core, 'softmaxMaxWeight', { scores: [3, -Infinity] });
    assert.deepEqual(result.ok && [result.value], [1]);
  });

  test("every score masked is the core's error, reported to the author", () => {
    const result = evaluateCoreValue(core, 'softmaxWeight', { scores: ['-inf', '-inf'], index: '0' });
    assert.equal(result.ok, false);
    assert.match(result.message, /^softmaxWeight: .*scores.*masked/);
  });

  test('+inf and nan are still refused, and -inf where no mask is meant (weights p, widget lists)', () => {
    const plus = evaluateCoreValue(core, 'softmaxWeight', { scores: ['inf', '0'], index: '0' });
    assert.equal(plus.ok, false);
    assert.match(plus.message, /^softmaxWeight: scores\[0\] must be a number, got the string "inf"/);
    const p = evaluateCoreValue(core, 'jacobianDiagonal', { p: ['1', '-inf'], i: '0' });
    assert.equal(p.ok, false);
    assert.match(p.message, /^jacobianDiagonal: p\[1\] must be a number/);
    const widget = checkWidgetParam('before-after', 'scores', ['20', '-inf']);
    assert.equal(widget.ok, false);
    assert.equal(widget.problem, 'wrong-type');
  });
});
