// Markdown, math and {{core values}} in lesson prose: no raw HTML, KaTeX with MathML, located problems.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../../dist/lib/src/authoring/index.js';

let core;
before(async () => {
  core = await loadCore();
});

const head = '---\ntitle: Test $d_k$\nslug: test\nsummary: A test.\norder: 2\n---\n\n## Section $\\sqrt{d_k}$\n\n';
const compile = (body) => compileLesson(head + body, { file: 'test.md', core });
const messages = (body) => compile(body).problems.map(formatProblem);

describe('lesson prose', () => {
  test('raw HTML is shown as text, never injected', () => {
    const { lesson } = compile('<script>alert(1)</script> and <b>bold</b>\n');
    const html = lesson.sections[0].blocks[0].html;
    assert.ok(!html.includes('<script>') && html.includes('&lt;script&gt;'));
  });

  test('math is typeset with MathML for screen readers; titles keep TeX as plain text', () => {
    const { lesson } = compile('Inline $q \\cdot k$ and\n\n$$\n\\frac{1}{\\sqrt{d_k}}\n$$\n');
    const html = lesson.sections[0].blocks[0].html;
    assert.match(html, /<math/);
    assert.match(html, /<div class="math-display">/);
    assert.equal(lesson.title, 'Test d_k');
    assert.equal(lesson.sections[0].id, 'section-sqrt-d-k');
    assert.match(lesson.sections[0].titleHtml, /katex/);
  });

  test('statements an equation sets apart with \\qquad are typeset one by one, for a phone to wrap between', () => {
    const html = (tex) => compile(`$$\n${tex}\n$$\n`).lesson.sections[0].blocks[0].html;
    const statements = (tex) => html(tex).match(/class="katex-display"/g).length;
    assert.equal(statements('a = 0, \\qquad b = 1, \\qquad c = 2.'), 3);
    assert.match(html('a = 0, \\qquad b = 1'), /<div class="math-display"><div class="math-statements">/);
    // Only at the top level: not inside braces, \left…\right or an environment.
    assert.equal(statements('\\text{a}\\left( a \\qquad b \\right) \\qquad {x \\qquad y}'), 2);
    assert.equal(statements('\\begin{matrix} a \\qquad b \\end{matrix}'), 1);
    assert.equal(statements('\\qquad a = 0'), 1, 'an empty statement leaves the equation whole');
  });

  test('a dollar sign with a space after it is text; an escaped dollar is text', () => {
    const { lesson, problems } = compile('It costs $ 5, or \\$5.\n');
    assert.deepEqual(problems, []);
    assert.match(lesson.sections[0].blocks[0].html, /\$ 5, or \$5/);
  });

  test("a math error after a computed number points at the author's column", () => {
    assert.deepEqual(messages('{{scoreStd dk=512 digits=2}} then $\\frac{1}{$\n'), [
      "test.md:10:35: bad math: KaTeX parse error: Unexpected end of input in a macro argument, expected '}' at " +
        'end of input: \\frac{1}{; allowed: TeX that KaTeX supports (katex.org/docs/supported)',
    ]);
  });

  test('an unclosed $ and an unclosed $$ are errors', () => {
    assert.deepEqual(messages('Cost $x\n'), [
      'test.md:10:6: unclosed $ math; allowed: close it with $, or write \\$ for a dollar sign',
    ]);
    assert.deepEqual(messages('$$\nx\n'), ['test.md:10:1: unclosed $$ display math; allowed: end it with $$']);
  });

  test('computed numbers work in table cells and inside math', () => {
    const { lesson } = compile(
      '| dk | std |\n|--|--|\n| 64 | {{scoreStd dk=64}} |\n\n$\\sigma \\approx {{scoreStd dk=512 digits=1}}$\n',
    );
    const html = lesson.sections[0].blocks[0].html;
    assert.match(html, /<td>8<\/td>/);
    assert.match(html, /22\.6/);
  });

  test('bad core-value syntax is located', () => {
    assert.deepEqual(messages('See {{scoreStd dk=}}.\n'), [
      'test.md:10:5: cannot read "dk=" in {{scoreStd dk=}}; write {{scoreStd argument=value …}}, lists as [1, 2, 3]',
    ]);
    assert.deepEqual(messages('See {{scoreStd dk=4 digits=2 significant=2}}.\n'), [
      'test.md:10:5: scoreStd: both digits and significant given; allowed: one of them',
    ]);
  });

  test('front matter fields are checked one by one', () => {
    const result = compileLesson(
      '---\ntitle: T\nslug: Bad Slug\nsummary: S\norder: first\ncolour: red\n---\n\n## A\n',
      { file: 'x.md', core },
    );
    assert.deepEqual(result.problems.map(formatProblem), [
      'x.md:3:7: slug must be lower-case words joined by dashes, got "Bad Slug"; allowed: e.g. why-sqrt-dk',
      'x.md:5:8: order must be an integer, got "first"; allowed: the lesson\'s position in the course, e.g. 1',
      'x.md:6:1: unknown front matter field "colour"; allowed: title, slug, summary, order',
    ]);
  });

  test('feedback is plain text: math there is an error, core values are fine', () => {
    const question = (feedback) =>
      `::: question q\nkind: numeric\nprompt: P\nanswer: { value: scoreStd, dk: 64 }\nanticipated:\n  - value: ` +
      `64\n    feedback: ${feedback}\nexplanation: E\n:::\n`;
    assert.deepEqual(messages(question('Not {{scoreVariance dk=64}}, that is the variance.')), []);
    assert.deepEqual(messages(question('The root of $d_k$.')), [
      'test.md:16:27: feedback is plain text, so $…$ would show as dollar signs; allowed: plain Unicode such as ' +
        'dₖ, √, ≈',
    ]);
  });

  test('an anticipated answer that would be graded correct is an error', () => {
    const body =
      '::: question q\nkind: numeric\nprompt: P\nanswer: { value: scoreStd, dk: 64 }\nanticipated:\n  - value: ' +
      '8.01\n    feedback: F\nexplanation: E\n:::\n';
    assert.deepEqual(messages(body), [
      'test.md:15:12: anticipated 8.01 would be graded correct (answer 8); allowed: a wrong value outside the ' +
        'tolerance',
    ]);
  });

  test("show state is checked against the target widget's parameters, at the value", () => {
    const body =
      '::: widget variance-explorer {#explore}\n:::\n\n::: question q\nkind: numeric\nprompt: P\nanswer: { value: ' +
      'scoreStd, dk: 64 }\nexplanation: E\nshow: { widget: explore, state: { dk: 9999, colour: red } }\n:::\n';
    assert.deepEqual(messages(body), [
      'test.md:18:39: variance-explorer: dk = 9999 is out of range; allowed: an integer from 1 to 4096',
      'test.md:18:45: variance-explorer has no parameter "colour"; allowed: dk, samples, scaled, axis, seed',
    ]);
  });
});
