// The first figure's small core (web/bindings/first_figure_core.cpp, no Embind) answers dotProductExperiment with the
// very bits the full core gives, so a figure drawn from it first and from the full core later shows the same numbers.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { loadFirstFigureCore } from '../../dist/lib/src/core/first-figure-core.js';

const smallWasm = new URL('../../dist/lib/generated/wasm/first_figure_core.wasm', import.meta.url);
const loadSmall = async () => loadFirstFigureCore({ wasmBinary: await readFile(smallWasm) });

/** Every number of an answer as its bytes: 0 and −0, or two NaNs with other payloads, would differ here. */
function bits(answer) {
  const numbers = [
    answer.mean,
    answer.variance,
    answer.std,
    answer.standardErrors.mean,
    answer.standardErrors.variance,
    answer.standardErrors.std,
    answer.theory.variance,
    answer.theory.std,
    answer.histogram.below,
    answer.histogram.above,
  ];
  const arrays = [answer.samples, answer.histogram.edges, answer.histogram.counts, answer.densityCounts];
  return [Float64Array.from(numbers), ...arrays].map((values) => Buffer.from(values.buffer).toString('hex'));
}

test('the small core gives the full core’s bits for the variance explorer’s settings, as a learner steps', async () => {
  const [small, full] = await Promise.all([loadSmall(), loadCore()]);
  // The figure's own request (48 bins, fast), then the other scales, more and fewer samples, direct sums, samples out.
  const steps = [
    { dk: 64, count: 2000, seed: 1, scale: 'none', samples: false },
    { dk: 64, count: 2000, seed: 1, scale: 'sqrt', samples: false },
    { dk: 512, count: 50000, seed: 7, scale: 'sqrt', samples: false },
    { dk: 512, count: 300, seed: 7, scale: 'none' },
    { dk: 1, count: 2, seed: 0, scale: 'linear' },
    { dk: 4096, count: 20000, seed: 9007199254740991, scale: 3.5 },
    { dk: 91, count: 1000, seed: 5, scale: 'sqrt', method: 'direct' },
  ];
  for (const step of steps) {
    const request = { method: 'fast', bins: 48, ...step };
    assert.deepEqual(bits(small.dotProductExperiment(request)), bits(full.dotProductExperiment(request)), request);
  }
});

test('bad arguments: the same errors from the small core as from the full one, which still answers', async () => {
  const [small, full] = await Promise.all([loadSmall(), loadCore()]);
  const good = { dk: 64, count: 500, seed: 3, method: 'fast', bins: 48 };
  const bad = [
    { ...good, dk: 0 },
    { ...good, count: 2.5 },
    { ...good, method: 'fast\u0000' },
    { ...good, bins: 1001 },
    { ...good, dk: 'many' },
  ];
  for (const request of bad) {
    const expected = (() => {
      try {
        full.dotProductExperiment(request);
      } catch (error) {
        return error;
      }
      assert.fail(`the full core accepted ${JSON.stringify(request)}`);
    })();
    assert.throws(() => small.dotProductExperiment(request), { name: expected.name, message: expected.message });
  }
  assert.deepEqual(bits(small.dotProductExperiment(good)), bits(full.dotProductExperiment(good)));
});
