// A tiny LMS for the SCORM tests: the built package unpacked under sco/, tests/e2e/hosts/lms.html beside it with
// scorm-again's Scorm12API as window.API, served on loopback with no CSP of ours (an LMS serves packages as they are).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { startServer } from '../../scripts/serve.mjs';
import { hostsDir, repo, requireBuilt } from './embed-support.mjs';

export const scormZip = join(repo, 'dist', 'scorm', 'attention-lab-scorm12.zip');

/** Starts the LMS; `url` is its root, `close()` stops it and removes its files. */
export async function startLms() {
  requireBuilt('dist/scorm/attention-lab-scorm12.zip');
  const root = mkdtempSync(join(tmpdir(), 'attention-lab-lms-'));
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(scormZip)))) {
    mkdirSync(dirname(join(root, 'sco', name)), { recursive: true });
    writeFileSync(join(root, 'sco', name), bytes);
  }
  for (const name of ['lms.html', 'lms.js']) copyFileSync(join(hostsDir, name), join(root, name));
  copyFileSync(join(repo, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), join(root, 'scorm12.min.js'));
  const server = await startServer({ root, headers: { 'Content-Security-Policy': undefined } });
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The SCO's frame in the LMS page. */
export const scoFrame = (page) =>
  page.frames().find((frame) => new URL(frame.url()).pathname.endsWith('/sco/index.html'));

/**
 * Opens the LMS page with the given query (student, launch, sco, fault …) and waits for the lesson's questions;
 * `fresh` first forgets what the LMS kept of earlier visits.
 */
export async function openLms(page, lmsUrl, query = {}, { fresh = true } = {}) {
  if (fresh) {
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
