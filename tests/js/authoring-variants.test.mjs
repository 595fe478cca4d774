// Parameterised questions: every variant is built and checked against the core, and a broken one is named and located.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../../dist/lib/src/authoring/index.js';
import { gradeNumeric, questionOfVariant, variantAt, variantCount } from '../../dist/lib/src/quiz/index.js';

const repo = new URL('../../', import.meta.url);
let core;
before(async () => {
  core = await loadCore();
});

const compile = (source, file = 'lesson.md') => compileLesson(source, { file, core });
const compileFile = (file) => compile(readFileSync(new URL(file, repo), 'utf8'), file);

const lessonWith = (question) => `---
title: Variants
slug: variants
summary: One parameterised question.
order: 1
---

## Section

::: question q
${question}
:::
`;

const stdQuestion = (params) => `kind: numeric
params: ${params}
prompt: What is the std at $d_k = {{dk}}$?
answer: { value: scoreStd, dk: dk }
explanation: $\\sqrt{ {{dk}} }$.`;

describe('a broken variant is named and located', () => {
  test('an anticipated mistake that equals the answer in one variant (fixture)', () => {
    const file = 'tests/js/fixtures/lessons/variant-collides/lesson.md';
    const { lesson, problems } = compileFile(file);
    assert.equal(lesson, null);
    assert.deepEqual(problems.map(formatProblem), [
      `${file}:16:12: variant dk=1: anticipated 1 would be graded correct (answer 1); allowed: a wrong value ` +
        'outside the tolerance',
    ]);
  });

  test('a value the core rejects', () => {
    const { problems } = compile(lessonWith(stdQuestion('{ dk: [512, 0] }')));
    assert.deepEqual(problems.map(formatProblem), [
      'lesson.md:14:9: variant dk=0: scoreStd: dk = 0 is out of range; allowed: an integer from 1 to 65536',
    ]);
  });

  test('a problem every variant shares is said once, without a variant', () => {
    const source = lessonWith(stdQuestion('{ dk: [512, 64] }').replace('std at', 'std at {{scoreSd dk=dk}}'));
    const { problems } = compile(source);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /^unknown core value "scoreSd"/);
  });

  test('too many variants, a default that is not listed, a bad name', () => {
    const many = `{ a: [1, 2, 3, 4, 5, 6, 7, 8, 9], dk: [1, 2, 3, 4, 5, 6, 7, 8] }`;
    assert.deepEqual(compile(lessonWith(stdQuestion(many))).problems.map(formatProblem), [
      'lesson.md:12:9: params make 72 variants; allowed: at most 64',
    ]);
    assert.deepEqual(compile(lessonWith(stdQuestion('{ dk: [64, 128], default: 512 }'))).problems.map(formatProblem), [
      'lesson.md:12:35: params.default dk = 512; allowed: 64, 128',
    ]);
    assert.match(
      compile(lessonWith(stdQuestion('{ sqrt: [64, 128] }')))
        .problems.map(formatProblem)
        .join('\n'),
      /12:11: param "sqrt" cannot be used: it is a reserved word or a core value/,
    );
  });
});

// Text a learner reads in compiled HTML: tags and KaTeX's TeX annotations dropped, numbers kept whole.
const textOf = (html) =>
  html
    .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/−/g, '-');

// Written with two or more significant digits within the tolerance, or a whole answer written exactly.
function givesAway(question, token) {
  const value = Number(token);
  const answer = question.answer;
  if (Math.abs(answer - Math.round(answer)) <= 1e-9 * Math.max(1, Math.abs(answer))) {
    return value === Math.round(answer);
  }
  const significant = token.replace(/^-?0*\.?0*/, '').replace('.', '').length;
  return significant >= 2 && Math.abs(value - answer) <= (question.tolerance?.rtol ?? 0.01) * Math.abs(answer);
}

describe('the lesson’s parameterised questions', () => {
  let byId;
  let lesson;
  before(() => {
    const compiled = compileFile('lessons/why-sqrt-dk/lesson.md');
    const problems = compiled.problems;
    lesson = compiled.lesson;
    assert.deepEqual(problems.map(formatProblem), []);
    const blocks = lesson.sections.flatMap((section) => section.blocks).filter((b) => b.kind === 'question');
    byId = Object.fromEntries(blocks.map((b) => [b.question.id, b.question]));
  });

  test('at least five questions have variants, std-at-512 first at dₖ = 512', () => {
    const parameterised = Object.values(byId).filter((q) => variantCount(q) > 1);
    assert.ok(parameterised.length >= 5, `${parameterised.length} parameterised questions`);
    assert.deepEqual(variantAt(byId['std-at-512'], 0), { index: 0, params: { dk: 512 }, key: 'dk=512' });
    assert.equal(byId['std-at-512'].answer, Math.sqrt(512));
  });

  test('each std-at-512 variant reads and grades by its own dₖ, and shows the explorer away from its answer', () => {
    const q = byId['std-at-512'];
    for (let i = 0; i < variantCount(q); i += 1) {
      const { dk } = variantAt(q, i).params;
      const variant = questionOfVariant(q, i);
      assert.match(variant.prompt, new RegExp(`d_k = ${dk}`));
      assert.ok(Math.abs(variant.answer - Math.sqrt(dk)) < 1e-9 * Math.sqrt(dk), `dk=${dk}`);
      assert.equal(gradeNumeric(variant, `sqrt(${dk})`).status, 'correct');
      assert.equal(gradeNumeric(variant, String(dk)).feedback, variant.anticipated[0].feedback);
      // Unscaled at the variant's own dₖ the explorer prints its standard deviation: it shows dₖ = 64 instead.
      assert.deepEqual(variant.anticipated[0].show.state, { dk: 64, scaled: false });
      assert.deepEqual(variant.anticipated[1].show.state, { dk, scaled: true });
      assert.deepEqual(variant.show.state, { dk: 64, scaled: false });
      assert.ok(variant.explanation.includes(String(Math.round(Math.sqrt(dk) * 100) / 100)), `dk=${dk} explanation`);
    }
  });

  test('no variant’s answer is written in the prose or questions above it in its section', () => {
    const inSight = [];
    for (const section of lesson.sections) {
      let above = '';
      for (const block of section.blocks) {
        if (block.kind === 'html') above += ` ${textOf(block.html)}`;
        if (block.kind !== 'question') continue;
        const q = block.question;
        for (let i = 0; i < variantCount(q); i += 1) {
          const variant = questionOfVariant(q, i);
          if (variant.kind !== 'numeric') continue;
          const shown = (above.match(/-?\d+(?:\.\d+)?/g) ?? []).filter((token) => givesAway(variant, token));
          if (shown.length > 0) inSight.push(`${q.id} ${variantAt(q, i).key}: ${[...new Set(shown)].join(', ')}`);
        }
        // The questions above stay on the page with their lesson's own numbers.
        above += ` ${textOf(q.prompt)}`;
      }
    }
    assert.deepEqual(inSight, []);
  });

  test('the other variants of every question are graded by their own numbers', () => {
    for (const q of Object.values(byId)) {
      for (let i = 0; i < variantCount(q); i += 1) {
        const variant = questionOfVariant(q, i);
        if (variant.kind !== 'numeric') continue;
        assert.equal(gradeNumeric(variant, String(variant.answer)).status, 'correct', `${q.id} ${i}`);
        for (const mistake of variant.anticipated ?? [])
          assert.equal(gradeNumeric(variant, String(mistake.value)).status, 'incorrect', `${q.id} ${i}`);
      }
    }
  });
});
