// The variant model other contexts build on: counting, naming and drawing variants from seeds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  anotherSeed,
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
