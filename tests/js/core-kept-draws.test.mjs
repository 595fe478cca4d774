// The heavy figures' cores keep what they drew for the next slider step: along a learner's steps, each result
// equals bit for bit what a core that never drew before gives for the same settings (in WASM, with its SIMD exps).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';

const dks = Array.from({ length: 13 }, (_, i) => 2 ** i);
const scales = ['none', 'sqrt', 'linear'];

// Walks the steps on one core and compares each result with a newly loaded core's (nothing kept there yet).
async function alongSteps(steps, call, pick) {
  const walker = await loadCore();
  for (const step of steps) {
    const fresh = await loadCore();
    assert.deepEqual(pick(call(walker, step)), pick(call(fresh, step)), JSON.stringify(step));
  }
}

test('entropy against dₖ: keys moved away and back, trials up and down', async () => {
  const steps = [
    [8, 200],
    [9, 200],
    [8, 200],
    [8, 300],
    [8, 50],
    [9, 60],
    [64, 40],
  ].map(([keys, trials]) => ({ keys, trials }));
  await alongSteps(
    steps,
    (core, { keys, trials }) => core.entropySweep({ dks, keyCount: keys, trials, seed: 3, scales }),
    (s) => [s.meanEntropy, s.entropyStandardError, s.meanMaxWeight].map((rows) => rows.map((r) => [...r])),
  );
});

test('variance explorer: samples up and down, the scale toggled, dₖ moved away and back', async () => {
  const steps = [
    [64, 2000, 'none'],
    [64, 3000, 'none'],
    [64, 500, 'sqrt'],
    [91, 2000, 'none'],
    [64, 2500, 'sqrt'],
    // Settings met before: their statistics are kept too, and still come back whole.
    [91, 2000, 'none'],
    [64, 500, 'sqrt'],
    [64, 2000, 'none'],
  ].map(([dk, count, scale]) => ({ dk, count, scale }));
  await alongSteps(
    steps,
    (core, step) => core.dotProductExperiment({ ...step, seed: 5, method: 'fast', bins: 48 }),
    (e) => ({ ...e, samples: [...e.samples] }),
  );
});

test("Box–Muller pairs kept from other readings of a stream: new keys and dₖ give a fresh core's bits", async () => {
  // Seed 4's stream 0 is read by both figures: entropy's dₖ = 1 point and every dₖ of the variance explorer.
  const steps = [
    { entropy: [10, 100] },
    { entropy: [11, 100] },
    { entropy: [13, 100] },
    { entropy: [12, 300] },
    { products: [64, 3000, 'fast'] },
    { products: [91, 3000, 'fast'] },
    { products: [45, 4000, 'fast'] },
    { products: [3, 500, 'direct'] },
    { products: [4, 500, 'direct'] },
  ];
  await alongSteps(
    steps,
    (core, { entropy, products }) =>
      entropy
        ? core.entropySweep({ dks, keyCount: entropy[0], trials: entropy[1], seed: 4, scales })
        : core.dotProductExperiment({
            dk: products[0],
            count: products[1],
            method: products[2],
            scale: 'none',
            seed: 4,
            bins: 48,
          }),
    (r) =>
      r.meanEntropy
        ? [r.meanEntropy, r.entropyStandardError, r.meanMaxWeight].map((rows) => rows.map((row) => [...row]))
        : [[...r.samples], r.variance],
  );
});

test('float16 overflow: keys up, down and up again, then another order and spread', async () => {
  const steps = [
    [16, 6, 'after'],
    [17, 6, 'after'],
    [9, 6, 'after'],
    [32, 6, 'after'],
    [20, 6, 'before'],
    [24, 6, 'before'],
    [24, 6.5, 'balanced'],
    // σ 16: row norms cannot prove the unshown orders (one symmetric, one not) finite, so the new pairs' block sums
    // are taken
    [12, 16, 'after'],
    [20, 16, 'after'],
  ].map(([keyCount, spread, order]) => ({ keyCount, spread, order }));
  await alongSteps(
    steps,
    (core, step) => core.float16Scores({ ...step, dk: 4096, seed: 2 }),
    (r) => [[...r.scores], [...r.weights], r.infinities, r.nans, r.byOrder],
  );
});

test('float16 overflow: dₖ down and up again reads the same stream of normals, with keys moved between', async () => {
  const steps = [
    [4096, 16],
    [2048, 16],
    [1, 16],
    [4096, 20],
    [3000, 32],
    [64, 9],
    [4095, 16],
  ].map(([dk, keyCount]) => ({ dk, keyCount }));
  await alongSteps(
    steps,
    (core, step) => core.float16Scores({ ...step, spread: 6, order: 'balanced', seed: 4 }),
    (r) => [[...r.scores], [...r.weights], r.infinities, r.nans, r.byOrder],
  );
});

test('variance explorer without samples: the same statistics and histogram, no samples copied out', async () => {
  const core = await loadCore();
  const request = { dk: 256, count: 30000, seed: 9, method: 'fast', bins: 48 };
  const all = core.dotProductExperiment(request);
  const lean = core.dotProductExperiment({ ...request, samples: false });
  assert.equal(all.samples.length, 30000);
  assert.equal(lean.samples.length, 0);
  const { samples: _all, ...rest } = all;
  const { samples: _lean, ...leanRest } = lean;
  assert.deepEqual(leanRest, rest);
  assert.throws(() => core.dotProductExperiment({ ...request, samples: 'no' }), {
    name: 'TypeError',
    message: 'dotProductExperiment: samples must be true or false, got the string "no"',
  });
});

test("a figure's mirror of what its core keeps: most draws per setting, oldest dropped past the limit", async () => {
  const { KeptDraws } = await import('../../dist/lib/src/widgets/kept-draws.js');
  const kept = new KeptDraws(100, 2); // 50 draws of two entries each
  kept.drew('a', 20);
  kept.drew('b', 20);
  kept.drew('a', 10); // fewer draws keep the 20 already drawn, and make `a` the most recent
  assert.deepEqual([kept.count('a'), kept.count('b')], [20, 20]);
  kept.drew('c', 20); // 120 entries: `b`, now the oldest, goes
  assert.deepEqual([kept.count('a'), kept.count('b'), kept.count('c')], [20, 0, 20]);
  kept.drew('d', 80); // more than the limit alone: the core still keeps the newest
  assert.deepEqual([kept.count('a'), kept.count('c'), kept.count('d')], [0, 0, 80]);
});

test("entropy's cost mirror: new trials make new pairs, a new key count takes the kept ones again", async () => {
  const { KeptSweeps } = await import('../../dist/lib/src/widgets/entropy-vs-dk/compute.js');
  const kept = new KeptSweeps();
  const at = (keys, trials, seed = 1) => kept.estimatedMs({ keys, trials, seed });
  const fresh = at(64, 106);
  kept.drew({ keys: 64, trials: 256, seed: 1 });
  assert.equal(at(64, 256), 0.1, 'a kept sweep costs only the call');
  assert.equal(at(64, 100), 0.1, 'fewer trials of a kept sweep draw nothing');
  const newTrials = at(64, 362); // 106 trials beyond any reading of the streams
  const newKeys = at(63, 106); // the same exps per trial, the pairs read before
  assert.ok(Math.abs(newTrials - fresh) < 1e-9, 'trials past the streams read cost as on a fresh core');
  assert.ok(newTrials > newKeys * 1.3, `${newTrials} vs ${newKeys}: the new pairs are counted`);
  assert.ok(at(64, 106, 2) > newKeys, 'another seed reads other streams');
  // The core keeps a stream's first 2¹⁶ positions: pairs past them are made again by every reading.
  kept.drew({ keys: 64, trials: 2000, seed: 3 });
  const expsOnly = (keys, trials) => 0.1 + 3.2e-4 * keys * trials;
  assert.ok(Math.abs(at(63, 900, 3) - expsOnly(63, 900)) < 1e-9, 'within the kept positions: exps only');
  assert.ok(at(63, 1500, 3) > expsOnly(63, 1500) + 0.1, 'past them: new pairs again');
});
