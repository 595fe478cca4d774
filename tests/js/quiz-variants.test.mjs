// The variant model other contexts build on: counting, naming and drawing variants from seeds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  anotherSeed,
  chooseVariant,
  isQuizProgress,
  readSavedProgress,
  recordGrade,
  recordVariantGrade,
  resultsCsv,
  resultsRecord,
  scoreOf,
  variantProgress,
  writeSavedProgress,
  gradeNumeric,
  questionOfVariant,
  seedFromText,
  validateQuestion,
  variantAt,
  variantCount,
  variantForSeed,
  variantIndexOfKey,
  variantKey,
} from '../../dist/lib/src/quiz/index.js';

const dks = [512, 64, 128, 256, 384, 768, 1024, 2048];
const inner = (dk) => ({
  kind: 'numeric',
  id: 'std-at-dk',
  prompt: `<p>What is the std at dₖ = ${dk}?</p>`,
  answer: Math.sqrt(dk),
  explanation: '<p>√dₖ.</p>',
});
const parameterised = { ...inner(512), variants: dks.map((dk) => ({ params: { dk }, question: inner(dk) })) };
const plain = inner(512);

describe('variants of a question', () => {
  test('a question without params has one variant, the question itself', () => {
    assert.equal(variantCount(plain), 1);
    assert.deepEqual(variantAt(plain, 0), { index: 0, params: {}, key: '' });
    assert.equal(questionOfVariant(plain, 0), plain);
    assert.equal(variantForSeed(plain, 41).index, 0);
  });

  test('variants are counted, named and graded by their own numbers', () => {
    assert.equal(variantCount(parameterised), 8);
    assert.deepEqual(variantAt(parameterised, 4), { index: 4, params: { dk: 384 }, key: 'dk=384' });
    assert.equal(variantIndexOfKey(parameterised, 'dk=384'), 4);
    assert.equal(variantIndexOfKey(parameterised, 'dk=999'), -1);
    assert.equal(gradeNumeric(questionOfVariant(parameterised, 4), 'sqrt(384)').status, 'correct');
    assert.equal(gradeNumeric(questionOfVariant(parameterised, 4), 'sqrt(512)').status, 'incorrect');
    assert.equal(variantKey({ dk: 64, n: 16 }), 'dk=64,n=16');
    assert.deepEqual(validateQuestion(parameterised), []);
  });

  test('seed 0 is the lesson’s own numbers; other seeds are reproducible and reach every variant', () => {
    assert.equal(variantForSeed(parameterised, 0).index, 0);
    const seen = new Set();
    for (let seed = 1; seed <= 200; seed += 1) {
      const first = variantForSeed(parameterised, seed);
      assert.deepEqual(variantForSeed(parameterised, seed), first);
      seen.add(first.index);
    }
    assert.equal(seen.size, 8);
  });

  test('one learner seed gives different variants of differently named questions', () => {
    const other = { ...parameterised, id: 'another-question' };
    const seeds = Array.from({ length: 50 }, (_, i) => seedFromText(`learner-${i}`));
    assert.ok(seeds.some((seed) => variantForSeed(parameterised, seed).index !== variantForSeed(other, seed).index));
    assert.equal(seedFromText('learner-7'), seedFromText('learner-7'));
    assert.notEqual(seedFromText('learner-7'), seedFromText('learner-8'));
  });

  test('"another like this" never repeats the current variant and stays a short seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const next = anotherSeed(parameterised, seed);
        assert.ok(Number.isInteger(next) && next >= 1 && next <= 9999);
        assert.notEqual(variantForSeed(parameterised, next).index, variantForSeed(parameterised, seed).index);
        assert.equal(anotherSeed(parameterised, seed), next);
      }),
    );
  });

  test('bad arguments name the function and the argument', () => {
    assert.throws(() => variantAt(parameterised, 8), /variantAt: index must be an integer from 0 to 7, got 8/);
    assert.throws(() => variantForSeed(parameterised, -1), /variantForSeed: seed must be an integer/);
    assert.throws(() => variantCount(null), /variantCount: question must be a Question/);
    assert.throws(() => seedFromText(''), /seedFromText: text must be a non-empty string/);
  });

  test('a variant whose question does not match is a validation problem', () => {
    const broken = { ...parameterised, variants: [{ params: { dk: 64 }, question: { ...inner(64), id: 'other' } }] };
    assert.match(validateQuestion(broken).join('\n'), /variants\[0\]\.question must have the id and kind/);
  });
});

const correct = { status: 'correct', counted: true, feedback: 'Correct.' };
const wrong = { status: 'incorrect', counted: true, feedback: 'Not quite.' };
const unreadable = { status: 'unreadable', counted: false, feedback: "I couldn't read this." };
const at512 = { key: 'dk=512', seed: 0 };
const at384 = { key: 'dk=384', seed: 41 };

describe('progress per variant', () => {
  test('a question counts as right once any variant’s latest answer is right', () => {
    let p = recordVariantGrade({}, 'std-at-dk', '22.6', correct, at512, 'dk=512', 1000);
    p = chooseVariant(p, 'std-at-dk', at384, 'dk=512');
    assert.equal(p['std-at-dk'].lastAnswer, '', 'the new variant starts unanswered');
    p = recordVariantGrade(p, 'std-at-dk', '99', wrong, at384, 'dk=512', 2000);
    p = recordVariantGrade(p, 'std-at-dk', 'banana', unreadable, at384, 'dk=512', 2500);
    assert.ok(isQuizProgress(p));
    assert.deepEqual(scoreOf(p, ['std-at-dk']), { answered: 1, correct: 1, total: 1, points: 1, afterSolution: 0 });
    assert.deepEqual(variantProgress(p['std-at-dk'], 'dk=384', 'dk=512'), { attempts: 1, correct: false });
    assert.equal(p['std-at-dk'].attempts, 2);
    assert.deepEqual(
      p['std-at-dk'].log.map((a) => [a.key, a.seed, a.answer, a.correct, a.at]),
      [
        ['dk=512', 0, '22.6', true, 1000],
        ['dk=384', 41, '99', false, 2000],
      ],
    );
    // A wrong retry of the same variant takes its credit back, as for a question without variants.
    p = recordVariantGrade(p, 'std-at-dk', '1', wrong, at512, 'dk=512', 3000);
    assert.equal(p['std-at-dk'].correct, false);
    assert.ok(isQuizProgress(p));
  });

  test('an entry saved before variants counts for the lesson’s own variant', () => {
    const old = recordGrade({}, 'std-at-dk', '22.6', correct);
    const moved = chooseVariant(old, 'std-at-dk', at384, 'dk=512');
    assert.deepEqual(moved['std-at-dk'].variants, { 'dk=512': { attempts: 1, correct: true } });
    assert.equal(moved['std-at-dk'].correct, true);
    const { saved, setAside } = readSavedProgress(writeSavedProgress({ answers: moved, stamps: {}, resetAt: 0 }));
    assert.deepEqual(setAside, {});
    assert.deepEqual(saved.answers, moved);
  });

  test('stored variant fields that disagree are set aside', () => {
    const good = recordVariantGrade({}, 'q', '22.6', correct, at512, 'dk=512', 1000).q;
    for (const bad of [
      { ...good, correct: false },
      { ...good, variants: { 'dk=512': { attempts: 0, correct: true } } },
      { ...good, variant: { key: 'dk=512' } },
      { ...good, log: [{ ...good.log[0], at: -1 }] },
      { ...good, log: 'lots' },
    ]) {
      assert.equal(isQuizProgress({ q: bad }), false, JSON.stringify(bad));
    }
  });

  test('bad arguments name the function and the argument', () => {
    assert.throws(
      () => recordVariantGrade({}, 'q', '1', correct, { key: 'dk=1' }, '', 0),
      /recordVariantGrade: variant/,
    );
    assert.throws(() => recordVariantGrade({}, 'q', '1', correct, at512, '', -5), /recordVariantGrade: at must be/);
    assert.throws(() => chooseVariant({}, '', at512, ''), /chooseVariant: id must be/);
  });
});

describe('the downloadable results record', () => {
  const other = { ...plain, id: 'plain-one' };
  const questions = [parameterised, other];
  let p = recordVariantGrade({}, 'std-at-dk', '=sqrt(512)', correct, at512, 'dk=512', Date.UTC(2026, 0, 2));
  p = chooseVariant(p, 'std-at-dk', at384, 'dk=512');
  p = recordVariantGrade(p, 'std-at-dk', '19.6, maybe', wrong, at384, 'dk=512', Date.UTC(2026, 0, 3));
  const record = resultsRecord('why-sqrt-dk', questions, p, new Date(Date.UTC(2026, 0, 4)));

  test('JSON: every question, its variants, attempts and answers with times', () => {
    assert.equal(record.format, 'attention-lab-results');
    assert.equal(record.exportedAt, '2026-01-04T00:00:00.000Z');
    assert.deepEqual(record.score, { answered: 1, correct: 1, total: 2 });
    const [q, unanswered] = record.questions;
    assert.deepEqual(q.current, { variant: 'dk=384', params: { dk: 384 }, seed: 41 });
    assert.deepEqual(
      q.answers.map((a) => [a.variant, a.params.dk, a.seed, a.attempt, a.result, a.at]),
      [
        ['dk=512', 512, 0, 1, 'correct', '2026-01-02T00:00:00.000Z'],
        ['dk=384', 384, 41, 2, 'wrong', '2026-01-03T00:00:00.000Z'],
      ],
    );
    assert.deepEqual(unanswered, {
      id: 'plain-one',
      variants: 1,
      current: { variant: '', params: {}, seed: 0 },
      attempts: 0,
      correct: false,
      byVariant: [],
      answers: [],
    });
  });

  test('CSV: one row per answer, quoted, formulas defused', () => {
    assert.equal(
      resultsCsv(record),
      [
        'lesson,question,variant,seed,attempt,response,result,time,after_solution,kind,figure',
        "why-sqrt-dk,std-at-dk,dk=512,0,1,'=sqrt(512),correct,2026-01-02T00:00:00.000Z,no,question,",
        'why-sqrt-dk,std-at-dk,dk=384,41,2,"19.6, maybe",wrong,2026-01-03T00:00:00.000Z,no,question,',
        'why-sqrt-dk,plain-one,,0,,,unanswered,,,question,',
        '',
      ].join('\r\n'),
    );
  });
});
