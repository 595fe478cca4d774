// Progress through the quiz: immutable updates, what counts as an attempt, retrying the wrong ones, and storage round
// trips.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isQuizProgress, recordGrade, scoreOf, wrongQuestionIds } from '../../dist/lib/src/quiz/index.js';

const correct = { status: 'correct', counted: true, feedback: 'Correct.' };
const incorrect = { status: 'incorrect', counted: true, feedback: 'Not quite.' };
const unreadable = { status: 'unreadable', counted: false, feedback: "I couldn't read this." };

const deepFreeze = (value) => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

describe('recordGrade', () => {
  test('returns a new progress and leaves the old one as it was', () => {
    const before = deepFreeze(recordGrade({}, 'score-std-512', '30', incorrect));
    const snapshot = JSON.stringify(before);
    const after = recordGrade(before, 'score-std-512', '22.6', correct);
    assert.notEqual(after, before);
    assert.equal(JSON.stringify(before), snapshot);
    assert.deepEqual(before['score-std-512'], {
      attempts: 1,
      correct: false,
      lastStatus: 'incorrect',
      lastAnswer: '30',
    });
    assert.deepEqual(after['score-std-512'], { attempts: 2, correct: true, lastStatus: 'correct', lastAnswer: '22.6' });
  });

  test('keeps the other questions', () => {
    const progress = recordGrade(recordGrade({}, 'a', '1', correct), 'b', '2', incorrect);
    assert.deepEqual(Object.keys(progress).sort(), ['a', 'b']);
    assert.equal(progress.a.correct, true);
    assert.equal(progress.b.correct, false);
  });

  test('an unreadable answer is remembered but not counted, and does not undo a correct one', () => {
    const first = recordGrade({}, 'q', 'abc', unreadable);
    assert.deepEqual(first.q, { attempts: 0, correct: false, lastStatus: 'unreadable', lastAnswer: 'abc' });
    const solved = recordGrade(recordGrade(first, 'q', '8', correct), 'q', ')(', unreadable);
    assert.deepEqual(solved.q, { attempts: 1, correct: true, lastStatus: 'unreadable', lastAnswer: ')(' });
  });

  test('correct follows the latest counted attempt', () => {
    const progress = recordGrade(recordGrade({}, 'q', '8', correct), 'q', '9', incorrect);
    assert.equal(progress.q.correct, false);
    assert.equal(progress.q.attempts, 2);
  });

  test('question ids that name Object.prototype members are ordinary ids', () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const progress = recordGrade({}, id, '1', incorrect);
      assert.deepEqual(Object.keys(progress), [id]);
      assert.equal(Object.getPrototypeOf(progress), Object.prototype);
      assert.equal(progress[id].attempts, 1, id);
      assert.deepEqual(wrongQuestionIds(progress), [id]);
      const restored = JSON.parse(JSON.stringify(progress));
      assert.equal(isQuizProgress(restored), true);
      assert.deepEqual(scoreOf(restored, [id]), { answered: 1, correct: 0, total: 1, points: 0, afterSolution: 0 });
    }
    assert.deepEqual(scoreOf({}, ['constructor']), { answered: 0, correct: 0, total: 1, points: 0, afterSolution: 0 });
  });

  test('wrong arguments throw and name the argument', () => {
    assert.throws(() => recordGrade({ q: { attempts: -1 } }, 'q', '1', correct), {
      name: 'TypeError',
      message: /recordGrade: progress/,
    });
    assert.throws(() => recordGrade({}, '', '1', correct), { name: 'TypeError', message: /recordGrade: id/ });
    assert.throws(() => recordGrade({}, 'q', 1, correct), { name: 'TypeError', message: /recordGrade: answerText/ });
    assert.throws(() => recordGrade({}, 'q', '1', { status: 'right' }), {
      name: 'TypeError',
      message: /recordGrade: grade/,
    });
  });
});

describe('retrying the wrong ones and the score', () => {
  const progress = [
    ['std-512', '512', incorrect],
    ['std-64', '8', correct],
    ['var-xy', '2', incorrect],
    ['var-xy', '1', correct],
    ['entropy-8', 'abc', unreadable],
    ['saturation', '4', incorrect],
  ].reduce((p, [id, text, grade]) => recordGrade(p, id, text, grade), {});
  const lessonIds = ['std-512', 'scaled-var', 'std-64', 'var-xy', 'saturation', 'entropy-8'];

  test('wrongQuestionIds lists questions whose latest counted attempt was wrong', () => {
    assert.deepEqual(wrongQuestionIds(progress).sort(), ['saturation', 'std-512']);
    assert.deepEqual(wrongQuestionIds({}), []);
  });

  test('a correct retry removes a question from the wrong ones', () => {
    const retried = recordGrade(progress, 'std-512', 'sqrt(512)', correct);
    assert.deepEqual(wrongQuestionIds(retried), ['saturation']);
    assert.deepEqual(wrongQuestionIds(progress).sort(), ['saturation', 'std-512']);
  });

  test('scoreOf counts answered (counted attempts) and correct among the given questions', () => {
    assert.deepEqual(scoreOf(progress, lessonIds), { answered: 4, correct: 2, total: 6, points: 2, afterSolution: 0 });
    assert.deepEqual(scoreOf(progress, ['std-64', 'std-64']), {
      answered: 1,
      correct: 1,
      total: 1,
      points: 1,
      afterSolution: 0,
    });
    assert.deepEqual(scoreOf(progress, []), { answered: 0, correct: 0, total: 0, points: 0, afterSolution: 0 });
    assert.throws(() => scoreOf(progress, 'std-64'), { name: 'TypeError', message: /scoreOf: questionIds/ });
  });
});

describe('isQuizProgress', () => {
  const good = { attempts: 2, correct: true, lastStatus: 'correct', lastAnswer: '22.6' };

  test('accepts empty progress, recorded progress, and its JSON round trip', () => {
    assert.equal(isQuizProgress({}), true);
    const progress = recordGrade(recordGrade({}, 'a', 'x', unreadable), 'b', '1', incorrect);
    const restored = JSON.parse(JSON.stringify(progress));
    assert.equal(isQuizProgress(restored), true);
    assert.deepEqual(restored, progress);
    assert.equal(isQuizProgress(Object.assign(Object.create(null), { q: good })), true);
  });

  const corrupt = [
    ['null', null],
    ['an array', [good]],
    ['a string', JSON.stringify({ q: good })],
    ['a number', 3],
    ['an entry that is null', { q: null }],
    ['an entry that is an array', { q: [] }],
    ['a missing field', { q: { attempts: 1, correct: true, lastStatus: 'correct' } }],
    ['an extra field', { q: { ...good, score: 1 } }],
    ['negative attempts', { q: { ...good, attempts: -1 } }],
    ['fractional attempts', { q: { ...good, attempts: 1.5 } }],
    ['attempts as text', { q: { ...good, attempts: '2' } }],
    ['NaN attempts', { q: { ...good, attempts: NaN } }],
    ['correct as text', { q: { ...good, correct: 'true' } }],
    ['an unknown status', { q: { ...good, lastStatus: 'right' } }],
    ['lastAnswer not text', { q: { ...good, lastAnswer: 22.6 } }],
    ['correct with no attempt', { q: { ...good, attempts: 0, lastStatus: 'unreadable' } }],
    ['status correct but not correct', { q: { ...good, correct: false } }],
    ['status incorrect but correct', { q: { ...good, lastStatus: 'incorrect' } }],
    [
      'a counted status with no attempt',
      { q: { attempts: 0, correct: false, lastStatus: 'incorrect', lastAnswer: '1' } },
    ],
    [
      'a class instance',
      {
        q: new (class {
          attempts = 1;
          correct = true;
          lastStatus = 'correct';
          lastAnswer = '1';
        })(),
      },
    ],
    ['a Map', new Map([['q', good]])],
  ];
  for (const [name, value] of corrupt) {
    test(`rejects ${name}`, () => {
      assert.equal(isQuizProgress(value), false);
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Map)) {
        assert.throws(() => wrongQuestionIds(value), { name: 'TypeError', message: /isQuizProgress/ });
      }
    });
  }

  test('the good entry used above is itself valid (so each rejection is about its one change)', () => {
    assert.equal(isQuizProgress({ q: good }), true);
  });
});

test('any sequence of grades keeps the invariants (fast-check)', () => {
  const step = fc.record({
    id: fc.constantFrom('a', 'b', 'c', '__proto__'),
    text: fc.string({ maxLength: 8 }),
    grade: fc.constantFrom(correct, incorrect, unreadable),
  });
  fc.assert(
    fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      const progress = steps.reduce((p, { id, text, grade }) => recordGrade(p, id, text, grade), {});
      assert.equal(isQuizProgress(progress), true);
      assert.equal(isQuizProgress(JSON.parse(JSON.stringify(progress))), true);
      for (const id of new Set(steps.map((s) => s.id))) {
        const mine = steps.filter((s) => s.id === id);
        const countedSteps = mine.filter((s) => s.grade.counted);
        const entry = progress[id];
        assert.equal(entry.attempts, countedSteps.length);
        assert.equal(entry.correct, countedSteps.at(-1)?.grade.status === 'correct');
        assert.equal(entry.lastStatus, mine.at(-1).grade.status);
        assert.equal(entry.lastAnswer, mine.at(-1).text);
        assert.equal(wrongQuestionIds(progress).includes(id), countedSteps.length > 0 && !entry.correct);
      }
    }),
    { numRuns: 500 },
  );
});
