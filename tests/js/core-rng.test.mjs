// The random engine in WASM: the same integers as the native build, and normals with the right moments.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { loadTestingCore } from './testing-core.mjs';

let core;
let testing;
before(async () => {
  core = await loadCore();
  testing = await loadTestingCore();
});

// Pinned by tests/native/rng_test.cpp too: equal here proves the stream bit-identical native and WASM.
const seed42Stream0 = [15021278609987233951n, 5881210131331364753n, 18149643915985481100n];

test('xoshiro256++ integers for seed 42 are bit-identical to the native build', () => {
  assert.deepEqual(testing.randomIntegers({ seed: 42, count: 3 }), seed42Stream0);
});

test('streams of one seed differ, and each repeats exactly', () => {
  const a = testing.randomIntegers({ seed: 42, stream: 1, count: 4 });
  assert.notDeepEqual(a.slice(0, 3), seed42Stream0);
  assert.deepEqual(testing.randomIntegers({ seed: 42, stream: 1, count: 4 }), a);
});

test('normals have mean 0, variance 1, skew 0 and kurtosis 3 within sampling error', () => {
  const n = 400_000;
  const x = core.sampleNormals({ count: n, seed: 2024 });
  let [m1, m2, m3, m4] = [0, 0, 0, 0];
  for (const v of x) {
    m1 += v;
    m2 += v * v;
    m3 += v ** 3;
    m4 += v ** 4;
  }
  [m1, m2, m3, m4] = [m1 / n, m2 / n, m3 / n, m4 / n];
  // Standard errors under N(0,1): mean 1/√n, E[x²] √(2/n), E[x³] √(15/n), E[x⁴] √(96/n); 4 SE bounds.
  assert.ok(Math.abs(m1) < 4 / Math.sqrt(n), `mean ${m1}`);
  assert.ok(Math.abs(m2 - 1) < 4 * Math.sqrt(2 / n), `second moment ${m2}`);
  assert.ok(Math.abs(m3) < 4 * Math.sqrt(15 / n), `third moment ${m3}`);
  assert.ok(Math.abs(m4 - 3) < 4 * Math.sqrt(96 / n), `fourth moment ${m4}`);
});

test('randomIntegers rejects a stream out of range with a RangeError naming it', () => {
  assert.throws(() => testing.randomIntegers({ seed: 1, stream: 65, count: 1 }), {
    name: 'RangeError',
    message: 'randomIntegers: stream must be an integer from 0 to 64, got 65',
  });
  assert.throws(() => testing.randomIntegers({ seed: 1, count: 4097 }), {
    name: 'RangeError',
    message: 'randomIntegers: count must be an integer from 1 to 4096, got 4097',
  });
});

test('the shipped module has no test helpers', () => {
  assert.equal(core.randomIntegers, undefined);
});
