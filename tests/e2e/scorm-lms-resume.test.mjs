// The LMS harness, resuming: a lying cmi.interactions._count overwrites no record, damaged or old-format
// cmi.suspend_data resumes what it can and keeps the rest as it was, and the answer log (what was typed, at which
// variant and seed) comes back with the rest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downloadedText } from './browser.mjs';
import { questions } from './lesson-data.mjs';
import {
  answerInLms,
  closeLms,
  leaveLms,
  lmsInteractions,
  lmsRecord,
  openLms,
  reportedSince,
  lmsTestBed,
} from './scorm-lms.mjs';

const bed = lmsTestBed();

const notices = (frame) => frame.textContent('#page-notices');
const statusOf = (frame, question) => frame.getAttribute(`#question-${question.id}`, 'data-status');
const byId = (id) => questions.find((q) => q.id === id);
const [first, second, third, fourth] = questions.filter((q) => q.kind === 'numeric');

test('a lying cmi.interactions._count ("" or "1e9") overwrites no record; new records are still written', async () => {
  const page = await bed.browser.context.newPage();
  try {
    let frame = await openLms(page, bed.lms.url, { student: 'count' });
    await answerInLms(page, frame, first);
    await answerInLms(page, frame, second, { right: false });
    const held = await lmsInteractions(page);
    assert.equal(held.length, 2);
    for (const [lie, question] of [
      ['', third],
      ['1e9', fourth],
    ]) {
      frame = await openLms(page, bed.lms.url, { student: 'count', count: lie }, { fresh: false });
      await answerInLms(page, frame, question);
      held.push(...(await lmsInteractions(page)).slice(held.length));
      assert.deepEqual(await lmsInteractions(page), held, `after _count "${lie}": earlier records as they were`);
      assert.equal(held.at(-1).id.split('.')[0], question.id, `after _count "${lie}": the new record went last`);
    }
    assert.equal(held.length, 4);
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

// Suspend data as the first SCORM package wrote it (v1, each entry [attempts, correct, status, last answer]) and as
// later ones did (partial credit fifth; the variant and attempts per variant sixth and seventh).
const oldFormat = JSON.stringify({
  v: 1,
  q: {
    [first.id]: [1, 1, 'c', String(first.answer)],
    [second.id]: [2, 0, 'i', '3', null, ['dk=128', 41], [['dk=128', 2, 0]]],
    'only-at-init': [1, 0, 'i', 'a,b', 0.6667],
  },
});

test('old-format suspend data still resumes, and is written back in the current format', async () => {
  const page = await bed.browser.context.newPage();
  try {
    let frame = await openLms(page, bed.lms.url, { student: 'old', suspend: oldFormat });
    assert.equal(await statusOf(frame, first), 'correct');
    assert.equal(await statusOf(frame, second), 'incorrect');
    assert.equal(await statusOf(frame, byId('only-at-init')), 'incorrect');
    assert.equal(await frame.getAttribute(`#question-${second.id}`, 'data-variant'), 'dk=128');
    await answerInLms(page, frame, third);
    const points = 2 + 0.6667;
    assert.equal((await lmsRecord(page)).raw, String(Math.round((100 * points) / questions.length)));
    frame = await openLms(page, bed.lms.url, { student: 'old' }, { fresh: false });
    for (const question of [first, third]) assert.equal(await statusOf(frame, question), 'correct');
    assert.equal(await statusOf(frame, second), 'incorrect');
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('a bad entry in suspend data: the good ones resume, the bad one is kept as it was and reported', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const bad = [1, 1, 'z'];
    const damaged = JSON.stringify({ v: 1, q: { [first.id]: [1, 1, 'c', '1'], [second.id]: bad } });
    let frame = await openLms(page, bed.lms.url, { student: 'damaged', launch: 'attempts=1', suspend: damaged });
    assert.equal(await statusOf(frame, first), 'correct');
    assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-locked'), 'true', 'its lock holds');
    assert.match(await notices(frame), new RegExp(`1 saved answer \\(${second.id}\\) could not be read.*kept`, 's'));
    await answerInLms(page, frame, third);
    const kept = JSON.parse((await lmsRecord(page)).suspend);
    assert.deepEqual(kept.x?.[second.id], bad, 'the bad entry is written back as it was');
    // Unreadable as a whole: the lesson starts afresh, and the text the LMS held is kept in what is written back.
    frame = await openLms(page, bed.lms.url, { student: 'unreadable', suspend: 'progress:{oops' }, { fresh: false });
    assert.match(await notices(frame), /could not be read.*kept/s);
    await answerInLms(page, frame, fourth);
    assert.equal(JSON.parse((await lmsRecord(page)).suspend).r, 'progress:{oops');
    frame = await openLms(page, bed.lms.url, { student: 'unreadable' }, { fresh: false });
    assert.equal(await statusOf(frame, fourth), 'correct');
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('after a resume the results record has every answer as typed, at its variant and seed', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const launchData = 'variant=learner';
    const question = byId('std-at-512');
    let frame = await openLms(page, bed.lms.url, { student: 'typist', launch: launchData });
    const key = await frame.getAttribute(`#question-${question.id}`, 'data-variant');
    const variant = question.variants.find((v) => `dk=${v.params.dk}` === key);
    assert.ok(variant && key !== 'dk=512', `the learner's own numbers: ${key}`);
    const typed = `sqrt(${variant.params.dk})`;
    await frame.fill(`#question-${question.id} input.answer`, '1/2');
    await frame.press(`#question-${question.id} input.answer`, 'Enter');
    await frame.waitForSelector(`#question-${question.id}[data-status="incorrect"]`);
    await reportedSince(page, frame, 0);
    await answerInLms(page, frame, { ...variant.question, id: question.id, answer: typed });
    const [, record] = await lmsInteractions(page);
    assert.deepEqual([record.type, record.student_response], ['fill-in', typed], 'what was typed, as fill-in');
    await leaveLms(page);

    frame = await openLms(page, bed.lms.url, { student: 'typist', launch: launchData }, { fresh: false });
    const [download] = await Promise.all([page.waitForEvent('download'), frame.click('.download-results-json')]);
    const results = JSON.parse(await downloadedText(download));
    const answers = results.questions.find((q) => q.id === question.id).answers;
    assert.deepEqual(
      answers.map((a) => [a.variant, a.response, a.result, a.attempt]),
      [
        [key, '1/2', 'wrong', 1],
        [key, typed, 'correct', 2],
      ],
    );
    assert.ok(
      answers.every((a) => a.seed > 0 && a.at !== null),
      'the learner’s seed and the time of each answer',
    );
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});
