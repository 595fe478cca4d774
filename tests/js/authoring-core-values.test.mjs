// Core values against the brief's reference values, through the real WASM core, and how they are written.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { coreValues, evaluateCoreValue, formatCoreNumber } from '../../dist/lib/src/authoring/index.js';

let core;
before(async () => {
  core = await loadCore();
});

const value = (name, args) => {
  const result = evaluateCoreValue(core, name, args);
  assert.ok(result.ok, result.message);
  return result.value;
};
const near = (actual, expected, tolerance = 5e-7) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} vs ${expected}`);

describe('core values', () => {
  test('score statistics: std √dₖ unscaled, variance 1 with ÷√dₖ, 1/dₖ with ÷dₖ', () => {
    const stds = { 2: 1.414214, 16: 4, 64: 8, 128: 11.313708, 512: 22.627417, 768: 27.712813, 1024: 32, 4096: 64 };
    for (const [dk, std] of Object.entries(stds)) near(value('scoreStd', { dk }), std);
    near(value('scoreVariance', { dk: 512, scale: 'sqrt' }), 1, 1e-12);
    near(value('scoreVariance', { dk: 512, scale: 'linear' }), 1 / 512, 1e-15);
    near(value('scoreStd', { dk: 64, scale: 8 }), 1, 1e-12);
    near(value('scoreSpread', { dk: 64 }), 16, 1e-12);
  });

  test('aligned scores: ρ·dₖ unscaled, ρ√dₖ with ÷√dₖ, ρ with ÷dₖ', () => {
    near(value('alignedScoreMean', { dk: 1024, rho: 0.5, scale: 'sqrt' }), 16, 1e-12);
    near(value('alignedScoreMean', { dk: 1024, rho: 0.5 }), 512, 1e-12);
    near(value('alignedScoreMean', { dk: 4096, rho: 0.5, scale: 'linear' }), 0.5, 1e-12);
    near(value('alignedScoreMean', { dk: 4096, rho: 0, scale: 'sqrt' }), 0, 0);
    assert.match(evaluateCoreValue(core, 'alignedScoreMean', { dk: 64, rho: 2 }).message, /^alignedScoreMean: rho/);
  });

  test('softmax weights reproduce the reference vectors', () => {
    const weights = (scores, extra = {}) =>
      scores.map((_, index) => value('softmaxWeight', { scores, index, ...extra }));
    weights([1, 0.5, 0, -0.5]).forEach((p, i) => near(p, [0.455054, 0.276004, 0.167405, 0.101536][i]));
    weights([20, 22, 18, 21]).forEach((p, i) => near(p, [0.088947, 0.657233, 0.012038, 0.241783][i]));
    weights([20, 22, 18, 21], { dk: 512, scale: 'sqrt' }).forEach((p, i) =>
      near(p, [0.246731, 0.269532, 0.225859, 0.257879][i]),
    );
    weights([9.2, -3.1, 8.8, -5.4, 1.2]).forEach((p, i) =>
      near(p, [0.598566, 0.000003, 0.401231, 0.0000003, 0.000201][i]),
    );
    near(value('softmaxMaxWeight', { scores: [1, 0.5, 0, -0.5], multiplier: 5 }), 0.917957);
  });

  test('entropy, Jacobian and saturation values', () => {
    near(value('maxEntropy', { n: 8 }), Math.log(8), 1e-12);
    [0.21, 0.21, 0.16, 0.16].forEach((d, i) =>
      near(value('jacobianDiagonal', { p: [0.3, 0.3, 0.2, 0.2], i }), d, 1e-12),
    );
    near(value('jacobianEntry', { p: [0.3, 0.3, 0.2, 0.2], i: 0, j: 1 }), -0.09, 1e-12);
    near(value('saturationCrossing', { threshold: 0.99, keys: 4 }), 5.6937, 5e-5);
    near(value('saturationCrossing', { threshold: 0.99, keys: 4 }), Math.log(297), 1e-12);
    assert.ok(value('jacobianFrobenius', { scores: [1, 0.5, 0, -0.5], multiplier: 20 }) < 1e-3);
    assert.ok(
      value('softmaxEntropy', { scores: [1, 0.5, 0, -0.5], multiplier: 20 }) <
        value('softmaxEntropy', { scores: [1, 0.5, 0, -0.5] }),
    );
  });

  test('bad arguments are messages naming the value and what is allowed', () => {
    const message = (name, args) => evaluateCoreValue(core, name, args).message;
    assert.equal(message('scoreStd', {}), 'scoreStd: missing argument dk; allowed: an integer from 1 to 65536');
    assert.equal(
      message('scoreStd', { dk: 64, scale: 'square' }),
      'scoreStd: scale = "square" is out of range; allowed: one of none, sqrt, linear or a number at least 0.001 ' +
        'and at most 1000000',
    );
    assert.equal(
      message('softmaxWeight', { scores: [1, 2], index: 5 }),
      'softmaxWeight: index 5 is past the end of scores (2 entries, 0 to 1)',
    );
    assert.equal(
      message('jacobianDiagonal', { p: [0.5, 0.6], i: 0 }),
      'jacobianDiagonal: p must be probabilities that sum to 1, got a sum of 1.1',
    );
    assert.equal(
      message('softmaxWeight', { scores: [1, 2], index: 0, scale: 'sqrt' }),
      'softmaxWeight: scale=sqrt needs dk',
    );
    assert.equal(message('maxEntropy', { n: 8, base: 2 }), 'maxEntropy: no argument "base"; allowed: n');
    assert.equal(evaluateCoreValue(core, 'nope', {}).problem, 'unknown-value');
  });

  test('every registered value has a summary and evaluates with its smallest valid arguments', () => {
    const minimal = {
      dk: 4,
      scores: [1, 0],
      index: 0,
      n: 3,
      p: [0.5, 0.5],
      i: 0,
      j: 1,
      threshold: 0.9,
      keys: 2,
      sigmas: 1,
      rho: 0.5,
    };
    for (const [name, spec] of Object.entries(coreValues)) {
      assert.ok(spec.summary.length > 10, name);
      const args = Object.fromEntries(
        Object.keys(spec.params)
          .filter((key) => key in minimal)
          .map((key) => [key, minimal[key]]),
      );
      assert.ok(Number.isFinite(value(name, args)), name);
    }
  });
});

describe('formatCoreNumber', () => {
  test('digits gives fixed decimals but whole numbers whole; significant trims; minus is U+2212', () => {
    assert.equal(formatCoreNumber(0.276004, { digits: 4 }), '0.2760');
    assert.equal(formatCoreNumber(8, { digits: 3 }), '8');
    assert.equal(formatCoreNumber(22.627417, { digits: 2 }), '22.63');
    assert.equal(formatCoreNumber(-0.09, { digits: 4 }), '−0.0900');
    assert.equal(formatCoreNumber(-0.00001, { digits: 2 }), '0');
    assert.equal(formatCoreNumber(0.0000003, { significant: 1 }), '0.0000003');
    assert.equal(formatCoreNumber(0.9999999999999998), '1');
    assert.equal(formatCoreNumber(1 / 512, { significant: 3 }), '0.00195');
  });
});

test('normalPercentWithin is the normal law computed by the core: 68.27, 95.45, 99.73', async () => {
  const { loadCore } = await import('attention-lab/core');
  const core = await loadCore();
  const percent = (sigmas) => evaluateCoreValue(core, 'normalPercentWithin', { sigmas: String(sigmas) });
  for (const [sigmas, expected] of [
    [1, 68.2689],
    [2, 95.45],
    [3, 99.73],
  ]) {
    const result = percent(sigmas);
    assert.equal(result.ok, true);
    assert.ok(Math.abs(result.value - expected) < 1e-4, `${sigmas}σ: ${result.value}`);
  }
  assert.throws(() => core.normalWithin({ sigmas: -1 }), {
    name: 'RangeError',
    message: 'normalWithin: sigmas must be between 0 and 40, got -1',
  });
});
