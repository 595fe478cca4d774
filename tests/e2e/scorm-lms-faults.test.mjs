// The LMS harness, faults real LMSs have: interactions not implemented, commits refused for a while, a slow LMS, a
// value whose toString throws. The score is always reported, nothing is lost, and the verdict never waits for the LMS.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer } from './embed-answer.mjs';
import { questions, rightAnswer } from './lesson-data.mjs';
import {
  answerInLms,
  closeLms,
  lmsInteractions,
  lmsMark,
  lmsRecord,
  openLms,
  reportedSince,
  lmsTestBed,
  scoreOf,
} from './scorm-lms.mjs';

const bed = lmsTestBed();

const notices = (frame) => frame.textContent('#page-notices');
const numeric = questions.filter((q) => q.kind === 'numeric');

test('an LMS without interactions (every cmi.interactions.* → 401): the score is still reported', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const frame = await openLms(page, bed.lms.url, {
      student: 'no-interactions',
      fault: 'LMSSetValue:false::cmi.interactions.**:401',
    });
    const eight = questions.slice(0, 8);
    let interactionCalls = 0;
    for (const [index, question] of eight.entries()) {
      const calls = await answerInLms(page, frame, question);
      interactionCalls += calls.filter((call) => call.element?.startsWith('cmi.interactions.')).length;
      assert.equal((await lmsRecord(page)).raw, scoreOf(index + 1), `the score after answer ${index + 1}`);
    }
    assert.equal(interactionCalls, 1, 'told once by the LMS, the page asks no more');
    const said = await notices(frame);
    assert.equal(said.match(/does not keep a record of each answer/g)?.length, 1, said);
    assert.match(said, /401/);
    assert.doesNotMatch(said, /stopped trying|did not record your progress/);
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('commits refused for a while, then accepted: every answer and record reaches the LMS', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const [first, second, third] = numeric;
    const frame = await openLms(page, bed.lms.url, { student: 'refused-commits', fault: 'LMSCommit:false' });
    await answerInLms(page, frame, first);
    await answerInLms(page, frame, second, { right: false });
    assert.match(await notices(frame), /did not record your progress.*LMSCommit/is);
    await page.evaluate(() => window.lmsHeal());
    await answerInLms(page, frame, third);
    const record = await lmsRecord(page);
    assert.equal(record.raw, scoreOf(2));
    assert.deepEqual(
      (await lmsInteractions(page)).map((i) => [i.id.split('.')[0], i.result]),
      [
        [first.id, 'correct'],
        [second.id, 'wrong'],
        [third.id, 'correct'],
      ],
    );
    assert.match(await notices(frame), /reached the course system again/);
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('a slow LMS (150 ms a call): the verdict is painted first, and each report writes only what changed', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const frame = await openLms(page, bed.lms.url, { student: 'far-away', slow: '150' });
    await reportedSince(page, frame, 0); // the opening report: status and the score's range, once
    // The SCO counts the frames it renders and notes the frame at which a verdict appeared; the LMS asks at each call.
    await frame.evaluate(() => {
      window.paintedFrames = 0;
      const tick = () => {
        window.paintedFrames += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver(() => {
        window.verdictFrame ??= window.paintedFrames;
      }).observe(document.getElementById('lesson'), { subtree: true, attributeFilter: ['data-status'] });
    });
    await page.evaluate(() => {
      const sco = document.getElementById('sco').contentWindow;
      window.lmsProbe = () => ({ frames: sco.paintedFrames, verdictFrame: sco.verdictFrame });
    });
    const setElements = (calls) => calls.filter((c) => c.method === 'LMSSetValue').map((c) => c.element);
    const calls = await answerInLms(page, frame, numeric[0], { right: false });
    const [firstCall] = calls;
    assert.notEqual(firstCall.seen.verdictFrame, undefined, 'the verdict was on the page before the first LMS call');
    assert.ok(firstCall.seen.frames > firstCall.seen.verdictFrame, 'and a frame was rendered with it');
    // A wrong first answer changes no score: the record, the suspend data and a commit.
    assert.deepEqual(setElements(calls), [
      ...[
        'id',
        'type',
        'student_response',
        'correct_responses.0.pattern',
        'result',
        'weighting',
        'latency',
        'time',
      ].map((name) => `cmi.interactions.0.${name}`),
      'cmi.suspend_data',
    ]);
    assert.deepEqual(
      calls.filter((c) => c.method !== 'LMSSetValue').map((c) => c.method),
      ['LMSCommit'],
    );

    // Two answers in one burst (the same task): one report, one commit, both records.
    const mark = await lmsMark(page);
    await frame.evaluate(
      (answers) => {
        for (const [id, text] of answers) {
          document.querySelector(`#question-${id} input.answer`).value = text;
          document.querySelector(`#question-${id} form`).requestSubmit();
        }
      },
      numeric.slice(1, 3).map((q) => [q.id, rightAnswer(q)]),
    );
    const burst = await reportedSince(page, frame, mark);
    assert.equal(burst.filter((c) => c.method === 'LMSCommit').length, 1);
    assert.deepEqual(
      setElements(burst).filter((e) => !e.startsWith('cmi.interactions.')),
      ['cmi.core.score.raw', 'cmi.suspend_data'],
    );
    assert.equal(setElements(burst).filter((e) => e.endsWith('.id')).length, 2);
    assert.equal((await lmsRecord(page)).raw, scoreOf(2));
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('an LMS value whose toString throws: the page keeps working and the learner is told', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const frame = await openLms(page, bed.lms.url, {
      student: 'odd-values',
      fault: ['LMSGetValue:tostring::cmi.core.student_id', 'LMSCommit:tostring:1'],
    });
    await answer(frame, numeric[0]);
    assert.match(await notices(frame), /could not be read/);
    await answerInLms(page, frame, numeric[1]);
    assert.equal((await lmsRecord(page)).raw, scoreOf(2));
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});
