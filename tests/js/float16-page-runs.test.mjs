// Which float16 steps the page's own core takes on this machine (its pace at 1): a step to new settings that does
// not fit in a frame goes to the worker; a step along keys at those settings is taken once as a long run, so that the
// page's core keeps them, and the next steps along keys cost only their new pairs. A new σ, which reads the normals
// kept, is always taken as a long run when it is taken here, while new normals go to the worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compute, runsInPage } from '../../dist/lib/src/widgets/float16-overflow/compute.js';
import { paceHalfLifeMs } from '../../dist/lib/src/widgets/run-pace.js';

// The page's pace is learnt from the runs' real times, which vary with the machine's load; a run long past counts for
// nothing (its weight halves every paceHalfLifeMs), so after each run the clock is moved on and the pace is 1.
const realNow = performance.now.bind(performance);
let clockAhead = 0;
performance.now = () => realNow() + clockAhead;
function computeLongAgo(core, params) {
  compute(core, params);
  clockAhead += 2000 * paceHalfLifeMs;
}

test('float16 on the page: new settings go to the worker; steps along keys return once kept', async () => {
  const core = await loadCore();
  // σ 11: the bounds leave about half the pairs to emulate (at σ 8 and below, only each row's own).
  const settings = { dk: 4096, spread: 11, order: 'after', seed: 21 };
  assert.equal(
    runsInPage({ ...settings, keys: 32 }),
    false,
    'all of 32 × 4096 at new settings is too long for a frame',
  );
  assert.notEqual(runsInPage({ ...settings, keys: 31 }), false, 'the next step along keys is taken here');
  computeLongAgo(core, { ...settings, keys: 31 });
  assert.equal(runsInPage({ ...settings, keys: 32 }), true, 'then a key more costs only its new pairs');
  // A new σ redoes the float16 products but reads the kept normals: at pace 1 that fits; new normals too do not.
  assert.equal(
    runsInPage({ ...settings, spread: 11.5, keys: 32 }),
    'long',
    'a new σ alone is drawn here, as a long run',
  );
  assert.equal(runsInPage({ ...settings, seed: 23, keys: 32 }), false, 'with another seed, the worker');
});

test('float16 on the page: along keys at kept settings, a run past the frame is taken as a long one', async () => {
  const core = await loadCore();
  const settings = { dk: 4096, spread: 8, order: 'after', seed: 22 };
  runsInPage({ ...settings, keys: 16 });
  computeLongAgo(core, { ...settings, keys: 16 });
  // Asked without running: each answer prices the jump from the 16 keys kept, so the answers grow with the keys.
  const answers = [];
  for (let keys = 17; keys <= 64; keys++) answers.push(runsInPage({ ...settings, keys }));
  const shown = answers.join(' ');
  assert.ok(answers.includes('long'), `some jumps are taken here as long runs: ${shown}`);
  const rank = (answer) => ({ true: 0, long: 1, false: 2 })[String(answer)];
  assert.ok(
    answers.every((answer, i) => i === 0 || rank(answer) >= rank(answers[i - 1])),
    `runs that fit, then long ones, then the worker: ${shown}`,
  );
  assert.equal(answers.at(-1), false, 'all the way to 64 keys is the worker’s');
});

/** The core, its float16 products taking `ms` longer on the test's clock: a phone's cold first run. */
const slowCore = (core, ms) => ({
  ...core,
  float16RowLargest: (params) => {
    clockAhead += ms;
    return core.float16RowLargest(params);
  },
  float16OverflowSpread: (params) => core.float16OverflowSpread(params),
});

/** runsInPage's answers to `next(step)` as a slow run's pace fades, one step every 100 ms of the test's clock. */
function answersAsPaceFades(core, settings, next) {
  // A new σ: costly enough for its time to teach the pace.
  const slow = { ...settings, spread: settings.spread / 2 };
  runsInPage(slow);
  compute(slowCore(core, 400), slow);
  const answers = [];
  for (let step = 1; step <= 80; step++) {
    clockAhead += 100;
    answers.push(runsInPage(next(step)));
  }
  computeLongAgo(core, settings);
  return answers;
}

test('float16 on the page: a new σ is a long run until the pace is too slow; a new dₖ or seed is not', async () => {
  const core = await loadCore();
  const settings = { dk: 4096, spread: 11, order: 'after', seed: 25, keys: 32 };
  runsInPage(settings);
  computeLongAgo(core, settings);
  const rank = (answer) => ({ false: 0, long: 1, true: 2 })[String(answer)];
  const spreads = answersAsPaceFades(core, settings, (step) => ({ ...settings, spread: 11 + step / 128 }));
  assert.ok(spreads.includes('long'), `a new σ is taken as a long run while the pace is slow: ${spreads.join(' ')}`);
  assert.ok(
    spreads.every((answer, i) => i === 0 || rank(answer) >= rank(spreads[i - 1])),
    `the worker, then long runs, as the pace fades: ${spreads.join(' ')}`,
  );
  assert.equal(spreads[0], false, 'at the slowest pace even a new σ goes to the worker');
  // Never a plain run: two of them over the frame's room would send the figure to the worker for seconds.
  assert.ok(!spreads.includes(true), `a new σ here is never counted as slow: ${spreads.join(' ')}`);
  const dks = answersAsPaceFades(core, settings, (step) => ({ ...settings, dk: step % 2 ? 2048 : 4096 }));
  const seeds = answersAsPaceFades(core, settings, (step) => ({ ...settings, seed: 100 + step }));
  assert.ok(!dks.includes('long') && !seeds.includes('long'), `new normals are never long runs here: ${dks} ${seeds}`);
});

test('float16 on the page: along keys where another order needs its block bounds, a step is a long run', async () => {
  const core = await loadCore();
  // σ 16 at dₖ 4096: before's and balanced's norms prove nothing, and the core bounds them at every step.
  const bounded = { dk: 4096, spread: 16, order: 'after', seed: 26 };
  runsInPage({ ...bounded, keys: 8 });
  computeLongAgo(core, { ...bounded, keys: 8 });
  assert.equal(runsInPage({ ...bounded, keys: 9 }), 'long', 'a key more there is taken as a long run');
  // σ 11 at the same dₖ: the norms prove the other orders finite, and the same step is a plain one.
  const proven = { ...bounded, spread: 11, seed: 27 };
  runsInPage({ ...proven, keys: 8 });
  computeLongAgo(core, { ...proven, keys: 8 });
  assert.equal(runsInPage({ ...proven, keys: 9 }), true, 'a key more where the norms suffice is a plain run');
});
