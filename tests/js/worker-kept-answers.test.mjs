// A step back to a state already drawn is drawn from the kept answer, whichever core gave it: after a phone's slow run
// sends a figure to the worker, the states the page's core drew are not asked of the worker again, a frame late.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoreClient } from '../../dist/lib/src/worker/core-client.js';
import { AnsweringWorker } from './answering-worker.mjs';

/** The page's core: it answers while `takes` says so, as PageCore does until slow runs send a figure away. */
const pageCore = { takes: true };
pageCore.run = (widget, params) => {
  if (!pageCore.takes) return undefined;
  return { result: { from: 'page', ...params } };
};
pageCore.warm = () => undefined;

test('a state the page core drew is drawn again from its kept answer once the figure goes to the worker', async () => {
  const worker = new AnsweringWorker();
  const client = new CoreClient(
    () => worker,
    async () => pageCore,
  );
  try {
    // The page's core comes once the worker has answered and has its full core, when the page is idle (a timer here).
    for (let tries = 0; tries < 100; tries++) {
      if (client.computedIn(await client.compute('softmax-dies', { keys: 8 })) === 'page') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const drawnHere = await client.compute('softmax-dies', { keys: 10 });
    assert.equal(client.computedIn(drawnHere), 'page');

    pageCore.takes = false;
    const asked = worker.asked.length;
    const again = await client.compute('softmax-dies', { keys: 10 });
    assert.equal(again, drawnHere, 'the very answer drawn before');
    assert.equal(client.computedIn(again), 'page');
    assert.equal(worker.asked.length, asked, 'the worker was not asked');
    // A state never drawn still goes to the worker.
    const fresh = await client.compute('softmax-dies', { keys: 11 });
    assert.deepEqual([fresh.from, worker.asked.length], ['worker', asked + 1]);
  } finally {
    client.dispose();
  }
});
