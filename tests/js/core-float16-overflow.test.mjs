// Float16 overflow of q·k through WASM: the order of scaling decides between finite scores and ∞/NaN.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const settings = { dk: 4096, keyCount: 16, spread: 6, seed: 1 };
const halfMax = 65504;
// The float16 values near x: any float16 value is a multiple of its spacing 2^(e−10) (normal range).
const isHalf = (x) =>
  !Number.isFinite(x) || x === 0 || Number.isInteger(x / 2 ** (Math.floor(Math.log2(Math.abs(x))) - 10));

describe('float16 scores through WASM', () => {
  test('at dₖ 4096, spread 6, q·k then ÷√dₖ overflows to ∞ and NaN; scaling q first does not', () => {
    const after = core.float16Scores({ ...settings, order: 'after' });
    const beforeFix = core.float16Scores({ ...settings, order: 'before' });
    const balanced = core.float16Scores({ ...settings, order: 'balanced' });
    assert.ok(after.largestExactScore > halfMax, `largest exact |q·k| ${after.largestExactScore}`);
    assert.equal(after.largestExactScore, beforeFix.largestExactScore);
    assert.equal(after.infinities, 16);
    for (let i = 0; i < 16; i++) assert.equal(after.scores[i * 17], Infinity, `diagonal ${i}`);
    assert.equal(after.nans, 256);
    assert.ok(after.weights.every(Number.isNaN));
    for (const fixed of [beforeFix, balanced]) {
      assert.equal(fixed.infinities, 0);
      assert.equal(fixed.nans, 0);
      assert.ok(fixed.scores.every((s) => Number.isFinite(s) && isHalf(s)));
      assert.ok(fixed.scores[0] > 1000 && fixed.scores[0] < halfMax, `a diagonal score ${fixed.scores[0]}`);
    }
  });

  test("each call carries every order's counts, equal to what that order's own call counts", () => {
    // Spreads where no order, one order or all three overflow (σ 60 is past ≈ 29, where NaN scores appear).
    for (const spread of [3, 6, 40, 60]) {
      const calls = ['after', 'before', 'balanced'].map((order) =>
        core.float16Scores({ ...settings, dk: 1024, keyCount: 8, spread, order }),
      );
      const own = calls.map(({ infinities, nans }, i) => ({
        order: ['after', 'before', 'balanced'][i],
        infinities,
        nans,
      }));
      for (const call of calls) assert.deepEqual(call.byOrder, own, `spread ${spread}`);
    }
  });

  test('the threshold spread √(65504/dₖ) separates no overflow from overflow', () => {
    const threshold = core.float16OverflowSpread({ dk: 4096 });
    assert.ok(Math.abs(threshold - Math.sqrt(halfMax / 4096)) < 1e-12, `threshold ${threshold}`);
    const below = core.float16Scores({ dk: 4096, keyCount: 8, spread: 0.8 * threshold, order: 'after', seed: 2 });
    const above = core.float16Scores({ dk: 4096, keyCount: 8, spread: 1.25 * threshold, order: 'after', seed: 2 });
    assert.equal(below.infinities, 0);
    assert.ok(below.largestExactScore < halfMax);
    assert.ok(above.infinities > 0);
    assert.ok(above.largestExactScore > halfMax);
  });

  test('bad arguments are RangeErrors and TypeErrors naming the function and argument', () => {
    const cases = [
      [
        { ...settings, order: 'after', dk: 0 },
        'RangeError',
        'float16Scores: dk must be an integer from 1 to 65536, got 0',
      ],
      [
        { ...settings, order: 'after', keyCount: 64 },
        'RangeError',
        'float16Scores: keyCount^2*dk must be at most 4194304, got 16777216',
      ],
      [
        { ...settings, order: 'after', spread: -1 },
        'RangeError',
        'float16Scores: spread must be greater than 0 and at most 1000, got -1',
      ],
      [
        { ...settings, order: 'first' },
        'RangeError',
        "float16Scores: order must be one of after, before, balanced, got 'first'",
      ],
      [
        { ...settings, order: 'after', spread: '6' },
        'TypeError',
        'float16Scores: spread must be a number, got the string "6"',
      ],
    ];
    for (const [request, name, message] of cases) {
      assert.throws(() => core.float16Scores(request), { name, message }, message);
      const rowMessage = message.replace('float16Scores', 'float16RowLargest');
      assert.throws(() => core.float16RowLargest(request), { name, message: rowMessage }, rowMessage);
    }
    assert.throws(() => core.float16OverflowSpread({ dk: 0.5 }), {
      name: 'RangeError',
      message: 'float16OverflowSpread: dk must be an integer from 1 to 65536, got 0.5',
    });
  });

  test("float16RowLargest gives each row's largest |score|, NaN weights and counts as float16Scores does", () => {
    // The figure's σ from below overflow to where every pair must be emulated, in each order, along keys and back.
    let compared = 0;
    for (const spread of [0.5, 3, 6, 9.51, 16])
      for (const order of ['after', 'before', 'balanced'])
        for (const keyCount of [16, 7, 24]) {
          const request = { dk: 4096, keyCount, spread, seed: 3, order };
          const rows = core.float16RowLargest(request);
          const full = core.float16Scores(request);
          for (let i = 0; i < keyCount; i++) {
            const row = Array.from(full.scores.subarray(i * keyCount, (i + 1) * keyCount));
            const largest = row.reduce((most, score) => Math.max(most, Math.abs(score)), 0);
            const nans = full.weights.subarray(i * keyCount, (i + 1) * keyCount).filter(Number.isNaN).length;
            assert.ok(Object.is(rows.rowLargest[i], largest), `σ ${spread} ${order} row ${i}: ${rows.rowLargest[i]}`);
            assert.equal(rows.rowNans[i], nans, `σ ${spread} ${order} row ${i} NaN weights`);
          }
          assert.deepEqual(
            [rows.infinities, rows.nans, rows.largestExactScore, rows.byOrder],
            [full.infinities, full.nans, full.largestExactScore, full.byOrder],
          );
          compared++;
        }
    assert.equal(compared, 5 * 3 * 3);
  });
});
