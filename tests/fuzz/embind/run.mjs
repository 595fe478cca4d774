// The Embind fuzz harness: rejected calls into every entry point of the WASM module, through the Core API of the
// Node package, on the test-only build that reports its heap and stack (run by scripts/fuzz.mjs).
//   node tests/fuzz/embind/run.mjs [--calls N] [--seed S]   N rejected calls per entry point (default 1000000)
// Prints one line per entry point and exits non-zero if any call ended otherwise than in its documented error, the
// module's heap, stack, JS handles or memory grew, an answer changed, or an exported entry point has no rejected
// calls in rejected-calls.mjs.
import { loadTestingCore, testingHelpers } from '../../js/testing-core.mjs';
import {
  answers,
  compareAnswers,
  exportedEntryPoints,
  fuzzEntryPoint,
  holder,
  missingEntryPoints,
} from './harness.mjs';
import { callEntry, entryPoints, takesInput } from './rejected-calls.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const calls = option('--calls', 1000000);
const seed = option('--seed', 1);
if (!Number.isInteger(calls) || calls < 1 || !Number.isInteger(seed)) {
  console.error('embind: usage: node tests/fuzz/embind/run.mjs [--calls N] [--seed S]');
  process.exit(2);
}

const testing = await loadTestingCore();
const fresh = await loadTestingCore();
const names = exportedEntryPoints(testing.raw, testing.core, testingHelpers);
const label = (name) => `embind ${name.padEnd(25)}`;
let failed = 0;
for (const name of missingEntryPoints(names)) {
  console.log(`${label(name)} FAILED: exported, but tests/fuzz/embind/rejected-calls.mjs has no rejected calls for it`);
  failed += 1;
}

const expected = answers(fresh.core, names, holder());
const started = performance.now();
for (const name of names.filter((n) => Object.hasOwn(entryPoints, n))) {
  if (!takesInput(name)) {
    const answer = compareAnswers({ [name]: callEntry(testing.core, name, [], holder()) }, expected);
    console.log(`${label(name)} takes no input, nothing to reject: ${answer ? `FAILED: ${answer}` : 'answer checked'}`);
    if (answer) failed += 1;
    continue;
  }
  const held = holder();
  const run = fuzzEntryPoint(testing, name, { calls, seed, held });
  // The objects the rejected calls went to (a trainer, a buffer) must still answer as fresh ones do.
  const answer = compareAnswers({ [name]: callEntry(testing.core, name, entryPoints[name].args, held) }, expected);
  held.release();
  const problems = [...run.problems, ...(run.problems.length || !answer ? [] : [answer])];
  const rate = Math.round(run.calls / run.seconds);
  const memory = `${(run.usage.memory / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `${label(name)} ${String(run.calls).padStart(8)} rejected calls in ${run.seconds.toFixed(1).padStart(5)} s` +
      ` (${run.cpuSeconds.toFixed(1).padStart(5)} s CPU, ${String(rate).padStart(6)}/s), memory ${memory}: ` +
      (problems.length ? `FAILED: ${problems[0]}` : 'passed'),
  );
  if (problems.length) failed += 1;
}

// Last, every entry point's answer on new objects, against the fresh module's.
const after = compareAnswers(answers(testing.core, names, holder()), answers(fresh.core, names, holder()));
if (after) {
  console.log(`embind: after every entry point's rejected calls, ${after}`);
  failed += 1;
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `embind: ${names.length - failed} passed, ${failed} failed; ${calls} rejected calls per entry point, ` +
    `${names.length} entry points, ${seconds.toFixed(1)} s`,
);
process.exit(failed ? 1 : 0);
