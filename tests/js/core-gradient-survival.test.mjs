// The gradient-survival verdict from WASM: the lesson's claims hold at a few spot checks (200 seeds run natively).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const verdict = (scale, dk, seed = 1) => core.gradientSurvival({ dk, keyCount: 8, scale, seed });

test('÷√dₖ is healthy from dₖ 1 to 4096, near the reference size 1', () => {
  for (const dk of [1, 16, 64, 512, 4096]) {
    const { expected } = verdict('sqrt', dk);
    assert.equal(expected.state, 'healthy', `dₖ ${dk}: ratio ${expected.ratio}`);
    assert.ok(expected.ratio > 0.7 && expected.ratio < 1.2, `dₖ ${dk}: ratio ${expected.ratio}`);
  }
});

test('unscaled dies as dₖ grows: healthy at 1, not healthy at 64, dead at 4096', () => {
  const states = [1, 64, 256, 4096].map((dk) => verdict('none', dk, 7).expected.state);
  assert.deepEqual(states, ['healthy', 'fading', 'dying', 'dead']);
});

test('÷dₖ, the opposite failure, is not healthy at dₖ 4096: ratio ≈ 1/√dₖ', () => {
  const { expected, sample } = verdict('linear', 4096);
  assert.notEqual(expected.state, 'healthy');
  assert.notEqual(sample.state, 'healthy');
  assert.ok(Math.abs(expected.ratio * 64 - 1) < 0.02, `ratio ${expected.ratio}`);
});

test('the result carries a standard error, the trial count, the sample and the thresholds; a seed repeats it', () => {
  const r = core.gradientSurvival({ dk: 64, keyCount: 8, scale: 'none', trials: 256, seed: 5 });
  assert.equal(r.expected.trials, 256);
  assert.ok(r.expected.standardError > 0 && r.expected.standardError < r.expected.ratio);
  assert.ok(r.sample.ratio >= 0 && ['healthy', 'fading', 'dying', 'dead'].includes(r.sample.state));
  assert.deepEqual(r.thresholds, { healthy: 0.7, fading: 0.1, dying: 1e-3 });
  assert.deepEqual(core.gradientSurvival({ dk: 64, keyCount: 8, scale: 'none', trials: 256, seed: 5 }), r);
  assert.equal(verdict('none', 64, 5).expected.trials, 1024, 'default trials');
});

test('a temperature τ = √dₖ gives exactly the ÷√dₖ numbers', () => {
  assert.deepEqual(verdict(8, 64, 3), verdict('sqrt', 64, 3));
});
