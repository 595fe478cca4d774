// A state the worker answers can be drawn at once in draft (its first trials, from the page's core) and then whole;
// an older state's answer never covers a newer state's draft, so a slider stepped quickly never jumps back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoreClient, LiveQuery } from '../../dist/lib/src/worker/core-client.js';
import { AnsweringWorker } from './answering-worker.mjs';

/** A worker whose results wait until the test lets them go, in the order they were asked. */
class HeldWorker extends AnsweringWorker {
  held = [];
  reply(data) {
    if (data.kind === 'result') this.held.push(data);
    else super.reply(data);
  }
  release() {
    const next = this.held.shift();
    assert.ok(next, 'a result is waiting');
    super.reply(next);
  }
}

/** The page's core: it draws every state from the page's start on in draft only (a tenth of its trials). */
const pageCore = {
  run: (widget, params) => (params.trials <= 20 ? { result: { from: 'page', ...params } } : undefined),
  draft: (widget, params) => {
    const fewer = { ...params, trials: params.trials / 10 };
    return { result: { from: 'page', ...fewer }, params: fewer };
  },
  warm: () => undefined,
};

/** A client whose page core is up: it comes once the worker has answered and the page is idle (a timer here). */
async function clientWithPageCore(worker) {
  const client = new CoreClient(
    () => worker,
    async () => pageCore,
  );
  for (let tries = 0; tries < 100; tries++) {
    const asked = client.compute('entropy-vs-dk', { keys: 2, trials: 20, seed: 1 });
    if (worker.held.length) worker.release();
    if (client.computedIn(await asked) === 'page') return client;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail('the page core never came up');
}

/** A LiveQuery that logs what it draws, as [how, keys, trials]. */
function drawing(client) {
  const drawn = [];
  const query = new LiveQuery(
    client,
    'entropy-vs-dk',
    (result) => drawn.push(['whole', result.keys, result.trials]),
    (error) => drawn.push(['error', error.message]),
    (result, params) => drawn.push(['draft', params.keys, params.trials, result.trials]),
  );
  return { query, drawn };
}

/** Waits until `done()` holds: the replies travel through timers and promises. */
async function until(done) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Runs `steps` with a held worker and a client whose page core is up, and ends the client after. */
async function withClient(steps) {
  const worker = new HeldWorker();
  const client = await clientWithPageCore(worker);
  try {
    await steps(worker, client);
  } finally {
    client.dispose();
  }
}

test('the draft is drawn before update returns, then the whole answer replaces it', () =>
  withClient(async (worker, client) => {
    const { query, drawn } = drawing(client);
    query.update({ keys: 64, trials: 200, seed: 1 });
    assert.deepEqual(drawn, [['draft', 64, 20, 20]], 'drawn in the task of the change, with the trials it has');
    assert.deepEqual(worker.asked.at(-1), { keys: 64, trials: 200, seed: 1 }, 'the worker computes every trial');
    worker.release();
    await until(() => drawn.length === 2);
    assert.deepEqual(drawn[1], ['whole', 64, 200]);
  }));

test("an older state's answer is not drawn over a newer state's draft; the newest is drawn whole", () =>
  withClient(async (worker, client) => {
    const { query, drawn } = drawing(client);
    query.update({ keys: 63, trials: 200, seed: 1 });
    query.update({ keys: 64, trials: 200, seed: 1 });
    assert.deepEqual(
      drawn,
      [
        ['draft', 63, 20, 20],
        ['draft', 64, 20, 20],
      ],
      'the second draft is drawn while the worker still computes the first state',
    );
    const asked = worker.asked.length;
    worker.release(); // 63 keys, whole: older than what is drawn
    // Once its answer has come, 64 keys are asked of the worker.
    await until(() => worker.asked.length === asked + 1);
    assert.deepEqual(worker.asked.at(-1), { keys: 64, trials: 200, seed: 1 });
    assert.equal(drawn.length, 2, 'the answer for 63 keys is not drawn, nor a second draft of 64');
    worker.release();
    await until(() => drawn.length === 3);
    assert.deepEqual(drawn[2], ['whole', 64, 200]);
  }));

test('without drafts, every answer is drawn in turn, as before', () =>
  withClient(async (worker, client) => {
    const drawn = [];
    const query = new LiveQuery(
      client,
      'entropy-vs-dk',
      (result) => drawn.push(['whole', result.keys]),
      () => undefined,
    );
    query.update({ keys: 63, trials: 200, seed: 1 });
    query.update({ keys: 64, trials: 200, seed: 1 });
    worker.release();
    await until(() => drawn.length === 1);
    await until(() => worker.held.length === 1);
    worker.release();
    await until(() => drawn.length === 2);
    assert.deepEqual(drawn, [
      ['whole', 63],
      ['whole', 64],
    ]);
  }));
