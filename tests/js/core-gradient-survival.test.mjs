// Gradient survival from WASM, the one verdict every widget shows: bounded, read from the weights, monotone along a
// drag of dₖ for the query the widget draws (200 seeds run natively), and the lesson's sentences about its badge.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const weightsAt = (scale, dk, seed = 1, keyCount = 8) => {
  const scores = core.sampleQueryScores({ dk, keyCount, seed });
  return core.softmax(scores, { temperature: core.scoreStatistics({ dk, scale }).divisor });
};
const order = ['healthy', 'fading', 'dying', 'dead'];

test('the thresholds, and a share that is Σpᵢ(1 − pᵢ) / (1 − 1/n), never above 1', () => {
  assert.deepEqual(core.survivalThresholds(), { healthy: 0.5, fading: 0.1, dying: 1e-3 });
  assert.deepEqual(core.gradientSurvival(new Float64Array([0.25, 0.25, 0.25, 0.25])), { share: 1, state: 'healthy' });
  assert.deepEqual(core.gradientSurvival(new Float64Array([0, 1, 0])), { share: 0, state: 'dead' });
  for (const seed of [1, 2, 3]) {
    for (const dk of [4, 64, 512, 4096]) {
      const p = weightsAt('none', dk, seed);
      const { share, state } = core.gradientSurvival(p);
      const expected = p.reduce((sum, w) => sum + w * (1 - w), 0) / (1 - 1 / p.length);
      assert.ok(Math.abs(share - expected) <= 1e-12 * Math.max(expected, 1e-300) + 1e-15, `${share} vs ${expected}`);
      assert.ok(share >= 0 && share <= 1);
      const t = core.survivalThresholds();
      const band = share >= t.healthy ? 'healthy' : share >= t.fading ? 'fading' : share >= t.dying ? 'dying' : 'dead';
      assert.equal(state, band);
    }
  }
});

test("softmaxStats and the Jacobian view's sweep carry the same measure", () => {
  const scores = new Float64Array([1, 0.5, 0, -0.5]);
  const stats = core.softmaxStats(scores, { temperature: 1 / 5 });
  assert.deepEqual(stats.survival, core.gradientSurvival(core.softmax(scores, { temperature: 1 / 5 })));
  assert.equal(stats.survival.state, 'fading');
  const sweep = core.jacobianNormsByMultiplier({ scores, multipliers: new Float64Array([1, 5, 10, 20]) });
  assert.equal(sweep.survivalShare[1], stats.survival.share);
  sweep.survivalShare.forEach(
    (share, i) => i && assert.ok(share < sweep.survivalShare[i - 1], `${sweep.survivalShare}`),
  );
});

test("the lesson's query (seed 1): unscaled it walks healthy → fading → dying → dead; ÷√dₖ stays healthy", () => {
  const unscaled = [4, 64, 512, 4096].map((dk) => core.gradientSurvival(weightsAt('none', dk)).state);
  assert.deepEqual(unscaled, order);
  for (const dk of [4, 64, 512, 4096]) assert.equal(core.gradientSurvival(weightsAt('sqrt', dk)).state, 'healthy');
  // ÷dₖ flattens the weights: the gradient passes (healthy); its failure is the entropy at ln n.
  const flat = core.softmaxStats(core.sampleQueryScores({ dk: 4096, keyCount: 8, seed: 1 }), { temperature: 4096 });
  assert.equal(flat.survival.state, 'healthy');
  assert.ok(flat.entropy > 0.999 * Math.log(8));
});

// The lesson's sentences about the badge (lessons/why-sqrt-dk/lesson.md), checked against the core that draws it.
const lessonText = readFileSync(new URL('../../lessons/why-sqrt-dk/lesson.md', import.meta.url), 'utf8');
const badgeText = lessonText.slice(
  lessonText.indexOf('The badge beside'),
  lessonText.indexOf('::: widget softmax-dies'),
);
const widgetBlock = lessonText.match(
  /::: widget softmax-dies \{#softmax-dies\}\ndk: (\d+)\nkeys: (\d+)\nscale: none\nseed: (\d+)\n/,
);
// The dₖ slider's stops (4 per doubling, each value once) from `from` to 4096.
const sliderStops = (from) => {
  const stops = [];
  for (let k = 0; stops.at(-1) !== 4096; k++) {
    const value = Math.round(2 ** (k / 4));
    if (value >= from && stops.at(-1) !== value) stops.push(value);
  }
  return stops;
};
const stateAt = (scale, dk, keys, seed) => core.gradientSurvival(weightsAt(scale, dk, seed, keys)).state;

test('"One towering bar is never healthy": a top weight of 0.95 leaves at most fading, for 2 to 64 keys', () => {
  assert.match(badgeText, /One towering bar is never healthy/);
  for (let n = 2; n <= 64; n++) {
    // The rest spread evenly: the most gradient a top weight of 0.95 allows.
    const p = new Float64Array(n).fill(0.05 / (n - 1));
    p[0] = 0.95;
    assert.notEqual(core.gradientSurvival(p).state, 'healthy', `n = ${n}`);
  }
});

test('"unscaled, dragging dₖ up walks the badge from healthy to dead and never back"', () => {
  assert.match(badgeText, /unscaled, dragging \$d_k\$ up walks the badge from healthy to dead and never back/);
  assert.ok(widgetBlock, 'the widget opens unscaled at a given dₖ, keys and seed');
  const [start, keys, seed] = widgetBlock.slice(1).map(Number);
  const walk = sliderStops(start).map((dk) => order.indexOf(stateAt('none', dk, keys, seed)));
  assert.deepEqual([walk[0], walk.at(-1)], [0, 3], `from healthy at dₖ = ${start} to dead at 4096`);
  for (const s of [seed, 2, 3, 4, 5]) {
    const states = sliderStops(start).map((dk) => order.indexOf(stateAt('none', dk, keys, s)));
    states.forEach((b, i) => i && assert.ok(b >= states[i - 1], `seed ${s}: ${states}`));
  }
});

test('"Under ÷dₖ the badge is healthy from dₖ = 16 on", for 2, 8 and 64 keys and 50 seeds', () => {
  assert.match(badgeText, /Under \$\\div d_k\$ the badge is healthy from \$d_k = 16\$ on/);
  for (const keys of [2, 8, 64])
    for (let seed = 1; seed <= 50; seed++)
      for (const dk of sliderStops(16))
        assert.equal(stateAt('linear', dk, keys, seed), 'healthy', `${keys} ${seed} ${dk}`);
});
