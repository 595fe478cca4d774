// A fresh Chromium profile and production server for one benchmark page, with every file the server sent logged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { profiles, throttle } from './profiles.mjs';

/**
 * Opens a page on the device `profile` (profiles.mjs; with `network`, its network too); `served` lists
 * { path, body, at } in the order the server sent them (at: Node's performance.now()); `workers` the throttled workers.
 */
export async function openBenchPage({ profile = profiles.desktop, network = false } = {}) {
  const served = [];
  // Compressed as a web host sends it: the loading lines' slow 4G carries gzip bytes, as the byte budget counts them.
  const server = await startServer({
    gzip: true,
    onServe: ({ path, body }) => served.push({ path, body, at: performance.now() }),
  });
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-bench-'));
  const context = await chromium.launchPersistentContext(folder, { ...chromiumLaunch, ...profile.browser });
  const page = context.pages()[0] ?? (await context.newPage());
  const throttling = await throttle(context, page, profile, { network });
  return {
    context,
    page,
    served,
    workers: throttling.workers,
    // The page a learner reaches first: the site root, the first lesson with its text written in at build time.
    url: server.url,
    async close() {
      await throttling.close();
      await context.close();
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** JS heap in use on the page and in the core worker (CDP Runtime.getHeapUsage), in bytes. */
export async function heapUsage(context, page) {
  const pageSession = await context.newCDPSession(page);
  const pageHeap = (await pageSession.send('Runtime.getHeapUsage')).usedSize;
  await pageSession.detach();
  const browser = await context.browser()?.newBrowserCDPSession();
  if (!browser) return { pageHeap, workerHeap: undefined };
  try {
    const { targetInfos } = await browser.send('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'worker' && t.url.includes('core-worker'));
    if (!worker) return { pageHeap, workerHeap: undefined };
    // A non-flat session: the worker's answer comes back wrapped in receivedMessageFromTarget.
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const answer = new Promise((resolve) =>
      browser.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message);
        if (message.id === 1) resolve(message.result?.usedSize);
      }),
    );
    const message = JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' });
    await browser.send('Target.sendMessageToTarget', { sessionId, message });
    const workerHeap = await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await browser.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return { pageHeap, workerHeap };
  } finally {
    await browser.detach();
  }
}
