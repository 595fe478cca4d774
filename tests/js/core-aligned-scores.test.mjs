// Aligned queries and keys through WASM: the closed forms ρ·dₖ and dₖ(1 + ρ²), and exact samples that follow them.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const close = (a, b, what, tolerance = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b)), `${what}: ${a}, expected ${b}`);

describe('aligned scores through WASM', () => {
  test('the mean is ρ·dₖ divided by the scale, the variance dₖ(1 + ρ²) divided by its square', () => {
    for (const [scale, divisor] of [
      ['none', 1],
      ['sqrt', 32],
      ['linear', 1024],
      [8, 8],
    ]) {
      const s = core.alignedScoreStatistics({ dk: 1024, alignment: 0.5, scale });
      close(s.divisor, divisor, `${scale} divisor`);
      close(s.mean, (0.5 * 1024) / divisor, `${scale} mean`);
      close(s.variance, (1024 * 1.25) / divisor ** 2, `${scale} variance`);
      close(s.std, Math.sqrt(s.variance), `${scale} std`);
    }
    close(core.alignedScoreStatistics({ dk: 1024, alignment: 0.5, scale: 'sqrt' }).mean, 16, 'ρ√dₖ at dₖ 1024');
  });

  test('from dₖ 64 to 4096 at ρ = 0.5: ÷√dₖ grows ×8, ÷dₖ stays 0.5; at ρ = 0 every mean is 0', () => {
    const mean = (dk, scale, alignment = 0.5) => core.alignedScoreStatistics({ dk, alignment, scale }).mean;
    close(mean(4096, 'sqrt') / mean(64, 'sqrt'), 8, 'growth of ÷√dₖ');
    close(mean(64, 'linear'), 0.5, '÷dₖ at 64');
    close(mean(4096, 'linear'), 0.5, '÷dₖ at 4096');
    for (const scale of ['none', 'sqrt', 'linear']) assert.equal(mean(4096, scale, 0), 0, `${scale} at ρ = 0`);
  });

  test('samples follow the closed forms at each scale, over seeds', () => {
    const pairs = 20000;
    for (const alignment of [0, 0.5, 1]) {
      for (const seed of [1, 2]) {
        const draw = core.alignedScores({ dk: 256, alignment, pairs, seed });
        assert.equal(draw.dk, 256);
        assert.equal(draw.alignment, alignment);
        for (const scale of ['none', 'sqrt', 'linear']) {
          const entry = draw[scale];
          assert.ok(entry.scores instanceof Float64Array && entry.scores.length === pairs, `${scale} scores`);
          const expected = core.alignedScoreStatistics({ dk: 256, alignment, scale });
          assert.deepEqual(entry.theory, expected, `${scale} theory is the closed form`);
          // Mean within 5 standard errors, std within 5 %.
          const error = expected.std / Math.sqrt(pairs);
          assert.ok(Math.abs(entry.mean - expected.mean) < 5 * error, `${scale} ρ=${alignment}: mean ${entry.mean}`);
          assert.ok(Math.abs(entry.std / expected.std - 1) < 0.05, `${scale} ρ=${alignment}: std ${entry.std}`);
          // The reported statistics are those of the returned scores.
          const sampleMean = entry.scores.reduce((a, b) => a + b, 0) / pairs;
          close(entry.mean, sampleMean, `${scale} mean of the scores`, 1e-9);
        }
        // One set of draws, divided by 1, √dₖ and dₖ.
        close(draw.sqrt.scores[3], draw.none.scores[3] / 16, 'same draw under ÷√dₖ');
        close(draw.linear.scores[3], draw.none.scores[3] / 256, 'same draw under ÷dₖ');
      }
    }
  });

  test('the same seed gives the same scores', () => {
    const a = core.alignedScores({ dk: 64, alignment: 0.3, pairs: 50, seed: 9 });
    const b = core.alignedScores({ dk: 64, alignment: 0.3, pairs: 50, seed: 9 });
    assert.deepEqual(a.none.scores, b.none.scores);
  });

  test('bad arguments raise errors that name the function and the argument', () => {
    assert.throws(() => core.alignedScores({ dk: 64, alignment: 2, pairs: 10, seed: 1 }), {
      name: 'RangeError',
      message: 'alignedScores: alignment must be between -1 and 1, got 2',
    });
    assert.throws(() => core.alignedScores({ dk: 0.5, alignment: 0, pairs: 10, seed: 1 }), {
      name: 'RangeError',
      message: 'alignedScores: dk must be an integer from 1 to 65536, got 0.5',
    });
    assert.throws(() => core.alignedScores({ dk: 4, alignment: 0, pairs: 1, seed: 1 }), {
      name: 'RangeError',
      message: 'alignedScores: pairs must be an integer from 2 to 1000000, got 1',
    });
    assert.throws(() => core.alignedScoreStatistics({ dk: 4, alignment: 0, scale: 'cube' }), {
      name: 'RangeError',
      message: 'alignedScoreStatistics: scale must be one of none, sqrt, linear or a number τ, got "cube"',
    });
    assert.throws(() => core.alignedScoreStatistics({ dk: 4, alignment: NaN, scale: 'sqrt' }), {
      name: 'RangeError',
      message: 'alignedScoreStatistics: alignment must be between -1 and 1, got nan',
    });
    assert.throws(() => core.alignedScores(), { name: 'TypeError', message: /alignedScores/ });
  });
});
