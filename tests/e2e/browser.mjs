// Debian's Chromium driven by playwright-core (no browser download), and the production server on loopback.
import { chromium } from 'playwright-core';
import { chromiumLaunch, sharedChromiumVariable } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';

/**
 * Chromium for a test file: the one `npm test` launched once for the whole layer (a launch costs seconds on a busy
 * machine), or, run alone, one of its own. close() disconnects from the shared one (closing this file's contexts) or
 * quits its own. Each context it makes is a fresh profile: nothing is kept between contexts or files.
 */
export async function startChromium() {
  const endpoint = process.env[sharedChromiumVariable];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunch);
}

/** A fresh browser context (its own storage, cookies and cache); close() ends it and its browser connection. */
export async function freshContext(options = {}) {
  const browser = await startChromium();
  const context = await browser.newContext(options);
  return { browser, context, close: () => browser.close() };
}

/** A download's content as text (a shared browser's downloads have no local path to read). */
export async function downloadedText(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

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

/** Opens a fresh browser context and starts a server (`server`: options for startServer); close() removes both. */
export async function openLesson({
  storageBlocked = false,
  viewport = { width: 1280, height: 800 },
  server: serverOptions,
} = {}) {
  const [server, fresh] = await Promise.all([startServer(serverOptions), freshContext({ viewport })]);
  const { context } = fresh;
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
    /**
     * Empties the site's storage from an empty page of the site's origin, not from the lesson (a lesson page left
     * after the clearing could save its state again); then one load of the lesson starts it afresh.
     */
    async clearStorage(on = page) {
      const empty = `${server.url}empty-page-for-tests.html`;
      await on.route(empty, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>empty</title><link rel="icon" href="data:,">',
        }),
      );
      await on.goto(empty);
      await on.evaluate(() => localStorage.clear());
      await on.unroute(empty);
    },
    async close() {
      await fresh.close();
      await server.close();
    },
  };
}
