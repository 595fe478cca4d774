// Proof that the phone profile slows the core worker too: a fixed computation timed in it, slowed and free.
import { openBenchPage } from './page.mjs';
import { workerSlowdown } from './profiles.mjs';

/** { throttled, free, ratio, how } for the lesson's core worker on the device `profile`, or undefined without one. */
export async function measureWorkerSlowdown(profile) {
  const bench = await openBenchPage({ profile });
  try {
    await bench.page.goto(`${bench.url}#explore-variance`);
    await bench.page.waitForSelector('[data-rendered]', { timeout: 60000 });
    const worker = bench.workers.find((w) => w.url.includes('core-worker')) ?? bench.workers[0];
    return worker && (await workerSlowdown(worker));
  } finally {
    await bench.close();
  }
}
