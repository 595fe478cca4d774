// Rejected calls leave the WASM module as they found it: every entry point, fed thousands of bad calls through the
// Core API, raises only its documented RangeError or TypeError and keeps its heap, C stack, JS handles and memory
// size, then computes what a fresh module computes. (tests/fuzz/embind drives 10⁶ such calls per entry point.)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  answers,
  compareAnswers,
  exportedEntryPoints,
  fuzzEntryPoint,
  holder,
  missingEntryPoints,
} from '../fuzz/embind/harness.mjs';
import { entryPoints, takesInput } from '../fuzz/embind/rejected-calls.mjs';
import { loadTestingCore, testingHelpers } from './testing-core.mjs';

let testing;
let names;
const held = holder();
before(async () => {
  testing = await loadTestingCore();
  names = exportedEntryPoints(testing.raw, testing.core, testingHelpers);
});

test('the rejected-call table covers every entry point the module and the Core API export', () => {
  assert.ok(names.includes('scoreStatistics') && names.includes('Trainer.run'), names.join(', '));
  assert.deepEqual(missingEntryPoints(names), []);
  assert.deepEqual(
    Object.keys(entryPoints).filter((name) => !names.includes(name)),
    [],
    'no entry in the table for a name the module no longer exports',
  );
});

test('2000 rejected calls per entry point: each a clean error; heap, stack, handles and memory unchanged', () => {
  const failed = [];
  for (const name of names.filter(takesInput)) {
    const result = fuzzEntryPoint(testing, name, { calls: 2000, seed: 19, pool: 500, checkpoints: 4, held });
    if (result.problems.length) failed.push(`${name}: ${result.problems[0]}`);
  }
  assert.deepEqual(failed, []);
});

test('after the rejected calls the module answers every valid call as a fresh module does', async () => {
  const fresh = await loadTestingCore();
  const freshHeld = holder();
  try {
    assert.equal(compareAnswers(answers(testing.core, names, held), answers(fresh.core, names, freshHeld)), '');
  } finally {
    freshHeld.release();
  }
});
