// A tiny LMS for the SCORM tests, reading the built package as an LMS does: unzipped under sco/, its manifest parsed
// to find the launch (default organization, item, resource href, xml:base) and the item's adlcp:datafromlms, and
// tests/e2e/hosts/lms.html beside it with scorm-again's Scorm12API as window.API, served on loopback with no CSP of
// ours (an LMS serves packages as they are).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { answer } from './embed-answer.mjs';
import { findLaunch, parseManifest, unpack } from '../js/scorm-package.mjs';
import { hostsDir, launch, repo, requireBuilt } from './embed-support.mjs';
import { questions } from './lesson-data.mjs';

export const scormZip = join(repo, 'dist', 'scorm', 'attention-lab-scorm12.zip');

/**
 * Starts the LMS with the built package (or the package file `zip`); `url` is its root, `launch` the SCO's own URL (as
 * the manifest says), `close()` stops it and removes its files.
 */
export async function startLms({ zip = scormZip } = {}) {
  requireBuilt('dist/scorm/attention-lab-scorm12.zip');
  const files = unpack(readFileSync(zip));
  const { scormType, url: launchUrl, dataFromLms } = findLaunch(parseManifest(files));
  if (scormType !== 'sco') throw new Error(`the package launches an ${scormType || 'untyped resource'}, not a SCO`);
  const root = mkdtempSync(join(tmpdir(), 'attention-lab-lms-'));
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(root, 'sco', name)), { recursive: true });
    writeFileSync(join(root, 'sco', name), bytes);
  }
  // What the LMS keeps of the import: where the SCO starts and the launch data it hands it (read by lms.js).
  writeFileSync(
    join(root, 'lms-package.js'),
    `window.lmsPackage = ${JSON.stringify({ launch: `sco/${launchUrl}`, launchData: dataFromLms })};\n`,
  );
  for (const name of ['lms.html', 'lms.js']) copyFileSync(join(hostsDir, name), join(root, name));
  copyFileSync(join(repo, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), join(root, 'scorm12.min.js'));
  const server = await startServer({ root, headers: { 'Content-Security-Policy': undefined } });
  return {
    url: server.url,
    launch: `${server.url}sco/${launchUrl}`,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The SCO's frame in the LMS page (the iframe#sco), once it shows the package's launch page. */
export const scoFrame = (page) =>
  page.frames().find((frame) => frame.name() === 'sco' && new URL(frame.url()).pathname.startsWith('/sco/'));

/**
 * The SCO in the page leaves as a learner's would (its pagehide reports and commits) and the call returns once it has:
 * nothing it writes on leaving can land after this. An LMS page without a SCO in it returns at once.
 */
export async function leaveLms(page) {
  const leaving = await page.evaluate(() => {
    const sco = document.getElementById('sco');
    if (!sco?.contentWindow) return false;
    // Added after the SCO's own pagehide listener, so it runs once the SCO has said all it says on leaving.
    sco.contentWindow.addEventListener('pagehide', () => {
      window.scoLeft = true;
    });
    sco.remove();
    return true;
  });
  if (leaving) await page.waitForFunction(() => window.scoLeft === true);
}

/**
 * Closes an LMS page after its SCO has left: page.close() can return before the SCO's pagehide has written to the
 * LMS's storage, and that late write would land in the next test's freshly cleared LMS (a resumed attempt there).
 */
export async function closeLms(page) {
  try {
    if (!page.isClosed() && new URL(page.url()).pathname.endsWith('/lms.html')) await leaveLms(page);
  } finally {
    await page.close();
  }
}

/**
 * Opens the LMS page with the given query (student, launch, sco, fault …) and waits for the lesson's questions;
 * `fresh` first forgets what the LMS kept of earlier visits.
 */
export async function openLms(page, lmsUrl, query = {}, { fresh = true } = {}) {
  if (fresh) {
    if (new URL(page.url()).pathname.endsWith('/lms.html')) await leaveLms(page);
    // A page of the origin without a lesson in it, so no leaving SCO writes its attempt back after the clear.
    await page.goto(`${lmsUrl}no-lesson-here`);
    await page.evaluate(() => localStorage.clear());
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
  await page.goto(`${lmsUrl}lms.html?${search}`);
  await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.querySelector('.question'));
  return scoFrame(page);
}

/** The interactions the LMS holds, as plain objects in order (through toJSON: the elements are write-only). */
export const lmsInteractions = (page) =>
  page.evaluate(() =>
    Object.values(JSON.parse(JSON.stringify(window.API.cmi.interactions))).map((i) => ({
      id: i.id,
      type: i.type,
      student_response: i.student_response,
      pattern: i.correct_responses?.['0']?.pattern,
      result: i.result,
      weighting: i.weighting,
      latency: i.latency,
      time: i.time,
    })),
  );

/** What the LMS holds for the attempt in the page: status, score, suspend data (cmi.interactions: lmsInteractions). */
export const lmsRecord = (page) =>
  page.evaluate(() => ({
    status: window.API.cmi.core.lesson_status,
    raw: window.API.cmi.core.score.raw,
    suspend: window.API.cmi.suspend_data,
  }));

/** How many calls the SCO has made so far: a mark for `reportedSince`. */
export const lmsMark = (page) => page.evaluate(() => window.lmsLog.length);

/**
 * Waits until the SCO has no report waiting (it marks its root data-scorm-report="pending" when an answer or a change
 * asks for one, "idle" once it is done) and returns the LMS calls made since `mark`.
 */
export async function reportedSince(page, frame, mark) {
  await frame.waitForSelector('html[data-scorm-report="idle"]', { state: 'attached' });
  return page.evaluate((from) => window.lmsLog.slice(from), mark);
}

/** Answers as a learner would (see embed-answer.mjs) and waits for the report to the LMS that follows; its calls. */
export async function answerInLms(page, frame, question, options) {
  const mark = await lmsMark(page);
  await answer(frame, question, options);
  return reportedSince(page, frame, mark);
}

/**
 * Makes the prediction above a widget in the SCO as a learner would (`guess`: a number for a marker, an option id for a
 * choice; `skip`: "Just show me"), waits for the result to be drawn and the report to the LMS that follows; its calls.
 */
export async function predictInLms(page, frame, widgetId, { guess, skip = false }) {
  const panel = `#${widgetId}-predict`;
  await frame.waitForSelector(`${panel}[data-state="pending"]`);
  const mark = await lmsMark(page);
  if (typeof guess === 'number') {
    await frame.fill(`${panel}-guess-box`, String(guess));
    await frame.press(`${panel}-guess-box`, 'Enter');
  } else if (!skip) await frame.check(`${panel} input[value="${guess}"]`);
  await frame.click(`${panel} ${skip ? '.predict-skip' : '.predict-commit'}`);
  await frame.waitForSelector(`${panel}[data-state="${skip ? 'skipped' : 'revealed'}"] .predict-verdict`);
  return reportedSince(page, frame, mark);
}

/**
 * For a test file: the LMS and a browser, started before its tests and closed after them (`bed.lms`, `bed.browser`),
 * and the page errors the browser saw.
 */
export function lmsTestBed() {
  const bed = {
    lms: undefined,
    browser: undefined,
    pageErrors: () => bed.browser.problems.filter((problem) => problem.startsWith('page error')),
  };
  before(async () => {
    [bed.lms, bed.browser] = await Promise.all([startLms(), launch()]);
  });
  after(async () => {
    await bed.browser?.close();
    await bed.lms?.close();
  });
  return bed;
}

/** cmi.core.score.raw with `right` of the lesson's questions right. */
export const scoreOf = (right) => String(Math.round((100 * right) / questions.length));
