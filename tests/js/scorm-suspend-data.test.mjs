// cmi.suspend_data: a learner's progress round-trips through SCORM 1.2's 4096 characters with verdicts, partial credit,
// variants and the answer log; the oldest detail goes first when space runs out, verdicts never; a bad entry or
// unreadable text is set aside and written back as it was; every earlier format still reads.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  decodeSuspendData,
  encodeSuspendData,
  newerProgress,
  readSuspendData,
  suspendDataLimit,
  writeSuspendData,
} from '../../dist/lib/src/embed/suspend-data.js';
import {
  gradeChoice,
  gradeNumeric,
  isQuizProgress,
  recordGrade,
  recordVariantGrade,
  resultsRecord,
} from '../../dist/lib/src/quiz/index.js';

const numeric = { kind: 'numeric', id: 'std', prompt: '', answer: Math.sqrt(384), explanation: '' };
const multi = {
  kind: 'multi',
  id: 'multi',
  prompt: '',
  explanation: '',
  options: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, text: id, correct: i < 3 })),
};
const at = Date.UTC(2026, 10, 24, 9, 5, 7);
const answerStd = (progress, text, seconds, variant = { key: 'dk=384', seed: 7 }) =>
  recordVariantGrade(progress, 'std', text, gradeNumeric(numeric, text), variant, 'dk=512', at + seconds * 1000);
const write = (progress, more = {}) => writeSuspendData({ progress, setAside: {}, ...more });

describe('the current format (version 2)', () => {
  test('verdicts, partial credit, variants, the answer log, the count and the seed come back as they were', () => {
    let progress = answerStd({}, '20', 1);
    progress = answerStd(progress, 'sqrt(384)', 2);
    progress = recordGrade(progress, 'multi', 'a,b', gradeChoice(multi, ['a', 'b']));
    const seed = '0123456789abcdef0123456789abcdef';
    const { text, dropped } = write(progress, { interactions: 3, seed });
    assert.deepEqual(dropped, { answerTexts: 0, loggedAnswers: 0, lastAnswers: 0, setAside: 0, unreadable: false });
    const back = readSuspendData(text);
    assert.equal(back.version, 2);
    assert.deepEqual(back.progress.std, progress.std, 'times are kept to the second, and these are whole seconds');
    assert.deepEqual(back.progress.multi, { ...progress.multi, credit: Number((2 / 3).toFixed(4)) });
    assert.deepEqual(
      back.progress.std.log.map((a) => [a.key, a.seed, a.answer, a.correct]),
      [
        ['dk=384', 7, '20', false],
        ['dk=384', 7, 'sqrt(384)', true],
      ],
    );
    assert.deepEqual([back.interactions, back.seed, back.setAside, back.unreadable], [3, seed, {}, undefined]);
  });

  test('whole progress or nothing: encodeSuspendData and decodeSuspendData', () => {
    const progress = answerStd({}, '20', 1);
    assert.deepEqual(decodeSuspendData(encodeSuspendData(progress)), progress);
    assert.equal(decodeSuspendData(JSON.stringify({ v: 1, q: { a: [1, 1, 'z'] } })), undefined, 'one entry aside');
    assert.equal(decodeSuspendData('not ours'), undefined);
    assert.equal(decodeSuspendData(''), undefined);
  });

  test('a time between seconds comes back to the nearest second', () => {
    const progress = answerStd({}, '20', 0.4);
    assert.equal(readSuspendData(write(progress).text).progress.std.log[0].at, at);
  });

  test('the oldest typed answers in the log go first, then the oldest answers, then the latest texts', () => {
    const long = '0'.repeat(150); // leading zeros: a long answer that is still a number, so it counts
    let progress = {};
    for (let i = 0; i < 30; i++) progress = answerStd(progress, `${long}${i}`, i);
    const { text, dropped } = write(progress);
    assert.ok(text.length <= suspendDataLimit, `${text.length} characters`);
    const back = readSuspendData(text).progress.std;
    assert.equal(back.attempts, 30, 'the verdicts stay');
    assert.deepEqual(back.variants, progress.std.variants);
    assert.equal(back.log.length, 30, 'every answer is still logged');
    const kept = back.log.filter((a) => a.answer !== '');
    assert.ok(kept.length > 0 && dropped.answerTexts === 30 - kept.length, `${dropped.answerTexts} texts left out`);
    assert.deepEqual(kept, progress.std.log.slice(-kept.length), 'the newest texts are the ones kept');
    assert.equal(dropped.loggedAnswers, 0);

    // Many questions with long answers: whole logged answers go too, oldest first; every verdict stays.
    let many = {};
    for (let q = 0; q < 12; q++)
      for (let i = 0; i < 30; i++) {
        const text = `${long}${q}.${i}`;
        many = recordVariantGrade(
          many,
          `q${q}`,
          text,
          gradeNumeric(numeric, text),
          { key: 'k', seed: q },
          'k',
          at + (i * 12 + q) * 1000,
        );
      }
    const squeezed = write(many);
    assert.ok(squeezed.text.length <= suspendDataLimit);
    assert.ok(squeezed.dropped.loggedAnswers > 0);
    const read = readSuspendData(squeezed.text).progress;
    for (let q = 0; q < 12; q++) assert.equal(read[`q${q}`].attempts, 30, `q${q} keeps its verdict`);
    const latest = Object.values(read).flatMap((entry) => entry.log ?? []);
    const oldestKept = Math.min(...latest.map((a) => a.at));
    const all = Object.values(many).flatMap((entry) => entry.log);
    assert.equal(all.filter((a) => a.at >= oldestKept).length, latest.length, 'only the oldest answers were left out');
  });

  test('verdicts that cannot fit are refused, not cut', () => {
    let progress = {};
    for (let q = 0; q < 400; q++) progress = recordGrade(progress, `question-${q}`, '1', gradeNumeric(numeric, '1'));
    assert.equal(write(progress), undefined);
  });

  test('arguments are checked', () => {
    assert.throws(() => write({ q: { attempts: -1 } }), {
      name: 'TypeError',
      message: /progress must be a QuizProgress/,
    });
    assert.throws(() => writeSuspendData(null), { name: 'TypeError', message: /writeSuspendData: record/ });
    assert.throws(() => write({}, { interactions: -1 }), { name: 'RangeError', message: /interactions/ });
    assert.throws(() => readSuspendData(3), { name: 'TypeError', message: /readSuspendData: text must be a string/ });
  });
});

describe('the worked-solution marks of a graded context', () => {
  // Progress as the grading rule records an answer given after the worked solution of its numbers was shown.
  const marked = {
    std: {
      attempts: 2,
      correct: true,
      lastStatus: 'correct',
      lastAnswer: '8',
      variant: { key: 'dk=64', seed: 3 },
      variants: { 'dk=64': { attempts: 2, correct: true, solutionShown: true, afterSolution: true } },
      log: [
        { key: 'dk=64', seed: 3, answer: '7', correct: false, at },
        { key: 'dk=64', seed: 3, answer: '8', correct: true, at: at + 1000, afterSolution: true },
      ],
    },
  };

  test('survive a resume, in version 2 and in version 1 as the grading rule writes it', () => {
    assert.ok(isQuizProgress(marked), 'the quiz model reads the marks');
    assert.deepEqual(readSuspendData(write(marked).text).progress, marked);
    const v1 = JSON.stringify({ v: 1, q: { std: [2, 1, 'c', '8', null, ['dk=64', 3], [['dk=64', 2, 1, 3]]] } });
    assert.deepEqual(readSuspendData(v1).progress.std.variants, { 'dk=64': marked.std.variants['dk=64'] });
  });
});

describe('what cannot be read is set aside, and written back as it was', () => {
  test('one bad entry: the others are kept, the bad one comes back unchanged in every later write', () => {
    const bad = [1, 1, 'z'];
    const text = JSON.stringify({ v: 1, q: { good: [2, 1, 'c', '8'], bad, proto: [1, 0, 'i', '3', 2] } });
    const read = readSuspendData(text);
    assert.deepEqual(Object.keys(read.progress), ['good']);
    assert.deepEqual(read.setAside, { bad, proto: [1, 0, 'i', '3', 2] }, 'a credit of 2 is no partial credit');
    const again = readSuspendData(write(read.progress, { setAside: read.setAside }).text);
    assert.deepEqual(again.setAside, read.setAside);
    assert.deepEqual(again.progress, read.progress);
  });

  test('a bad entry beside a new answer to the same question: both are kept', () => {
    const progress = recordGrade({}, 'std', '20', gradeNumeric(numeric, '20'));
    const back = readSuspendData(write(progress, { setAside: { std: 'garbled' } }).text);
    assert.deepEqual([back.progress.std.attempts, back.setAside.std], [1, 'garbled']);
  });

  test('text that is not ours or not JSON: nothing is read, and the text is kept whole', () => {
    for (const text of ['not json', '{"v":3,"q":{}}', '[1,2]', '{"v":1}', 'null']) {
      const read = readSuspendData(text);
      assert.deepEqual([read.version, read.progress, read.unreadable], [0, {}, text], text);
      const written = write({}, { unreadable: read.unreadable });
      assert.equal(readSuspendData(written.text).unreadable, text, `${text} is written back`);
    }
    assert.deepEqual(readSuspendData(''), { progress: {}, setAside: {}, version: 0 }, 'empty is a fresh start');
  });

  test('space for the verdicts comes before the text that could not be read', () => {
    const unreadable = 'y'.repeat(4090);
    const progress = recordGrade({}, 'std', '20', gradeNumeric(numeric, '20'));
    const { text, dropped } = write(progress, { unreadable, setAside: { old: [9] } });
    const back = readSuspendData(text);
    assert.equal(back.progress.std.attempts, 1);
    assert.equal(back.unreadable, undefined);
    assert.equal(dropped.unreadable, true);
    assert.deepEqual(back.setAside, { old: [9] }, 'what still fits stays');
  });

  test('any text reads without throwing, into progress the quiz accepts', () => {
    const packed = fc.oneof(
      fc.jsonValue(),
      fc.tuple(fc.nat(), fc.constantFrom(0, 1, 2), fc.constantFrom('c', 'i', 'u', 'x'), fc.string()),
    );
    const suspend = fc.oneof(
      fc.string(),
      fc.record({ v: fc.constantFrom(1, 2), q: fc.dictionary(fc.string(), packed) }).map((d) => JSON.stringify(d)),
    );
    fc.assert(
      fc.property(suspend, (text) => {
        const read = readSuspendData(text);
        assert.ok(isQuizProgress(read.progress));
        const written = write(read.progress, { setAside: read.setAside });
        if (written) assert.deepEqual(readSuspendData(written.text).progress, read.progress);
      }),
      { numRuns: 300 },
    );
  });
});

describe('every earlier format still reads', () => {
  test('the first (v1: attempts, correct, status, last answer), with credit, and with variants', () => {
    const text = JSON.stringify({
      v: 1,
      q: {
        first: [1, 1, 'c', '8'],
        credit: [1, 0, 'i', 'a,b', 0.6667],
        variants: [2, 0, 'i', '3', null, ['dk=128', 41], [['dk=128', 2, 0]]],
      },
    });
    const { progress, setAside, version, interactions } = readSuspendData(text);
    assert.deepEqual([version, setAside, interactions], [1, {}, undefined]);
    assert.deepEqual(progress.first, { attempts: 1, correct: true, lastStatus: 'correct', lastAnswer: '8' });
    assert.equal(progress.credit.credit, 0.6667);
    assert.deepEqual(progress.variants.variant, { key: 'dk=128', seed: 41 });
    assert.deepEqual(progress.variants.variants, { 'dk=128': { attempts: 2, correct: false } });
  });

  test('v1 never had a log: an entry with one is set aside', () => {
    const text = JSON.stringify({ v: 1, q: { odd: [1, 1, 'c', '8', null, null, [], [[0, 0, '8', 1, 1]]] } });
    assert.deepEqual(Object.keys(readSuspendData(text).setAside), ['odd']);
  });

  test('the results record gives an entry without a log its latest answer at the variant it is on', () => {
    const inner = (dk) => ({ kind: 'numeric', id: 'std', prompt: '', answer: Math.sqrt(dk), explanation: '' });
    const question = { ...inner(512), variants: [512, 128].map((dk) => ({ params: { dk }, question: inner(dk) })) };
    const text = JSON.stringify({ v: 1, q: { std: [2, 0, 'i', '3', null, ['dk=128', 41], [['dk=128', 2, 0]]] } });
    const { progress } = readSuspendData(text);
    const [answer] = resultsRecord('lesson', [question], progress, new Date(0)).questions[0].answers;
    assert.deepEqual(
      [answer.variant, answer.params, answer.seed, answer.attempt, answer.response, answer.at],
      ['dk=128', { dk: 128 }, 41, 2, '3', null],
    );
  });
});

describe('newerProgress', () => {
  test('question by question the copy answered last wins, then the one with more attempts; nothing is lost', () => {
    const lms = answerStd(recordGrade({}, 'multi', 'a', gradeChoice(multi, ['a'])), '20', 5);
    const kept = answerStd(answerStd({}, '20', 5), 'sqrt(384)', 9);
    const merged = newerProgress(lms, kept);
    assert.deepEqual(Object.keys(merged).sort(), ['multi', 'std']);
    assert.equal(merged.std, kept.std, 'answered later');
    assert.equal(merged.multi, lms.multi, 'only one side has it');
    assert.equal(newerProgress(kept, lms).std, kept.std, 'whichever side it is on');
    const unlogged = recordGrade(
      recordGrade({}, 'multi', 'a', gradeChoice(multi, ['a'])),
      'multi',
      'a',
      gradeChoice(multi, ['a']),
    );
    assert.equal(newerProgress(unlogged, lms).multi, unlogged.multi, 'more attempts, with no times to compare');
    assert.throws(() => newerProgress({ x: 1 }, {}), { name: 'TypeError', message: /newerProgress/ });
  });
});
