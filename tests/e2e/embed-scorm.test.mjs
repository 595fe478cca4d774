// The SCORM 1.2 package, imported by the test LMS as an LMS would (tests/e2e/scorm-lms.mjs), whose page frames the SCO
// and offers scorm-again's Scorm12API as window.API: score and completion are recorded, and reopening restores progress
// from cmi.suspend_data.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { answer } from './embed-answer.mjs';
import { launch, requireBuilt } from './embed-support.mjs';
import { questions } from './lesson-data.mjs';
import { packageIdentity, packScorm } from '../../scripts/build-scorm.mjs';
import { unpack } from '../js/scorm-package.mjs';
import {
  answerInLms,
  closeLms,
  openLms as openLmsAs,
  reportedSince,
  scoFrame,
  scormZip,
  startLms,
} from './scorm-lms.mjs';

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

const cmi = (page) =>
  page.evaluate(() => ({
    status: window.API.cmi.core.lesson_status,
    raw: window.API.cmi.core.score.raw,
    min: window.API.cmi.core.score.min,
    max: window.API.cmi.core.score.max,
    suspend: window.API.cmi.suspend_data,
  }));

async function openLms(page) {
  await page.goto(`${lms.url}lms.html`);
  await page.waitForFunction(() =>
    [...document.getElementsByTagName('iframe')].some((f) => f.contentDocument?.querySelector('.question')),
  );
  return scoFrame(page);
}

test('in the LMS: score, completion and suspend data are recorded, and reopening restores progress', async (t) => {
  t.diagnostic(`dist/scorm/attention-lab-scorm12.zip is ${(statSync(scormZip).size / 1024).toFixed(0)} KiB`);
  const { page } = browser;
  const [first, second, ...rest] = questions;
  let frame = await openLms(page);
  await answerInLms(page, frame, first);
  await answerInLms(page, frame, second, { right: false });
  const partial = await cmi(page);
  assert.equal(partial.status, 'incomplete');
  assert.deepEqual([partial.raw, partial.min, partial.max], [String(Math.round(100 / questions.length)), '0', '100']);
  assert.ok(
    partial.suspend.length > 0 && partial.suspend.length <= 4096,
    `suspend data of ${partial.suspend.length} characters`,
  );
  // Progress lives in the LMS, not in the browser the learner happens to use.
  assert.equal(await frame.evaluate(() => localStorage.getItem('attention-lab:progress:why-sqrt-dk')), null);

  frame = await openLms(page); // reopen: the LMS hands back what the SCO committed
  assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-status'), 'correct');
  assert.equal(await frame.getAttribute(`#question-${second.id}`, 'data-status'), 'incorrect');
  assert.match(await frame.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length} `));
  const calls = await page.evaluate(() => window.lmsCalls.map(([name]) => name));
  assert.equal(calls[0], 'LMSInitialize');

  await answerInLms(page, frame, second);
  for (const question of rest) await answerInLms(page, frame, question);
  const done = await cmi(page);
  assert.deepEqual([done.status, done.raw], ['completed', '100']);

  frame = await openLms(page);
  await reportedSince(page, frame, 0);
  assert.match(await frame.textContent('#lesson-progress-text'), /lesson complete/);
  assert.equal((await cmi(page)).status, 'completed');
  assert.deepEqual(browser.problems, []);
});

test('without an LMS the package is a normal lesson page', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(lms.launch);
    await page.waitForSelector('.question');
    await answer(page, questions[0]);
    assert.ok(
      await page.evaluate(() => localStorage.getItem('attention-lab:progress:why-sqrt-dk')),
      'progress saved in the browser as usual',
    );
  } finally {
    await page.close();
  }
  assert.deepEqual(browser.problems, []);
});

test("the LMS hands the item's adlcp:datafromlms to the SCO as cmi.launch_data", async () => {
  // The built lesson packed as `npm run build:scorm -- --launch "attempts=1"` would pack it.
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-launch-'));
  const zip = join(folder, 'attempts-1.zip');
  const index = unpack(readFileSync(scormZip))['index.html'];
  writeFileSync(zip, packScorm({ index, ...packageIdentity(), launchData: 'attempts=1' }));
  const graded = await startLms({ zip });
  const page = await browser.context.newPage();
  try {
    const frame = await openLmsAs(page, graded.url, { student: 'ada' });
    assert.equal(await page.evaluate(() => window.API.cmi.launch_data), 'attempts=1');
    await answer(frame, questions[0], { right: false });
    const section = `#question-${questions[0].id}`;
    assert.equal(await frame.getAttribute(section, 'data-locked'), 'true', 'one attempt, as the package says');
    assert.match(await frame.textContent(`${section} .locked-note`), /your one attempt/);
  } finally {
    await closeLms(page);
    await graded.close();
    rmSync(folder, { recursive: true, force: true });
  }
  // The shared openLms empties the LMS's storage on a page that is not there: that 404 is expected.
  assert.deepEqual(
    browser.problems.filter((problem) => !problem.includes('404')),
    [],
  );
});
