// Shared by the embed tests: Debian's Chromium, the built site on 127.0.0.1 and host pages on 127.0.0.2 (another
// origin, as an LMS or a docs site would be), each test starting and stopping its own servers.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { freshContext } from './browser.mjs';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
export const siteDir = join(repo, 'dist', 'site');
export const hostsDir = fileURLToPath(new URL('./hosts/', import.meta.url));

export function requireBuilt(...paths) {
  const missing = paths.filter((path) => !existsSync(join(repo, path)));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: run \`node scripts/build.mjs --for test\` first`);
}

/** A fresh browser context; `problems` collects page errors and console errors from every page and frame. */
export async function launch({ storageBlocked = false, viewport = { width: 1100, height: 800 } } = {}) {
  const fresh = await freshContext({ viewport });
  const { context } = fresh;
  // What browsers do when a user blocks site data: every touch of localStorage throws (in frames too).
  if (storageBlocked) {
    await context.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The user has blocked site data.', 'SecurityError');
        },
      }),
    );
  }
  const problems = [];
  const watch = (page) => {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console error: ${message.text()}`));
    page.on(
      'response',
      (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`),
    );
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    problems,
    close: () => fresh.close(),
  };
}

/** A host site: our test host pages plus, under vendor/attention-lab/, the built site as a docs site would copy it. */
export function makeHostRoot() {
  const root = mkdtempSync(join(tmpdir(), 'attention-lab-host-'));
  cpSync(hostsDir, root, { recursive: true });
  mkdirSync(join(root, 'vendor'));
  symlinkSync(siteDir, join(root, 'vendor', 'attention-lab'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The site (127.0.0.1) and a host (127.0.0.2); `plainHost` serves the host pages without any CSP. */
export async function startOrigins({ siteOptions = {}, hostOptions = {}, plainHost = true } = {}) {
  const hostRoot = makeHostRoot();
  const site = await startServer({ host: '127.0.0.1', ...siteOptions });
  const host = await startServer({
    host: '127.0.0.2',
    root: hostRoot.root,
    ...hostOptions,
    headers: { ...(plainHost ? { 'Content-Security-Policy': undefined } : {}), ...hostOptions.headers },
  });
  return {
    site,
    host,
    async close() {
      await Promise.all([site.close(), host.close()]);
      hostRoot.remove();
    },
  };
}

/** Waits until the host page's recorded messages include one matching `predicate`, and returns it. */
export async function waitForMessage(page, predicate, what) {
  const handle = await page
    .waitForFunction(`window.received.find(${predicate})`, undefined, { timeout: 15000 })
    .catch(async () => {
      const seen = await page.evaluate(() =>
        JSON.stringify(window.received.map((m) => m.data?.verb ?? m.data?.subject)),
      );
      throw new Error(`the host never received ${what}; it saw ${seen}`);
    });
  return handle.jsonValue();
}
