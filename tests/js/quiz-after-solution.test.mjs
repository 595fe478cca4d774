// The grading rule: where answers are graded, an answer given after the worked solution of its numbers was shown is
// confirmed but earns no points, and that fact is kept wherever progress goes (browser storage, SCORM suspend data,
// the results record). Practice (no policy) keeps showing the solution as it always did.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeSuspendData, encodeSuspendData } from '../../dist/lib/src/embed/suspend-data.js';
import {
  chooseVariant,
  defaultPolicy,
  gradeChoice,
  gradeNumeric,
  isQuizProgress,
  markSolutionShown,
  readGradedPolicy,
  readSavedProgress,
  recordVariantGrade,
  resultsRecord,
  scoreOf,
  solutionAccess,
  solutionState,
  writeSavedProgress,
} from '../../dist/lib/src/quiz/index.js';

const dks = [512, 384];
const inner = (dk) => ({
  kind: 'numeric',
  id: 'std',
  prompt: `<p>σ at ${dk}?</p>`,
  answer: Math.sqrt(dk),
  explanation: '<p>√dₖ.</p>',
});
const std = { ...inner(512), variants: dks.map((dk) => ({ params: { dk }, question: inner(dk) })) };
const multi = {
  kind: 'multi',
  id: 'pick',
  prompt: '<p>Which?</p>',
  explanation: '<p>Why.</p>',
  options: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, text: id, correct: i < 3 })),
};
const own = { key: 'dk=512', seed: 0 };
const other = { key: 'dk=384', seed: 41 };
const policyOf = (query) => readGradedPolicy(new URLSearchParams(query)).policy;

let clock = 1;
const answer = (progress, choice, text, question = inner(choice === own ? 512 : 384)) =>
  recordVariantGrade(progress, question.id, text, gradeNumeric(question, text), choice, own.key, clock++);
const wrongTwice = (progress = {}) => answer(answer(progress, own, '1'), own, '2');

describe('what a graded context is', () => {
  test('any of variant, attempts or explain set, whatever its value; nothing set is practice', () => {
    assert.equal(defaultPolicy().graded, false);
    assert.equal(policyOf('').graded, false);
    assert.equal(policyOf('theme=dark&dk=64').graded, false);
    for (const query of [
      'variant=learner',
      'attempts=unlimited',
      'explain=after-attempts',
      'attempts=lots',
      'variant=',
    ])
      assert.equal(policyOf(query).graded, true, query);
  });
});

describe('when the worked solution shows', () => {
  const state = { correct: false, attempts: 2, locked: false, seen: false };
  test('practice shows it after two wrong answers, as the lesson page always has', () => {
    assert.equal(solutionAccess(defaultPolicy(), { ...state, attempts: 1 }), 'hidden');
    assert.equal(solutionAccess(defaultPolicy(), state), 'shown');
  });

  test('graded and still open: offered (with its warning), not shown; once seen, right or locked: shown', () => {
    const graded = policyOf('variant=fixed');
    assert.equal(solutionAccess(graded, { ...state, attempts: 1 }), 'hidden');
    assert.equal(solutionAccess(graded, state), 'offered');
    assert.equal(solutionAccess(graded, { ...state, seen: true }), 'shown');
    assert.equal(solutionAccess(graded, { ...state, correct: true, attempts: 1 }), 'shown');
    const limited = policyOf('attempts=3');
    assert.equal(solutionAccess(limited, state), 'hidden', 'after-attempts waits for the third');
    assert.equal(solutionAccess(limited, { ...state, attempts: 3, locked: true }), 'shown', 'locked: nothing to earn');
    assert.equal(solutionAccess(policyOf('explain=never'), { ...state, correct: true, seen: true }), 'hidden');
    assert.equal(solutionAccess(policyOf('explain=after-correct'), { ...state, attempts: 9 }), 'hidden');
    assert.throws(() => solutionAccess(graded, { correct: false, attempts: 2 }), /solutionAccess: state/);
  });
});

describe('an answer after the solution earns no points', () => {
  test('right after the solution: confirmed right, no point, flagged in the entry and the log', () => {
    const shown = markSolutionShown(wrongTwice(), 'std', own, own.key);
    assert.deepEqual(solutionState(shown.std, own.key, own.key), { shown: true, afterSolution: false });
    const p = answer(shown, own, 'sqrt(512)');
    assert.equal(p.std.correct, true, 'the answer is right, and the question says so');
    assert.deepEqual(p.std.variants[own.key], { attempts: 3, correct: true, solutionShown: true, afterSolution: true });
    assert.deepEqual(
      p.std.log.map((a) => [a.correct, a.afterSolution]),
      [
        [false, undefined],
        [false, undefined],
        [true, true],
      ],
    );
    assert.deepEqual(scoreOf(p, ['std']), { answered: 1, correct: 1, total: 1, points: 0, afterSolution: 1 });
    assert.ok(isQuizProgress(p));
  });

  test('the same answer before the solution earns the point', () => {
    const p = answer(wrongTwice(), own, 'sqrt(512)');
    assert.deepEqual(scoreOf(p, ['std']), { answered: 1, correct: 1, total: 1, points: 1, afterSolution: 0 });
    assert.equal(p.std.log.at(-1).afterSolution, undefined);
  });

  test('other numbers ("Another like this") can still earn it; a point earned first is kept', () => {
    let p = markSolutionShown(wrongTwice(), 'std', own, own.key);
    p = chooseVariant(p, 'std', other, own.key);
    p = answer(p, other, 'sqrt(384)');
    assert.deepEqual(scoreOf(p, ['std']), { answered: 1, correct: 1, total: 1, points: 1, afterSolution: 0 });
    // Right first, solution shown because of it, then wrong and right again: the latest answer came after it.
    let again = answer({}, own, 'sqrt(512)');
    again = markSolutionShown(again, 'std', own, own.key);
    assert.equal(scoreOf(again, ['std']).points, 1, 'seeing the solution after a right answer costs nothing');
    again = answer(answer(again, own, '3'), own, 'sqrt(512)');
    assert.equal(scoreOf(again, ['std']).points, 0);
  });

  test('partial credit (multi-select) after the solution is not kept either', () => {
    const pick = (p, ids) =>
      recordVariantGrade(p, 'pick', ids.join(','), gradeChoice(multi, ids), { key: '', seed: 0 }, '', clock++);
    let p = pick({}, ['a', 'b']);
    assert.equal(scoreOf(p, ['pick']).points, 2 / 3);
    p = markSolutionShown(p, 'pick', { key: '', seed: 0 }, '');
    assert.equal(scoreOf(p, ['pick']).points, 2 / 3, 'credit earned before the solution stays until answered again');
    p = pick(p, ['a', 'b']);
    assert.equal(p.pick.credit, undefined);
    assert.equal(scoreOf(p, ['pick']).points, 0);
  });

  test('marking twice changes nothing; a question never answered can be marked', () => {
    const shown = markSolutionShown(wrongTwice(), 'std', own, own.key);
    assert.equal(markSolutionShown(shown, 'std', own, own.key), shown);
    const fresh = markSolutionShown({}, 'std', own, own.key);
    assert.ok(isQuizProgress(fresh));
    assert.deepEqual(scoreOf(fresh, ['std']), { answered: 0, correct: 0, total: 1, points: 0, afterSolution: 0 });
    assert.throws(() => markSolutionShown({}, 'std', { key: 'x' }, ''), /markSolutionShown: variant/);
  });
});

describe('the mark is kept wherever progress goes', () => {
  const p = answer(markSolutionShown(wrongTwice(), 'std', own, own.key), own, 'sqrt(512)');

  test('browser storage: written and read back whole', () => {
    const text = writeSavedProgress({ answers: p, stamps: { std: 5 }, resetAt: 0 });
    const { saved, setAside } = readSavedProgress(text);
    assert.deepEqual(setAside, {});
    assert.deepEqual(saved.answers, p);
    assert.equal(scoreOf(saved.answers, ['std']).points, 0);
  });

  test('SCORM suspend data: the flags come back, and data without them still reads', () => {
    const back = decodeSuspendData(encodeSuspendData(p));
    assert.deepEqual(back.std.variants, p.std.variants);
    assert.deepEqual(scoreOf(back, ['std']), scoreOf(p, ['std']));
    const before = JSON.stringify({ v: 1, q: { std: [1, 1, 'c', '22.6', null, ['dk=512', 0], [['dk=512', 1, 1]]] } });
    assert.deepEqual(decodeSuspendData(before).std.variants, { 'dk=512': { attempts: 1, correct: true } });
  });

  test('stored flags that tell an impossible story are refused', () => {
    const base = { attempts: 1, correct: false, lastStatus: 'incorrect', lastAnswer: '1' };
    const withVariant = (v) => ({ q: { ...base, variants: { '': { attempts: 1, correct: false, ...v } } } });
    assert.ok(isQuizProgress(withVariant({ solutionShown: true })));
    assert.ok(isQuizProgress(withVariant({ solutionShown: true, afterSolution: true })));
    assert.ok(!isQuizProgress(withVariant({ afterSolution: true })), 'after a solution never shown');
    assert.ok(!isQuizProgress(withVariant({ solutionShown: false })), 'flags are present only when true');
    assert.ok(!isQuizProgress(withVariant({ solutionShown: 1 })));
    const logged = { key: '', seed: 0, answer: '1', correct: false, at: 1 };
    assert.ok(isQuizProgress({ q: { ...base, log: [{ ...logged, afterSolution: true }] } }));
    assert.ok(!isQuizProgress({ q: { ...base, log: [{ ...logged, afterSolution: 'yes' }] } }));
  });

  test('the results record says which answers came after the solution', () => {
    const record = resultsRecord('why-sqrt-dk', [std], p, new Date(0));
    const [q] = record.questions;
    assert.ok(record.version >= 2, 'version 2 added afterSolution; later versions keep it');
    assert.deepEqual(
      q.answers.map((a) => [a.result, a.afterSolution]),
      [
        ['wrong', false],
        ['wrong', false],
        ['correct', true],
      ],
    );
    assert.deepEqual(
      q.byVariant.map((v) => [v.variant, v.solutionShown]),
      [['dk=512', true]],
    );
  });
});
