// Saved progress: entry-by-entry reading (one bad entry never costs the others), version 1 still read, and the merge
// two tabs rely on (newest answer per question wins, a reset erases what came before it).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  isQuizProgress,
  mergeSavedProgress,
  readSavedProgress,
  splitQuizProgress,
  writeSavedProgress,
} from '../../dist/lib/src/quiz/index.js';

const good = { attempts: 1, correct: true, lastStatus: 'correct', lastAnswer: '22.6' };
const wrong = { attempts: 2, correct: false, lastStatus: 'incorrect', lastAnswer: '30' };

// A valid entry: the fields tell one story (see isQuizProgress).
const entryOf = (lastStatus, correct, minAttempts = 1) =>
  fc.record({
    attempts: fc.integer({ min: minAttempts, max: 1e6 }),
    correct,
    lastStatus: fc.constant(lastStatus),
    lastAnswer: fc.string(),
  });
const validEntry = fc.oneof(
  entryOf('correct', fc.constant(true)),
  entryOf('incorrect', fc.constant(false)),
  entryOf('unreadable', fc.constant(false), 0),
  entryOf('unreadable', fc.boolean()),
);
const isValid = (entry) => isQuizProgress(Object.fromEntries([['q', entry]]));
// Bad entries: anything at all, and valid ones with one field broken, added or removed.
const badEntry = fc.oneof(
  fc.anything().filter((entry) => !isValid(entry)),
  validEntry.chain((entry) =>
    fc.constantFrom(
      { ...entry, attempts: entry.attempts + 0.5 },
      { ...entry, colour: 'red' },
      { ...entry, lastStatus: 'maybe' },
      { ...entry, attempts: -1 },
      { ...entry, lastAnswer: 7 },
      Object.fromEntries(Object.entries(entry).slice(1)),
    ),
  ),
);
const questionId = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'constructor'));

describe('readSavedProgress', () => {
  test('one entry with attempts 1.5 or an extra field costs only that entry, which is set aside as it was', () => {
    const answers = { a: good, b: { ...good, attempts: 1.5 }, c: { ...wrong, colour: 'red' } };
    const text = JSON.stringify({ version: 1, answers });
    const { saved, setAside, unreadable } = readSavedProgress(text);
    assert.equal(unreadable, false);
    assert.deepEqual(saved.answers, { a: good });
    assert.deepEqual(setAside, { b: { ...good, attempts: 1.5 }, c: { ...wrong, colour: 'red' } });
  });

  test('version 1 entries are read with stamp 0; version 2 keeps stamps and the reset time', () => {
    assert.deepEqual(readSavedProgress(JSON.stringify({ version: 1, answers: { a: good } })).saved, {
      answers: { a: good },
      stamps: { a: 0 },
      resetAt: 0,
    });
    const text = JSON.stringify({ version: 2, resetAt: 5, answers: { a: { ...good, at: 9 } } });
    assert.deepEqual(readSavedProgress(text).saved, { answers: { a: good }, stamps: { a: 9 }, resetAt: 5 });
  });

  test('text that is not progress at all is unreadable, never a throw', () => {
    const texts = ['', '{', 'null', '[]', '{"version":3,"answers":{}}', '{"version":1}', '{"version":1,"answers":[]}'];
    for (const text of texts) {
      const read = readSavedProgress(text);
      assert.equal(read.unreadable, true, text);
      assert.deepEqual(read.saved.answers, {});
    }
    assert.throws(() => readSavedProgress(42), /^TypeError: readSavedProgress: text must be a string, got number$/);
  });

  test('property: never loses a valid entry, and sets aside exactly the bad ones (versions 1 and 2)', () => {
    const entries = fc.dictionary(questionId, fc.oneof(validEntry, badEntry), { maxKeys: 12 });
    fc.assert(
      fc.property(entries, fc.constantFrom(1, 2), (generated, version) => {
        const answers = JSON.parse(JSON.stringify(generated)); // as storage would hold them
        const stamped =
          version === 1
            ? answers
            : Object.fromEntries(
                Object.entries(answers).map(([id, entry], i) => [id, isValid(entry) ? { ...entry, at: i + 1 } : entry]),
              );
        const { saved, setAside, unreadable } = readSavedProgress(JSON.stringify({ version, answers: stamped }));
        assert.equal(unreadable, false);
        for (const [id, entry] of Object.entries(answers)) {
          if (isValid(entry)) assert.deepEqual(saved.answers[id], entry, `${JSON.stringify(id)} kept`);
          else assert.ok(Object.hasOwn(setAside, id) && !Object.hasOwn(saved.answers, id), JSON.stringify(id));
        }
        assert.equal(Object.keys(saved.answers).length + Object.keys(setAside).length, Object.keys(answers).length);
        assert.ok(isQuizProgress(saved.answers));
      }),
      { numRuns: 1000 },
    );
  });

  test('property: what is written reads back the same', () => {
    const saved = fc.dictionary(questionId, fc.tuple(validEntry, fc.nat()), { maxKeys: 10 }).map((pairs) => ({
      answers: Object.fromEntries(Object.entries(pairs).map(([id, [entry]]) => [id, entry])),
      stamps: Object.fromEntries(Object.entries(pairs).map(([id, [, at]]) => [id, at])),
      resetAt: 0,
    }));
    fc.assert(
      fc.property(saved, (progress) => {
        const asStored = JSON.parse(JSON.stringify(progress));
        assert.deepEqual(readSavedProgress(writeSavedProgress(progress)).saved, asStored);
      }),
      { numRuns: 500 },
    );
  });
});

describe('mergeSavedProgress', () => {
  const side = (answers, stamps, resetAt = 0) => ({ answers, stamps, resetAt });

  test('answers from both tabs survive; on the same question the newer one wins', () => {
    const mine = side({ a: good, b: wrong }, { a: 10, b: 20 });
    const theirs = side({ b: good, c: wrong }, { b: 30, c: 15 });
    assert.deepEqual(mergeSavedProgress(mine, theirs), side({ a: good, b: good, c: wrong }, { a: 10, b: 30, c: 15 }));
  });

  test('a reset erases every answer given before it, from either tab, and keeps the ones after it', () => {
    const resetHere = side({}, {}, 50);
    const stale = side({ a: good, b: wrong }, { a: 10, b: 60 });
    assert.deepEqual(mergeSavedProgress(resetHere, stale), side({ b: wrong }, { b: 60 }, 50));
    assert.deepEqual(mergeSavedProgress(stale, resetHere), side({ b: wrong }, { b: 60 }, 50));
  });

  test('property: merging is order-free when stamps differ, and keeps the newest of each question', () => {
    const tab = fc
      .dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.tuple(validEntry, fc.nat({ max: 1000 })))
      .chain((pairs) =>
        fc
          .nat({ max: 1000 })
          .map((resetAt) =>
            side(
              Object.fromEntries(Object.entries(pairs).map(([id, [entry]]) => [id, entry])),
              Object.fromEntries(Object.entries(pairs).map(([id, [, at]]) => [id, at * 2])),
              resetAt * 2 + 1,
            ),
          ),
      );
    fc.assert(
      fc.property(tab, tab, (mine, theirs) => {
        const merged = mergeSavedProgress(mine, theirs);
        const sameStamp = Object.keys(mine.stamps).some((id) => theirs.stamps[id] === mine.stamps[id]);
        if (!sameStamp) assert.deepEqual(merged, mergeSavedProgress(theirs, mine));
        for (const id of Object.keys(merged.answers)) {
          assert.ok(merged.stamps[id] >= merged.resetAt);
          assert.equal(merged.stamps[id], Math.max(mine.stamps[id] ?? -1, theirs.stamps[id] ?? -1));
        }
        for (const id of new Set([...Object.keys(mine.answers), ...Object.keys(theirs.answers)])) {
          const newest = Math.max(mine.stamps[id] ?? -1, theirs.stamps[id] ?? -1);
          assert.equal(Object.hasOwn(merged.answers, id), newest >= merged.resetAt, `question ${id}`);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

test('splitQuizProgress keeps valid entries, including odd ids, and names itself when given a non-object', () => {
  const progress = JSON.parse(`{"__proto__": ${JSON.stringify(good)}, "x": {"attempts": "many"}}`);
  const { kept, setAside } = splitQuizProgress(progress);
  assert.ok(Object.hasOwn(kept, '__proto__'));
  assert.deepEqual(Object.keys(setAside), ['x']);
  assert.throws(() => splitQuizProgress([]), /^TypeError: splitQuizProgress: value must be a plain object/);
});
