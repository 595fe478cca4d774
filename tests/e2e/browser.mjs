// Debian's Chromium driven by playwright-core (no browser download), and the production server on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';

/** Where the lesson page is served, relative to the site root; every test builds lesson URLs from it. */
export const lessonPath = 'lesson.html';

// What browsers do when a user blocks site data: every touch of localStorage throws.
const blockStorage = () => {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The user has blocked site data.', 'SecurityError');
    },
  });
};

/** Launches a fresh browser profile and server (`server`: options for startServer); close() removes both. */
export async function openLesson({
  storageBlocked = false,
  viewport = { width: 1280, height: 800 },
  server: serverOptions,
} = {}) {
  const server = await startServer(serverOptions);
  const profile = mkdtempSync(join(tmpdir(), 'attention-lab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    viewport,
  });
  if (storageBlocked) await context.addInitScript(blockStorage);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console error: ${message.text()}`));
  return {
    server,
    context,
    page,
    problems,
    /** The lesson page's URL: append `?state` and `#anchor` to it. */
    url: `${server.url}${lessonPath}`,
    async close() {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
