// The built WASM core, loaded from Node through the package's own "./core" export.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const close = (actual, expected, digits = 6) =>
  expected.forEach((value, i) =>
    assert.ok(Math.abs(actual[i] - value) <= 0.5 * 10 ** -digits, `index ${i}: ${actual[i]} vs ${value}`),
  );

describe('softmax through WASM', () => {
  test('reproduces the lesson brief reference vectors', () => {
    close(core.softmax(new Float64Array([1, 0.5, 0, -0.5])), [0.455054, 0.276004, 0.167405, 0.101536]);
    close(core.softmax(new Float64Array([20, 22, 18, 21])), [0.088947, 0.657233, 0.012038, 0.241783]);
    close(
      core.softmax(new Float64Array([20, 22, 18, 21]), { temperature: Math.sqrt(512) }),
      [0.246731, 0.269532, 0.225859, 0.257879],
    );
  });

  test('returns a fresh Float64Array that sums to 1', () => {
    const p = core.softmax(new Float64Array([3, 1, 2]));
    assert.ok(p instanceof Float64Array);
    assert.equal(p.length, 3);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  });

  test('an empty vector is a TypeError that names softmax and the argument', () => {
    assert.throws(() => core.softmax(new Float64Array([])), {
      name: 'TypeError',
      message: 'softmax: scores must be of length 1 to 65536, got 0 elements',
    });
  });

  test('bad values are RangeErrors with readable messages, and the module keeps working', () => {
    assert.throws(() => core.softmax(new Float64Array([1, NaN])), {
      name: 'RangeError',
      message: 'softmax: scores[1] must be finite or -inf, got nan',
    });
    assert.throws(() => core.softmax(new Float64Array([1]), { temperature: 0 }), {
      name: 'RangeError',
      message: 'softmax: temperature must be a finite number greater than 0, got 0',
    });
    assert.throws(() => core.softmax([1, 2]), {
      name: 'TypeError',
      message: 'softmax: scores must be a Float64Array, got an Array',
    });
    assert.throws(() => core.softmax(new Float64Array([1]), { temperature: '2' }), {
      name: 'TypeError',
      message: 'softmax: temperature must be a number, got the string "2"',
    });
    close(core.softmax(new Float64Array([1, 0.5, 0, -0.5])), [0.455054, 0.276004, 0.167405, 0.101536]);
  });
});

describe('the Jacobian in a core-owned buffer', () => {
  test('reads J through a view, equal to softmaxJacobian, for any n in turn, and refuses use after delete', () => {
    const buffer = core.createJacobianBuffer();
    try {
      for (const scores of [
        [1, 2, 3],
        [0.5, -1, 4, 2, 0, 1],
      ]) {
        const p = core.softmax(Float64Array.from(scores));
        const view = buffer.compute(p);
        assert.deepEqual([...view], [...core.softmaxJacobian(p)]);
        assert.equal(view.length, p.length ** 2);
      }
      assert.throws(() => buffer.compute(Float64Array.from([0.5, 0.6])), {
        name: 'RangeError',
        message: 'softmaxJacobian: weights must be a probability vector summing to 1 within 2e-09, got a sum of 1.1',
      });
      assert.throws(() => buffer.compute([0.5, 0.5]), { name: 'TypeError', message: /^JacobianBuffer\.compute: p / });
    } finally {
      buffer.delete();
    }
    assert.throws(() => buffer.compute(Float64Array.from([1])), {
      name: 'TypeError',
      message: 'JacobianBuffer.compute: this buffer has been deleted; create a new one',
    });
    buffer.delete(); // a second delete does nothing
  });

  test("softmaxJacobian writes J into the caller's own array, refilled call after call", () => {
    const into = new Float64Array(9);
    for (const scores of [
      [1, 2, 3],
      [4, -1, 0.5],
    ]) {
      const p = core.softmax(Float64Array.from(scores));
      assert.equal(core.softmaxJacobian(p, into), into);
      assert.deepEqual([...into], [...core.softmaxJacobian(p)]);
    }
    const kept = [...into];
    const p = core.softmax(Float64Array.from([1, 2]));
    assert.throws(() => core.softmaxJacobian(p, new Float64Array(9)), {
      name: 'TypeError',
      message: 'softmaxJacobian: into must be n² = 4 elements long, got 9',
    });
    assert.throws(() => core.softmaxJacobian(p, [0, 0, 0, 0]), {
      name: 'TypeError',
      message: /^softmaxJacobian: into /,
    });
    assert.throws(() => core.softmaxJacobian(Float64Array.from([0.5, 0.6]), into), {
      name: 'RangeError',
      message: 'softmaxJacobian: weights must be a probability vector summing to 1 within 2e-09, got a sum of 1.1',
    });
    assert.deepEqual([...into], kept); // a refused call leaves the array as it was
  });
});

describe('query scores through WASM', () => {
  test('are reproducible from the seed and change with it', () => {
    const a = core.sampleQueryScores({ dk: 64, keyCount: 8, seed: 7 });
    const b = core.sampleQueryScores({ dk: 64, keyCount: 8, seed: 7 });
    const c = core.sampleQueryScores({ dk: 64, keyCount: 8, seed: 8 });
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.equal(a.length, 8);
  });

  test('have variance close to dₖ over many keys', () => {
    const dk = 256;
    let sumSquares = 0;
    let count = 0;
    for (let seed = 0; seed < 200; seed++) {
      for (const s of core.sampleQueryScores({ dk, keyCount: 64, seed })) {
        sumSquares += s * s;
        count++;
      }
    }
    // 200 independent queries: the spread of |q|²/dₖ dominates; 200 draws give a relative SE ≈ 0.0063 on it.
    assert.ok(Math.abs(sumSquares / count / dk - 1) < 0.05, `variance/dk = ${sumSquares / count / dk}`);
  });

  test('reject a fractional dₖ, an oversized key count and an unsafe seed', () => {
    assert.throws(() => core.sampleQueryScores({ dk: 3.5, keyCount: 8, seed: 1 }), {
      name: 'RangeError',
      message: 'sampleQueryScores: dk must be an integer from 1 to 65536, got 3.5',
    });
    assert.throws(() => core.sampleQueryScores({ dk: 8, keyCount: 5000, seed: 1 }), {
      name: 'RangeError',
      message: 'sampleQueryScores: keyCount must be an integer from 1 to 4096, got 5000',
    });
    assert.throws(() => core.sampleQueryScores({ dk: 8, keyCount: 8, seed: 2 ** 60 }), {
      name: 'RangeError',
      message: /seed must be an integer from 0 to 9007199254740991/,
    });
  });
});

describe('Jacobian norms without underflow through WASM', () => {
  test('softmaxStats([0, -390]): ‖J‖_F ≈ 8.4e-170 and survival above 0, though entries square below 1e-308', () => {
    const stats = core.softmaxStats(new Float64Array([0, -390]));
    const entry = Math.exp(-390) / (1 + Math.exp(-390));
    assert.ok(entry * entry === 0, 'the naive sum of squares underflows');
    assert.ok(Math.abs(stats.jacobianFrobenius / (2 * entry) - 1) < 1e-12, `‖J‖_F ${stats.jacobianFrobenius}`);
    assert.ok(Math.abs(stats.jacobianFrobenius / 8.4e-170 - 1) < 0.01);
    assert.ok(Math.abs(stats.jacobianTrace / (2 * entry) - 1) < 1e-12, `tr J ${stats.jacobianTrace}`);
    assert.ok(stats.survival.share > 0 && Math.abs(stats.survival.share / (4 * entry) - 1) < 1e-12);
    assert.equal(stats.survival.state, 'dead');
  });

  test('jacobianNormsByMultiplier at 390 × [0, -1] keeps ‖J‖_F and gradient survival above 0', () => {
    const sweep = core.jacobianNormsByMultiplier({ scores: new Float64Array([0, -1]), multipliers: [1, 390] });
    assert.ok(Math.abs(sweep.frobenius[1] / 8.4e-170 - 1) < 0.01, `‖J‖_F ${sweep.frobenius[1]}`);
    assert.ok(sweep.survivalShare[1] > 0);
  });
});
