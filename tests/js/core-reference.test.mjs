// The lesson brief's reference values and the closed forms of the argument, reproduced by the WASM core.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const f = (...xs) => new Float64Array(xs);
// Equal to every digit the brief prints: |actual − printed| ≤ half a unit of its last decimal.
function sixDigits(actual, printed, label) {
  const decimals = String(printed).split('.')[1]?.length ?? 0;
  assert.ok(Math.abs(actual - printed) <= 0.5 * 10 ** -decimals * (1 + 1e-9), `${label}: ${actual} vs ${printed}`);
}
const all = (actual, expected, label) => expected.forEach((e, i) => sixDigits(actual[i], e, `${label}[${i}]`));

describe('reference values of the lesson brief', () => {
  test('softmax vectors', () => {
    all(core.softmax(f(1, 0.5, 0, -0.5)), [0.455054, 0.276004, 0.167405, 0.101536], 'softmax([1, .5, 0, -.5])');
    sixDigits(core.softmaxStats(f(5, 2.5, 0, -2.5)).maxWeight, 0.917957, 'max p at ×5');
    all(core.softmax(f(20, 22, 18, 21)), [0.088947, 0.657233, 0.012038, 0.241783], 'softmax([20, 22, 18, 21])');
    all(
      core.softmax(f(20, 22, 18, 21), { temperature: Math.sqrt(512) }),
      [0.246731, 0.269532, 0.225859, 0.257879],
      '÷√512',
    );
  });

  test('softmax([9.2, −3.1, 8.8, −5.4, 1.2]) to the digits the brief prints', () => {
    const p = core.softmax(f(9.2, -3.1, 8.8, -5.4, 1.2));
    all([p[0], p[2], p[4]], [0.598566, 0.401231, 0.000201], 'large weights');
    assert.equal(p[1].toFixed(6), '0.000003');
    assert.equal(p[3].toFixed(7), '0.0000003');
  });

  test('p₁ of softmax([x, 0, 0, 0]) passes 0.99 at x = ln 297', () => {
    const x = core.saturationCrossing({ threshold: 0.99, keyCount: 4 });
    sixDigits(x, 5.6937, 'crossing');
    assert.ok(Math.abs(x - Math.log(297)) < 1e-12);
    const [below, above] = core.saturationCurve({ xs: [x - 1e-6, x + 1e-6], keyCount: 4 });
    assert.ok(below < 0.99 && above > 0.99);
  });

  test('Jacobian diagonal at p = (0.3, 0.3, 0.2, 0.2)', () => {
    const j = core.softmaxJacobian(f(0.3, 0.3, 0.2, 0.2));
    all([j[0], j[5], j[10], j[15]], [0.21, 0.21, 0.16, 0.16], 'diag');
  });

  test("score std at the brief's head sizes", () => {
    const table = { 2: 1.414, 16: 4, 64: 8, 128: 11.314, 512: 22.627, 768: 27.713, 1024: 32, 4096: 64 };
    for (const [dk, std] of Object.entries(table))
      sixDigits(core.scoreStatistics({ dk: Number(dk), scale: 'none' }).std, std, `dk ${dk}`);
    for (const dk of [1, 64, 4096])
      assert.ok(Math.abs(core.scoreStatistics({ dk, scale: 'sqrt' }).variance - 1) < 1e-12);
    assert.ok(Math.abs(core.scoreStatistics({ dk: 64, scale: 'linear' }).variance - 1 / 64) < 1e-15);
  });
});

describe('closed forms', () => {
  for (const dk of [1, 16, 64, 512, 4096]) {
    test(`Var[q·k] ≈ ${dk} within 3 standard errors`, () => {
      const e = core.dotProductExperiment({ dk, count: 200_000, seed: 11 + dk });
      assert.ok(
        Math.abs(e.variance - dk) <= 3 * e.standardErrors.variance,
        `${e.variance} ± ${e.standardErrors.variance}`,
      );
      assert.ok(Math.abs(e.mean) <= 3 * e.standardErrors.mean + 1e-12, `mean ${e.mean}`);
      const scaled = core.dotProductExperiment({ dk, count: 200_000, seed: 11 + dk, scale: 'sqrt' });
      assert.ok(Math.abs(scaled.variance - 1) <= 3 * scaled.standardErrors.variance, `scaled ${scaled.variance}`);
    });
  }

  test('the direct and fast samplers agree in mean and variance at dₖ = 64', () => {
    const direct = core.dotProductExperiment({ dk: 64, count: 50_000, seed: 5, method: 'direct' });
    const fast = core.dotProductExperiment({ dk: 64, count: 50_000, seed: 6, method: 'fast' });
    const se = Math.hypot(direct.standardErrors.variance, fast.standardErrors.variance);
    assert.ok(Math.abs(direct.variance - fast.variance) <= 3 * se);
    const counted = (e) => e.histogram.counts.reduce((a, b) => a + b, 0) + e.histogram.below + e.histogram.above;
    assert.equal(counted(direct), 50_000);
    assert.equal(counted(fast), 50_000);
  });

  test('entropy is ln n at uniform and 0 at one-hot; survival follows', () => {
    for (const n of [2, 8, 512]) {
      const stats = core.softmaxStats(new Float64Array(n));
      assert.ok(Math.abs(stats.entropy - Math.log(n)) < 1e-12);
      assert.equal(stats.survival.state, 'healthy');
      assert.ok(Math.abs(stats.survival.share - 1) < 1e-12 && stats.survival.share <= 1);
    }
    const oneHot = core.softmaxStats(f(0, 0, 0, 0), { mask: new Uint8Array([1, 0, 0, 0]) });
    assert.equal(oneHot.entropy, 0);
    assert.equal(oneHot.survival.state, 'dead');
    assert.equal(core.softmaxStats(f(60, 0, 0, 0)).survival.state, 'dead');
  });

  test('Jacobian rows sum to 0 and J is symmetric', () => {
    const p = core.softmax(core.sampleQueryScores({ dk: 16, keyCount: 12, seed: 2 }));
    const j = core.softmaxJacobian(p);
    for (let r = 0; r < 12; r++) {
      let sum = 0;
      for (let c = 0; c < 12; c++) {
        sum += j[r * 12 + c];
        assert.equal(j[r * 12 + c], j[c * 12 + r]);
      }
      assert.ok(Math.abs(sum) < 1e-15, `row ${r} sums to ${sum}`);
    }
  });

  test('attention weight rows sum to 1 for every scale mode; balanced equals ÷√dₖ', () => {
    const [n, m, d, dv] = [5, 7, 16, 3];
    const q = core.sampleNormals({ count: n * d, seed: 1 });
    const k = core.sampleNormals({ count: m * d, seed: 2 });
    const v = core.sampleNormals({ count: m * dv, seed: 3 });
    const results = {};
    for (const scale of ['none', 'sqrt', 'linear', 2.5, 'balanced', { cosine: 0.1 }]) {
      for (const causal of [false, true]) {
        const { weights, output } = core.attention({ q, k, v, n, m, d, dv, scale, causal });
        assert.equal(weights.length, n * m);
        assert.equal(output.length, n * dv);
        for (let i = 0; i < n; i++) {
          const row = weights.subarray(i * m, (i + 1) * m);
          assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-12);
          if (causal) row.forEach((w, j) => j > i + (m - n) && assert.equal(w, 0));
        }
        results[`${JSON.stringify(scale)}-${causal}`] = weights;
      }
    }
    results['"balanced"-false'].forEach((w, i) => assert.ok(Math.abs(w - results['"sqrt"-false'][i]) < 1e-12));
  });

  test('entropy sweep: unscaled collapses, ÷√dₖ holds, ÷dₖ goes uniform', () => {
    const sweep = core.entropySweep({
      dks: [1, 64, 4096],
      keyCount: 8,
      trials: 400,
      seed: 4,
      scales: ['none', 'sqrt', 'linear'],
    });
    const [none, sqrt, linear] = sweep.meanEntropy;
    assert.ok(Math.abs(sweep.maxEntropy - Math.log(8)) < 1e-12);
    assert.ok(none[2] < 0.2 * sweep.maxEntropy, `none at 4096: ${none[2]}`);
    // From dₖ = 64 on the scaled scores are close to N(0, 1) whatever dₖ is, so the entropy stops moving.
    assert.ok(Math.abs(sqrt[2] - sqrt[1]) < 0.05, `sqrt stays: ${sqrt[1]} → ${sqrt[2]}`);
    assert.ok(linear[2] > 0.999 * sweep.maxEntropy, `linear at 4096: ${linear[2]}`);
  });

  test('cosines of random pairs have variance 1/d', () => {
    const sweep = core.cosineSweep({ dimensions: [4, 64, 1024], pairs: 4000, seed: 9 });
    sweep.variance.forEach((v, i) =>
      assert.ok(Math.abs(v - sweep.theoryVariance[i]) <= 3 * sweep.varianceStandardError[i]),
    );
    assert.deepEqual([...sweep.theoryVariance], [1 / 4, 1 / 64, 1 / 1024]);
  });

  test('the O(1) cosine sampler: mean 0, variance 1/d, every cosine within [−1, 1]', () => {
    const fast = core.cosineSweep({ dimensions: [4, 64, 4096], pairs: 4000, seed: 9, method: 'fast' });
    fast.variance.forEach((v, i) =>
      assert.ok(Math.abs(v - fast.theoryVariance[i]) <= 3 * fast.varianceStandardError[i]),
    );
    fast.mean.forEach((m, i) => assert.ok(Math.abs(m) <= 3 * fast.meanStandardError[i]));
    assert.ok(fast.samples.every((s) => s.length === 4000 && s.every((c) => Math.abs(c) <= 1)));
  });

  test('Jacobian norms shrink as the logits are multiplied', () => {
    const r = core.jacobianNormsByMultiplier({ scores: f(1, 0.5, 0, -0.5), multipliers: [1, 5, 10, 20, 50] });
    for (let i = 1; i < 5; i++) assert.ok(r.maxAbs[i] < r.maxAbs[i - 1] && r.frobenius[i] < r.frobenius[i - 1]);
    const p = core.softmax(f(5, 2.5, 0, -2.5));
    assert.ok(Math.abs(r.maxAbs[1] - core.softmaxStats(f(5, 2.5, 0, -2.5)).jacobianMaxAbs) < 1e-15);
    assert.ok(Math.abs(r.maxAbs[1] - p[0] * (1 - p[0])) < 1e-15, 'max |J| at ×5 is p₁(1 − p₁)');
  });
});
