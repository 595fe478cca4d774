// When the page's own core answers a widget: slow runs send the widget back to the worker for a while, never for good,
// so one busy moment does not leave a figure a frame late for the rest of the visit (the real core, a test clock).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { firstAwayMs, inPageLimitMs, PageCore } from '../../dist/lib/src/worker/page-core.js';

const softmax = { dk: 64, keys: 8, seed: 3, scale: 'none', temperature: 1, precision: 'float64' };
let core;
before(async () => {
  core = await loadCore();
});

/** A page core whose clock moves only when the test says, or by `cost` ms for each call into the core. */
function pageCoreOnClock() {
  const clock = { at: 0, cost: 0 };
  const timedCore = new Proxy(core, {
    get: (target, name) => {
      const member = target[name];
      if (typeof member !== 'function') return member;
      return (...args) => {
        clock.at += clock.cost;
        return member.apply(target, args);
      };
    },
  });
  return { clock, pageCore: new PageCore(timedCore, () => clock.at) };
}

/** Asks until the widget's code has loaded and warmed here (its first asks go to the worker meanwhile). */
async function readyOnPage(pageCore, widget, params) {
  for (let tries = 0; tries < 200; tries++) {
    const ran = pageCore.run(widget, params);
    if (ran) return ran;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`${widget} never ran on the page core`);
}

test('two slow runs in a row send a widget to the worker for a while, twice as long the next time', async () => {
  const { clock, pageCore } = pageCoreOnClock();
  const first = await readyOnPage(pageCore, 'softmax-dies', softmax);
  assert.equal(first.result.keys, 8, 'the result is the computation’s own');
  clock.cost = inPageLimitMs; // four core calls a run: 40 ms, slow but not a long task by itself
  assert.ok(pageCore.run('softmax-dies', softmax), 'one slow run is forgiven');
  assert.ok(pageCore.run('softmax-dies', softmax), 'the second is still answered here');
  assert.equal(pageCore.run('softmax-dies', softmax), undefined, 'then the worker answers');
  clock.cost = 0;
  clock.at += firstAwayMs - 1;
  assert.equal(pageCore.run('softmax-dies', softmax), undefined, 'until its time away is over');
  clock.at += 1;
  assert.ok(pageCore.run('softmax-dies', softmax), 'then the page answers again');
  clock.cost = inPageLimitMs;
  pageCore.run('softmax-dies', softmax);
  pageCore.run('softmax-dies', softmax);
  clock.cost = 0;
  clock.at += firstAwayMs;
  assert.equal(pageCore.run('softmax-dies', softmax), undefined, 'sent back again, it stays away twice as long');
  clock.at += firstAwayMs;
  assert.ok(pageCore.run('softmax-dies', softmax));
});

test('one run as long as a long task sends the widget away at once; slow, fast, slow is forgiven', async () => {
  const { clock, pageCore } = pageCoreOnClock();
  await readyOnPage(pageCore, 'softmax-dies', softmax);
  clock.cost = inPageLimitMs;
  pageCore.run('softmax-dies', softmax);
  clock.cost = 0;
  assert.ok(pageCore.run('softmax-dies', softmax));
  clock.cost = inPageLimitMs;
  assert.ok(pageCore.run('softmax-dies', softmax), 'slow, fast, slow is not two in a row');
  clock.cost = 20; // 80 ms
  pageCore.run('softmax-dies', softmax);
  assert.equal(pageCore.run('softmax-dies', softmax), undefined);
  assert.throws(() => pageCore.run('no-such-widget', softmax), /no widget called "no-such-widget"/);
});

test('a run a widget takes here knowing it is long is not counted as slow', async () => {
  const { clock, pageCore } = pageCoreOnClock();
  // σ 11.5: the core's bounds leave most pairs to emulate, too many for a frame at new settings.
  const settings = { dk: 4096, spread: 11.5, order: 'after', seed: 21 };
  await readyOnPage(pageCore, 'float16-overflow', { ...settings, dk: 16, keys: 16 });
  assert.equal(pageCore.run('float16-overflow', { ...settings, keys: 32 }), undefined, 'new settings: the worker');
  clock.cost = inPageLimitMs; // two core calls a run: 20 ms
  assert.ok(pageCore.run('float16-overflow', { ...settings, keys: 31 }), 'a step along keys, taken as a long run');
  assert.ok(pageCore.run('float16-overflow', { ...settings, keys: 30 }), 'a slow run: the first counted');
  assert.ok(pageCore.run('float16-overflow', { ...settings, keys: 29 }), 'so the page still answers');
});

test("a sweep too costly for the page is drafted here over its first trials, the core's own numbers", async () => {
  const { pageCore } = pageCoreOnClock();
  await readyOnPage(pageCore, 'entropy-vs-dk', { keys: 2, trials: 20, seed: 5 });
  const whole = { keys: 64, trials: 500, seed: 5 };
  assert.equal(pageCore.run('entropy-vs-dk', whole), undefined, '64 keys × 500 trials: the worker');
  const drafted = pageCore.draft('entropy-vs-dk', whole);
  assert.ok(drafted, 'a draft fits');
  const { trials } = drafted.params;
  assert.deepEqual(drafted.params, { ...whole, trials }, 'only the trials differ');
  assert.ok([250, 125, 62, 31].includes(trials), `halved until it fits: ${trials}`);
  const sweep = core.entropySweep({
    dks: [...drafted.result.dks],
    keyCount: 64,
    trials,
    seed: 5,
    scales: ['none', 'sqrt', 'linear'],
  });
  assert.deepEqual(
    drafted.result.meanEntropy,
    sweep.meanEntropy.map((row) => row.slice()),
  );
  assert.deepEqual(
    drafted.result.entropyStandardError,
    sweep.entropyStandardError.map((row) => row.slice()),
  );
  assert.equal(drafted.result.trials, trials, 'the result says how many trials it averages');
  await readyOnPage(pageCore, 'softmax-dies', softmax);
  assert.equal(pageCore.draft('softmax-dies', softmax), undefined, 'a widget without drafts has none');
});

test('a core the worker compiled answers once the code has loaded, and warms when idle only if not asked', async () => {
  // Core calls made outside the test's own asks: a warm-up run.
  let asking = false;
  let warmUpCalls = 0;
  const counted = new Proxy(core, {
    get: (target, name) =>
      typeof target[name] === 'function'
        ? (...args) => {
            if (!asking) warmUpCalls++;
            return target[name](...args);
          }
        : target[name],
  });
  const ask = (pageCore) => ({
    run: (widget, params) => {
      asking = true;
      try {
        return pageCore.run(widget, params);
      } finally {
        asking = false;
      }
    },
  });
  const first = await readyOnPage(ask(new PageCore(counted, undefined, true)), 'softmax-dies', softmax);
  assert.equal(first.result.keys, 8);
  assert.equal(warmUpCalls, 0, 'the first answer is its first run');
  // Loaded before any key, it runs once when the page is idle: the first key then finds the code compiled.
  const idle = new PageCore(counted, undefined, true);
  idle.warm('softmax-dies', softmax);
  for (let tries = 0; tries < 200 && warmUpCalls === 0; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(warmUpCalls > 0, 'a warm-up run while nothing asked');
  warmUpCalls = 0;
  // A core fetched on the page compiles on its first run: that run is done once while the page is idle.
  await readyOnPage(ask(new PageCore(counted)), 'softmax-dies', softmax);
  assert.ok(warmUpCalls > 0, 'a warm-up run came before the answer');
});
