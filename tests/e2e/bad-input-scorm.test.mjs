// Bad-input matrix, SCORM rows: the LMS (scorm-again, made to misbehave by tests/e2e/hosts/lms.js) returns "false" or
// throws. Each row checks the learner sees the LMS's own error text, the lesson keeps working, and answers survive.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { answer } from './embed-answer.mjs';
import { launch, requireBuilt } from './embed-support.mjs';
import { questions } from './lesson-data.mjs';
import { answerInLms, closeLms, leaveLms, reportedSince, scoFrame, startLms } from './scorm-lms.mjs';

requireBuilt('dist/scorm/attention-lab-scorm12.zip');

let lms;
let browser;
before(async () => {
  // The LMS first: a package it cannot import fails the file at once, with no browser left running to hang it.
  lms = await startLms();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await lms?.close();
});

const [first, second] = questions;
const raw = (page) => page.evaluate(() => window.API.cmi.core.score.raw);
const scoreOf = (correct) => String(Math.round((100 * correct) / questions.length));

// A fresh LMS attempt (the LMS keeps attempts in its origin's localStorage) with the given faults, for one learner (the
// browser keeps what the LMS refused only for a learner it names), once the SCO's opening report is done.
async function openLms(page, faults, { fresh = true } = {}) {
  if (fresh) {
    if (new URL(page.url()).pathname.endsWith('/lms.html')) await leaveLms(page);
    // A page of the origin without a lesson in it, so no leaving SCO writes its attempt back after the clear.
    await page.goto(`${lms.url}no-lesson-here`);
    await page.evaluate(() => localStorage.clear());
  }
  const query = faults.map((fault) => `fault=${encodeURIComponent(fault)}`).join('&');
  await page.goto(`${lms.url}lms.html?student=bad-input&${query}`);
  await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.querySelector('.question'));
  await reportedSince(page, scoFrame(page), 0);
  return scoFrame(page);
}

const notices = (frame) => frame.textContent('#page-notices');
// Script errors in the page or the SCO (the 404 of the emptying page above is expected, so only these count).
const pageErrors = () => browser.problems.filter((problem) => problem.startsWith('page error'));

test('LMSInitialize returns "false": the learner is told why, and the score is reported on retry', async () => {
  const page = await browser.context.newPage();
  try {
    let frame = await openLms(page, ['LMSInitialize:false:1']);
    assert.match(await notices(frame), /did not start.*LMSInitialize.*101.*General Exception/is);
    await answerInLms(page, frame, first);
    assert.equal(await raw(page), scoreOf(1), 'the second LMSInitialize succeeded and the score was reported');
    // An LMS that never starts names no learner: the answers of this visit last while the page is open, and only
    // then (another learner may open the lesson next on this computer).
    frame = await openLms(page, ['LMSInitialize:false'], { fresh: false });
    assert.match(await notices(frame), /did not start.*until you leave this page/is);
    assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-status'), null, 'nobody’s answers shown');
    await answer(frame, second);
    assert.match(await frame.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
    assert.deepEqual(pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test(
  'LMSSetValue returns "false": the error is shown, the lesson works, and a later commit gets the score ' + 'through',
  async () => {
    const page = await browser.context.newPage();
    try {
      // The SCO's first calls set the status and report the opening score; these fail, later ones work.
      let frame = await openLms(page, ['LMSSetValue:false:5']);
      assert.match(await notices(frame), /did not record your progress.*LMSSetValue.*101.*General Exception/is);
      await answerInLms(page, frame, first);
      assert.equal(await raw(page), scoreOf(1));
      assert.match(await notices(frame), /reached the course system again/);
      frame = await openLms(page, [], { fresh: false });
      assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-status'), 'correct');
      assert.deepEqual(pageErrors(), []);
    } finally {
      await closeLms(page);
    }
  },
);

test(
  'LMSCommit returns "false": the error is shown, answers are kept in this browser and sent on the next ' + 'open',
  async () => {
    const page = await browser.context.newPage();
    try {
      let frame = await openLms(page, ['LMSCommit:false']);
      await answerInLms(page, frame, first);
      assert.match(await notices(frame), /did not record your progress.*LMSCommit.*101.*General Exception/is);
      await answer(frame, second, { right: false });
      assert.match(await frame.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
      frame = await openLms(page, [], { fresh: false });
      assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-status'), 'correct', 'nothing lost');
      assert.equal(await frame.getAttribute(`#question-${second.id}`, 'data-status'), 'incorrect');
      assert.equal(await raw(page), scoreOf(1), 'the kept answers reached the LMS once it worked');
      assert.deepEqual(pageErrors(), []);
    } finally {
      await closeLms(page);
    }
  },
);

test('LMSSetValue throws: the lesson renders instead of staying at "Loading the lesson…", and grades', async () => {
  const page = await browser.context.newPage();
  try {
    const frame = await openLms(page, ['LMSSetValue:throw']);
    assert.match(await notices(frame), /did not record your progress.*LMSSetValue.*is broken in this LMS/is);
    await answerInLms(page, frame, first);
    assert.match(await frame.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
    const frameAgain = await openLms(page, [], { fresh: false });
    assert.equal(await frameAgain.getAttribute(`#question-${first.id}`, 'data-status'), 'correct', 'nothing lost');
    assert.deepEqual(pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});
