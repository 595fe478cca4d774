// softmaxInPrecision through WASM: float16 emulated exactly, float32 as float, float64 as the plain softmax.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const f = (...xs) => new Float64Array(xs);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const unitRoundoff = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -11 };

describe('softmaxInPrecision through WASM', () => {
  test('float64 is the plain softmax at the lesson reference vectors', () => {
    for (const scores of [f(1, 0.5, 0, -0.5), f(20, 22, 18, 21), f(9.2, -3.1, 8.8, -5.4, 1.2)]) {
      const { weights, exactZeros } = core.softmaxInPrecision(scores, { precision: 'float64' });
      const reference = core.softmax(scores);
      weights.forEach((w, i) => assert.ok(Math.abs(w - reference[i]) <= 4e-16, `${w} vs ${reference[i]}`));
      assert.equal(exactZeros, 0);
    }
    const scaled = core.softmaxInPrecision(f(20, 22, 18, 21), {
      precision: 'float64',
      temperature: Math.sqrt(512),
    }).weights;
    [0.246731, 0.269532, 0.225859, 0.257879].forEach((p, i) => assert.ok(Math.abs(scaled[i] - p) <= 5e-7));
  });

  test('at [0, −20] float16 underflows the second weight to exactly 0, float32 keeps e⁻²⁰', () => {
    const half = core.softmaxInPrecision(f(0, -20), { precision: 'float16' });
    assert.deepEqual([...half.weights], [1, 0]);
    assert.equal(half.exactZeros, 1);
    const single = core.softmaxInPrecision(f(0, -20), { precision: 'float32' });
    assert.equal(single.exactZeros, 0);
    assert.ok(Math.abs(single.weights[1] / Math.exp(-20) - 1) < 1e-6);
    assert.equal(single.weights[1], Math.fround(single.weights[1]), 'a float32 value');
  });

  test('the float16 threshold sits at e^x = 2⁻²⁵, and ÷√dₖ moves the scores back above it', () => {
    assert.equal(core.softmaxInPrecision(f(0, -17.3), { precision: 'float16' }).weights[1], 2 ** -24);
    assert.equal(core.softmaxInPrecision(f(0, -17.4), { precision: 'float16' }).weights[1], 0);
    assert.equal(
      core.softmaxInPrecision(f(0, -20), { precision: 'float16', temperature: Math.sqrt(512) }).exactZeros,
      0,
    );
  });

  test('unscaled scores at dₖ = 512 lose many weights in float16, none once scaled', () => {
    const scores = core.sampleQueryScores({ dk: 512, keyCount: 64, seed: 5 });
    const unscaled = core.softmaxInPrecision(scores, { precision: 'float16' });
    const scaled = core.softmaxInPrecision(scores, { precision: 'float16', temperature: Math.sqrt(512) });
    assert.ok(unscaled.exactZeros > 10, `${unscaled.exactZeros} zeros`);
    assert.equal(scaled.exactZeros, 0);
    assert.equal(unscaled.exactZeros, [...unscaled.weights].filter((w) => w === 0).length);
  });

  test('weights sum to 1 within the precision’s rounding', () => {
    const scores = f(9.2, -3.1, 8.8, -5.4, 1.2, 0.3, -0.7, 2.5);
    for (const precision of ['float64', 'float32', 'float16']) {
      const { weights } = core.softmaxInPrecision(scores, { precision });
      assert.ok(
        Math.abs(sum(weights) - 1) <= 2 * (scores.length + 1) * unitRoundoff[precision],
        `${precision}: ${sum(weights)}`,
      );
    }
  });

  test('bad input is a RangeError or TypeError naming the argument', () => {
    const cases = [
      [
        () => core.softmaxInPrecision(f(), { precision: 'float16' }),
        'TypeError',
        'softmaxInPrecision: scores must be of length 1 to 65536, got 0 elements',
      ],
      [
        () => core.softmaxInPrecision(f(70000), { precision: 'float16' }),
        'RangeError',
        'softmaxInPrecision: scores[0] must be finite and at most 65504 in magnitude (float16), got 70000',
      ],
      [
        () => core.softmaxInPrecision(f(1, NaN), { precision: 'float64' }),
        'RangeError',
        'softmaxInPrecision: scores[1] must be finite, got nan',
      ],
      [
        () => core.softmaxInPrecision(f(1), { precision: 'float16', temperature: 1e-9 }),
        'RangeError',
        'softmaxInPrecision: temperature must be a number that rounds to a nonzero finite float16 (about 3e-08 to ' +
          '65519), got 1e-09',
      ],
      [
        () => core.softmaxInPrecision(f(1), { precision: 'bfloat16' }),
        'RangeError',
        "softmaxInPrecision: precision must be one of float64, float32, float16, got 'bfloat16'",
      ],
      [
        () => core.softmaxInPrecision(f(1), {}),
        'TypeError',
        'softmaxInPrecision: precision must be a string, got undefined',
      ],
      [
        () => core.softmaxInPrecision([1], { precision: 'float16' }),
        'TypeError',
        'softmaxInPrecision: scores must be a Float64Array, got an Array',
      ],
      [
        () => core.softmaxInPrecision(f(1)),
        'TypeError',
        'softmaxInPrecision: request must be an object, got undefined',
      ],
    ];
    for (const [call, name, message] of cases) assert.throws(call, { name, message }, message);
  });
});
