// The LMS harness, learners: one lab computer, several learners. What the LMS refused is kept in the browser for the
// learner it belongs to only (cmi.core.student_id, lesson, package), and sent when that learner comes back; a learner
// the LMS does not name gets nothing kept across launches, and is told so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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
  scoreOf,
} from './scorm-lms.mjs';

const bed = lmsTestBed();

// Whatever the lesson keeps in this browser (the LMS's own records are under lms:).
const keptInBrowser = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('attention-lab:')));
const answered = (frame) => frame.$$eval('.question[data-status]', (found) => found.map((q) => q.id));
// Opens the SCO for a learner in the same browser (nothing cleared) and waits for its opening report.
async function openFor(page, query) {
  const frame = await openLms(page, bed.lms.url, query, { fresh: false });
  await reportedSince(page, frame, 0); // the opening report
  return frame;
}
// Forgets every learner's LMS record and everything the browser kept, on a page of the LMS's origin with no SCO.
async function clearAll(page) {
  await page.goto(`${bed.lms.url}no-lesson-here`);
  await page.evaluate(() => localStorage.clear());
}

test('two learners on one computer: bob never sees nor is credited with alice’s refused answers', async () => {
  const page = await bed.browser.context.newPage();
  try {
    await clearAll(page);
    const [first, second, third] = questions;
    // An LMS that is down for alice: it takes no commit, nor LMSFinish (which would save what was set).
    const down = ['LMSCommit:false', 'LMSFinish:false'];
    let frame = await openLms(page, bed.lms.url, { student: 'alice', fault: down }, { fresh: false });
    for (const question of [first, second, third]) await answerInLms(page, frame, question);
    assert.match(await frame.textContent('#page-notices'), /did not record your progress/);
    await leaveLms(page);

    frame = await openFor(page, { student: 'bob' });
    assert.deepEqual(await answered(frame), [], 'bob’s page shows none of alice’s answers');
    assert.match(await frame.textContent('#lesson-progress-text'), new RegExp(`^0 of ${questions.length}`));
    assert.doesNotMatch(await frame.textContent('#page-notices'), /kept in this browser/);
    const bob = await lmsRecord(page);
    assert.ok(['', '0'].includes(bob.raw), `bob’s score is his own: ${bob.raw}`);
    assert.deepEqual(await lmsInteractions(page), [], 'no interaction of alice’s in bob’s record');
    for (const { id } of [first, second, third]) assert.ok(!bob.suspend.includes(`"${id}"`), `${id} not in bob’s`);
    await answerInLms(page, frame, questions[4], { right: false });
    assert.equal((await lmsRecord(page)).raw, '0', 'bob’s wrong answer is all bob has');
    await leaveLms(page);

    // Alice comes back to an LMS that works: everything it refused reaches it, interactions included.
    frame = await openFor(page, { student: 'alice' });
    assert.deepEqual(
      await answered(frame),
      [first, second, third].map(({ id }) => `question-${id}`),
    );
    assert.equal((await lmsRecord(page)).raw, scoreOf(3));
    assert.deepEqual(
      (await lmsInteractions(page)).map((i) => [i.id.split('.')[0], i.result]),
      [first, second, third].map(({ id }) => [id, 'correct']),
    );
    assert.match(await frame.textContent('#page-notices'), /kept in this browser.*sent/is);
    await leaveLms(page);

    // Once alice's answers reached the LMS, the browser keeps nothing of hers.
    assert.deepEqual(await keptInBrowser(page), []);
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('an LMS that names no learner: refused answers last only while the page is open, and it says so', async () => {
  const page = await bed.browser.context.newPage();
  try {
    await clearAll(page);
    let frame = await openLms(page, bed.lms.url, { fault: 'LMSCommit:false' }, { fresh: false });
    await answerInLms(page, frame, questions[0]);
    assert.match(await frame.textContent('#page-notices'), /no learner id.*until you leave this page/is);
    await leaveLms(page);
    assert.deepEqual(await keptInBrowser(page), [], 'nothing of an unnamed learner stays in the browser');

    // variant=learner without a learner id: the numbers come from a seed the LMS keeps, none from this browser.
    const variants = (sco) =>
      sco.$$eval('.question', (found) => found.map((q) => q.dataset.variant).filter((key) => key !== ''));
    await clearAll(page);
    frame = await openFor(page, { launch: 'variant=learner' });
    const drawn = await variants(frame);
    await leaveLms(page);
    frame = await openFor(page, { launch: 'variant=learner' });
    assert.deepEqual(await variants(frame), drawn, 'the same numbers on return');
    await leaveLms(page);
    assert.deepEqual(await keptInBrowser(page), [], 'no seed in the browser');
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});
