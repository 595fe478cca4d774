// The SCORM 1.2 package, unpacked on an "LMS" whose page frames the SCO and offers scorm-again's Scorm12API as
// window.API: score and completion are recorded, and reopening restores progress from cmi.suspend_data.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { startServer } from '../../scripts/serve.mjs';
import { answer } from './embed-answer.mjs';
import { hostsDir, launch, repo, requireBuilt } from './embed-support.mjs';
import { questions } from './lesson-data.mjs';
import { answerInLms, reportedSince } from './scorm-lms.mjs';

requireBuilt('dist/scorm/attention-lab-scorm12.zip');
const files = unzipSync(readFileSync(join(repo, 'dist', 'scorm', 'attention-lab-scorm12.zip')));

let lms;
let root;
let browser;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'attention-lab-lms-'));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'sco', name)), { recursive: true });
    writeFileSync(join(root, 'sco', name), bytes);
  }
  for (const name of ['lms.html', 'lms.js']) copyFileSync(join(hostsDir, name), join(root, name));
  copyFileSync(join(repo, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), join(root, 'scorm12.min.js'));
  // An LMS serves packages as they are: no CSP of ours (the SCO brings its own in a meta tag).
  [lms, browser] = await Promise.all([
    startServer({ root, headers: { 'Content-Security-Policy': undefined } }),
    launch(),
  ]);
});
after(async () => {
  await browser?.close();
  await lms?.close();
  rmSync(root, { recursive: true, force: true });
});

const sco = (page) => page.frames().find((frame) => frame.url().endsWith('/sco/index.html'));
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
  return sco(page);
}

test('the zip is a SCORM 1.2 package with one SCO', () => {
  assert.deepEqual(Object.keys(files).sort(), ['imsmanifest.xml', 'index.html']);
  const manifest = strFromU8(files['imsmanifest.xml']);
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.equal(manifest.match(/adlcp:scormtype="sco"/g)?.length, 1);
  assert.match(manifest, /<resource identifier="[^"]+" type="webcontent" adlcp:scormtype="sco" href="index\.html">/);
});

test('in the LMS: score, completion and suspend data are recorded, and reopening restores progress', async (t) => {
  t.diagnostic(
    `dist/scorm/attention-lab-scorm12.zip is ` +
      `${(statSync(join(repo, 'dist', 'scorm', 'attention-lab-scorm12.zip')).size / 1024).toFixed(0)} KiB`,
  );
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
    await page.goto(`${lms.url}sco/index.html`);
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
