// Typed arrays whose length getter lies between reads: the input cap must hold and WASM memory must not grow.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import createAttentionCore from '../../dist/lib/generated/wasm/attention_core.mjs';
import { wrapCore } from '../../dist/lib/src/core/api.js';

// Answers `small` to the first read of length and `huge` to every later one (the real buffer holds `small`).
function shiftingLength(Base, values, huge) {
  let reads = 0;
  class Shifting extends Base {
    get length() {
      reads += 1;
      return reads === 1 ? values.length : huge;
    }
  }
  return Shifting.from(values);
}

let raw;
let core;
before(async () => {
  raw = await createAttentionCore({
    wasmBinary: await readFile(new URL('../../dist/lib/generated/wasm/attention_core.wasm', import.meta.url)),
  });
  core = wrapCore(raw);
});
const heapBytes = () => raw.HEAP8.buffer.byteLength;
const under = (bytes) => `heap grew to ${(heapBytes() / 2 ** 20).toFixed(0)} MiB, over ${bytes / 2 ** 20} MiB`;

test('softmax of a Float64Array whose length grows after the cap check copies only the 4 values checked', () => {
  const bound = Math.max(heapBytes(), 32 * 2 ** 20);
  const scores = shiftingLength(Float64Array, [1, 0.5, 0, -0.5], 100_000_000);
  const p = core.softmax(scores);
  assert.equal(p.length, 4);
  assert.ok(Math.abs(p[0] - 0.455054) < 5e-7);
  assert.ok(heapBytes() <= bound, under(bound));
});

test(
  'every Float64Array argument is read once: attention, Jacobian, sweeps and masks keep their checked ' + 'length',
  () => {
    const bound = Math.max(heapBytes(), 32 * 2 ** 20);
    const grow = (values) => shiftingLength(Float64Array, values, 50_000_000);
    const r = core.attention({ q: grow([1, 0]), k: grow([1, 0, 0, 1]), v: grow([2, 3]), n: 1, m: 2, d: 2, dv: 1 });
    assert.equal(r.weights.length, 2);
    assert.equal(core.softmaxJacobian(grow([0.5, 0.5])).length, 4);
    assert.equal(core.saturationCurve({ xs: grow([0, 1, 2]), keyCount: 2 }).length, 3);
    assert.equal(core.jacobianNormsByMultiplier({ scores: grow([1, 0]), multipliers: grow([1, 2]) }).maxAbs.length, 2);
    const masked = core.softmax(new Float64Array([1, 2, 3]), {
      mask: shiftingLength(Uint8Array, [1, 1, 0], 50_000_000),
    });
    assert.deepEqual(
      Array.from(masked, (x) => x === 0),
      [false, false, true],
    );
    assert.ok(heapBytes() <= bound, under(bound));
  },
);

test('a length that claims more than the cap on its only read is refused before anything is copied', () => {
  const bound = Math.max(heapBytes(), 32 * 2 ** 20);
  let reads = 0;
  class Claims extends Float64Array {
    get length() {
      reads += 1;
      return 5_000_000;
    }
  }
  assert.throws(() => core.softmax(Claims.from([1, 2])), {
    name: 'TypeError',
    message: 'softmax: scores must be at most 1048576 elements long, got 5000000',
  });
  assert.equal(reads, 1);
  assert.ok(heapBytes() <= bound, under(bound));
});
