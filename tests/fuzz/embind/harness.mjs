// Drives rejected calls through the Core API into the Embind module and checks what they leave behind: each must be a
// clean RangeError or TypeError naming the function and argument, and the module must keep its heap, stack, JS
// handles and memory size, and keep computing what a fresh instance computes.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { callEntry, entryPoints, rejectedCalls } from './rejected-calls.mjs';

// Embind's functions carry argCount; its classes' prototypes carry isAliasOf. Emscripten's own runtime has neither.
const isBoundFunction = (value) => typeof value === 'function' && Object.hasOwn(value, 'argCount');
const isBoundClass = (value) => typeof value === 'function' && typeof value.prototype?.isAliasOf === 'function';

/**
 * Every entry point a caller can reach: the Core API's functions, and the raw module's functions and class methods
 * (`Class.method`), so a new export is fuzzed (or reported missing) without anyone listing it here. `helpers` are
 * the test-only module's own additions, left out.
 */
export function exportedEntryPoints(raw, core, helpers = []) {
  const names = new Set(Object.keys(core).filter((key) => typeof core[key] === 'function'));
  for (const [key, value] of Object.entries(raw)) {
    if (helpers.includes(key)) continue;
    // A class is reached through the Core's create… function (a Core key) and through its methods.
    if (!isBoundClass(value)) {
      if (isBoundFunction(value)) names.add(key);
      continue;
    }
    for (const member of Object.getOwnPropertyNames(value.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(value.prototype, member);
      if (member !== 'constructor' && typeof descriptor?.value === 'function') names.add(`${key}.${member}`);
    }
  }
  return [...names].sort();
}

/** Entry points the module exports that the table of rejected calls does not cover. */
export function missingEntryPoints(exported) {
  return exported.filter((name) => !Object.hasOwn(entryPoints, name));
}

/** The module's answers to each entry point's valid call, made on objects `held` across calls. */
export function answers(core, names, held) {
  return Object.fromEntries(names.map((name) => [name, callEntry(core, name, entryPoints[name].args, held)]));
}

/** A `held` for callEntry: one object per key for the life of the instance, and a way to delete them all. */
export function holder() {
  const objects = new Map();
  const held = (key, make) => {
    if (!objects.has(key)) objects.set(key, make());
    return objects.get(key);
  };
  held.release = () => {
    for (const object of objects.values()) object.delete();
    objects.clear();
  };
  return held;
}

/** What is wrong with how a call meant to be rejected ended; '' when it ended in the documented error. */
export function verdict(name, rejected, outcome) {
  const { fn = name } = entryPoints[name];
  const shown = `${rejected.field} (expected ${rejected.error})`;
  if (!outcome.threw) return `${shown}: accepted, returned ${typeof outcome.value}`;
  const error = outcome.error;
  if (typeof WebAssembly.Exception === 'function' && error instanceof WebAssembly.Exception)
    return `${shown}: a raw WebAssembly.Exception escaped`;
  if (error instanceof WebAssembly.RuntimeError) return `${shown}: WASM trapped: ${error.message}`;
  if (!(error instanceof Error)) return `${shown}: threw a ${typeof error}, not an Error: ${String(error)}`;
  if (error.name !== rejected.error) return `${shown}: ${error.name}: ${error.message.slice(0, 160)}`;
  const named = fn
    .split('|')
    .some((f) => rejected.field.split('|').some((field) => error.message.startsWith(`${f}: ${field}`)));
  if (!named) return `${shown}: the message does not name ${fn} and ${rejected.field}: ${error.message.slice(0, 160)}`;
  return '';
}

export function attempt(call) {
  try {
    return { threw: false, value: call() };
  } catch (error) {
    return { threw: true, error };
  }
}

/**
 * Makes `calls` rejected calls of one entry point, cycling through `pool` distinct ones drawn by fast-check from
 * `seed`; every `calls / checkpoints` calls the module's usage must equal what it was after the first checkpoint
 * (memory may grow only then, to the largest argument's size). Stops at the first problem.
 */
export function fuzzEntryPoint(testing, name, { calls, seed = 1, pool = 1000, checkpoints = 10, held }) {
  const cases = fc.sample(rejectedCalls(entryPoints[name]), { numRuns: pool, seed });
  // Checkpoints at least a pool apart, so the first has seen every case (and the largest argument) once.
  const every = Math.max(cases.length, Math.ceil(calls / checkpoints));
  const problems = [];
  let settled;
  let made = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  while (made < calls && problems.length === 0) {
    const rejected = cases[made % cases.length];
    made += 1;
    const problem = verdict(
      name,
      rejected,
      attempt(() => callEntry(testing.core, name, rejected.args, held)),
    );
    if (problem) problems.push(`call ${made}: ${problem}`);
    if (made % every !== 0 && made !== calls) continue;
    const usage = testing.usage();
    if (!settled) settled = usage;
    for (const [what, value] of Object.entries(usage))
      if (value !== settled[what])
        problems.push(`after ${made} calls ${what} is ${value} bytes, was ${settled[what]} after ${every}`);
  }
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    calls: made,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds,
    problems,
    usage: testing.usage(),
    settled,
  };
}

/** '' when each answer in `got` equals the fresh module's, else which entry points differ. */
export function compareAnswers(got, fresh) {
  const differ = Object.keys(got).filter((name) => !isDeepStrictEqual(got[name], fresh[name]));
  return differ.length ? `answers differ from a fresh module's: ${differ.join(', ')}` : '';
}
