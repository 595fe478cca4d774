// Every entry point of the WASM core, fed each class of bad input, raises the documented JS error and keeps working.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { badInputCases } from './bad-input-cases.mjs';

let core;
before(async () => {
  core = await loadCore();
});

for (const [fn, kind, call, name, message] of badInputCases) {
  test(`${fn}: ${kind} → ${name}`, () => {
    assert.throws(
      () => call(core),
      (error) => {
        assert.ok(error instanceof Error, 'a real Error, not a bare number');
        assert.equal(error.name, name);
        assert.equal(error.message, message);
        return true;
      },
    );
  });
}

test('after every bad call the module still computes (it never traps)', () => {
  const p = core.softmax(new Float64Array([1, 0.5, 0, -0.5]));
  assert.ok(Math.abs(p[0] - 0.455054) < 5e-7);
  assert.equal(core.dotProductExperiment({ dk: 16, count: 1000, seed: 3 }).samples.length, 1000);
});
