// The WASM attention's hand-written SIMD products (core/attention.cpp, under __wasm_simd128__) against a plain
// reference, at shapes that hit every path: three, two and single output rows, 8-column blocks and the remainder;
// and its SIMD exp (core/exp_pairs.hpp) against the scalar std::exp that softmax calls, bit for bit.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

function reference(q, k, v, n, m, d, dv, divisor, causal) {
  const weights = new Float64Array(n * m);
  const output = new Float64Array(n * dv);
  for (let i = 0; i < n; i++) {
    const visible = causal ? i + (m - n) + 1 : m;
    let max = -Infinity;
    for (let j = 0; j < visible; j++) {
      let dot = 0;
      for (let t = 0; t < d; t++) dot += q[i * d + t] * k[j * d + t];
      weights[i * m + j] = dot / divisor;
      max = Math.max(max, weights[i * m + j]);
    }
    let total = 0;
    for (let j = 0; j < visible; j++) total += weights[i * m + j] = Math.exp(weights[i * m + j] - max);
    for (let j = 0; j < visible; j++) {
      weights[i * m + j] /= total;
      for (let t = 0; t < dv; t++) output[i * dv + t] += weights[i * m + j] * v[j * dv + t];
    }
  }
  return { weights, output };
}

const shapes = [
  [5, 13, 7, 17],
  [128, 128, 64, 64],
  [1, 8, 3, 8],
  [2, 9, 1, 1],
  [3, 24, 16, 19],
  [4, 10, 5, 9],
];

for (const [n, m, d, dv] of shapes) {
  test(`attention n=${n}, m=${m}, d=${d}, dv=${dv} matches the plain reference to 1e-12`, () => {
    const q = core.sampleNormals({ count: n * d, seed: 1 });
    const k = core.sampleNormals({ count: m * d, seed: 2 });
    const v = core.sampleNormals({ count: m * dv, seed: 3 });
    for (const [scale, divisor] of [
      ['none', 1],
      ['sqrt', Math.sqrt(d)],
    ]) {
      for (const causal of [false, true]) {
        const actual = core.attention({ q, k, v, n, m, d, dv, scale, causal });
        const expected = reference(q, k, v, n, m, d, dv, divisor, causal);
        for (const key of ['weights', 'output']) {
          let worst = 0;
          actual[key].forEach((x, i) => (worst = Math.max(worst, Math.abs(x - expected[key][i]))));
          assert.ok(worst < 1e-12, `${key}, ${scale}, causal ${causal}: off by ${worst}`);
        }
      }
    }
  });
}

// With d = 1, q = [1] and no scaling, query row i's scores are exactly the keys, so its weights must be softmax's of
// the same numbers in every bit: the same shift by the maximum, exp, sum in order and division, but attention's exp
// runs two at a time in SIMD. Scores spread from 1e-17 to 2000 apart cover the pair path and every scalar case
// (exp(0), |x| < 2⁻⁵⁴, |x| ≥ 512), odd lengths the last single score.
test('attention weights equal softmax weights bit for bit over 10⁶ scores of every range', () => {
  const spreads = [1e-17, 1e-9, 1, 30, 300, 2000];
  let compared = 0;
  for (let trial = 0; compared < 1e6; trial++) {
    const m = 3 + ((trial * 37) % 509);
    const noise = core.sampleNormals({ count: m, seed: 100 + trial });
    // One spread per row, and every seventh row mixes them.
    const k = noise.map((x, j) => x * spreads[(trial % 7 === 6 ? j : trial) % spreads.length]);
    const weights = core.attention({
      q: Float64Array.of(1),
      k,
      v: new Float64Array(m),
      n: 1,
      m,
      d: 1,
      dv: 1,
      scale: 'none',
    }).weights;
    const expected = core.softmax(k);
    for (let j = 0; j < m; j++) {
      if (!Object.is(weights[j], expected[j]))
        assert.fail(`trial ${trial}, m ${m}, j ${j}: ${weights[j]} ≠ ${expected[j]}`);
    }
    compared += m;
  }
});
