// The worker is asked for its full core soon after the first figure has drawn, even on a page that stays busy: the
// live lesson's first second keeps a phone's page from ever being idle before the learner's first keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoreClient } from '../../dist/lib/src/worker/core-client.js';
import { AnsweringWorker } from './answering-worker.mjs';

test('the full core is asked for while the page is never idle', async () => {
  // A page busy for good: its idle callbacks never run.
  globalThis.requestIdleCallback = () => 0;
  const worker = new AnsweringWorker();
  const client = new CoreClient(() => worker, null);
  try {
    await client.compute('softmax-dies', { keys: 8 });
    assert.ok(!worker.kinds.includes('full-core'), 'not before the first figure has drawn');
    const deadline = Date.now() + 10000;
    while (!worker.kinds.includes('full-core') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(worker.kinds, ['compute', 'full-core']);
  } finally {
    client.dispose();
    delete globalThis.requestIdleCallback;
  }
});
