// Every entry point of the core's Embind module, as the Core API calls it: a small valid call, and for each of its
// arguments a fast-check source of bad values, each paired with the error it must raise (the one the API documents:
// TypeError for a wrong kind or shape of value, RangeError for a value out of range).
import fc from 'fast-check';

const f = (...xs) => new Float64Array(xs);
const bad = (name, arbitrary) => arbitrary.map((value) => ({ value, error: name }));

// Not numbers at all (the JS layer refuses them before WASM sees them).
const notNumbers = fc.constantFrom('1', '', '0x10', null, true, {}, [], [1], 1n, Symbol('s'), f(1), () => 1);
// undefined is also no number, unless the argument is optional.
const absentOr = (optional, values) => (optional ? values : fc.oneof(values, fc.constant(undefined)));

/** An integer argument from min to max: non-integers, NaN, ±∞ and everything outside [min, max] are refused. */
export function integer(min, max, { optional = false } = {}) {
  const outside = fc.oneof(
    fc.constantFrom(NaN, Infinity, -Infinity, min - 1, max + 1, 2 ** 53, 1e300, -1e300),
    fc.integer({ min: -(2 ** 31), max: min - 1 }),
    fc.double({ min: max + 1, max: 1e300, noNaN: true }),
    fc.double({ min, max: Math.min(max, 1e6), noNaN: true }).filter((x) => !Number.isInteger(x)),
    ...(min > 0 ? [fc.constant(-0)] : []),
  );
  return fc.oneof(bad('RangeError', outside), bad('TypeError', absentOr(optional, notNumbers)));
}

/** A real argument: NaN, ±∞ and the values `allowed` refuses are RangeErrors. */
export function real(allowed, { optional = false } = {}) {
  const outside = fc.oneof(
    fc.constantFrom(NaN, Infinity, -Infinity),
    fc.double().filter((x) => !allowed(x)),
  );
  return fc.oneof(bad('RangeError', outside), bad('TypeError', absentOr(optional, notNumbers)));
}

// Strings no name table holds: short, long, full Unicode (lone surrogates and NULs included), near misses.
const badStrings = (allowed) =>
  fc
    .oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom('', ' sqrt', 'SQRT', 'sqrt\0', 'fast ', '\ud800', 'x'.repeat(10000), '日本語', '__proto__'),
    )
    .filter((s) => !allowed.includes(s));

/** The name of one of the core's enums (method, precision, order, kind, optimizer). */
export function name(allowed, { optional = false } = {}) {
  const notStrings = fc.constantFrom(0, 1, null, true, {}, ['fast'], 1n, Symbol('fast'), f(1));
  return fc.oneof(bad('RangeError', badStrings(allowed)), bad('TypeError', absentOr(optional, notStrings)));
}

const positive = (x) => Number.isFinite(x) && x > 0;
const scaleNames = ['none', 'sqrt', 'linear'];
/** A scale: a name or a temperature τ from 1e-3 to 1e6; anything else is a RangeError. */
export function scale({ optional = true, attention = false } = {}) {
  const allowed = attention ? [...scaleNames, 'balanced'] : scaleNames;
  // Attention takes any finite τ > 0; the other scales keep τ from 1e-3 to 1e6.
  const tau = attention ? positive : (x) => x >= 1e-3 && x <= 1e6;
  const outside = fc.oneof(
    badStrings(allowed),
    fc.constantFrom(NaN, Infinity, -Infinity, 0, -1, null, true, [], ['sqrt'], 1n, Symbol('sqrt')),
    ...(attention ? [] : [fc.constantFrom(1e-4, 2e6)]),
    fc.double().filter((x) => !tau(x)),
    ...(attention ? [] : [fc.constantFrom({}, { cosine: 1 })]),
    ...(optional ? [] : [fc.constant(undefined)]),
  );
  const cosine = attention
    ? [bad('TypeError', fc.constantFrom({ cosine: '1' }, { cosine: null }, { cosine: undefined }))]
    : [];
  return fc.oneof(bad('RangeError', outside), ...cosine);
}

export function boolean() {
  return bad('TypeError', fc.constantFrom(0, 1, 'true', null, {}, [], 1n));
}

/** A request or options object: anything else is a TypeError. */
export function request({ optional = false } = {}) {
  return bad('TypeError', absentOr(optional, fc.constantFrom(null, 1, 'dk', true, [], [{}], 1n)));
}

const notArrays = fc.constantFrom(null, 1, 'xs', {}, true, new Float32Array(2), new Uint8Array(2), 1n, undefined);
const tooLong = new Float64Array(1048577); // over the input cap: refused before anything is copied

/**
 * A Float64Array argument (or, with `plain`, also an array of numbers) of length minLength..maxLength: other kinds
 * and lengths are TypeErrors, non-finite or refused elements RangeErrors (in an array `length` long when given, so
 * that it still matches the other arguments).
 */
export function numbers({ minLength, maxLength, element = Number.isFinite, plain = false, fill = 0.5, length }) {
  const kinds = plain
    ? fc.oneof(notArrays, fc.constantFrom(['1'], [null], [{}]))
    : fc.oneof(notArrays, fc.constant([1]));
  const lengths = fc.constantFrom(minLength - 1, maxLength + 1).filter((n) => n >= 0);
  const wrongLength = fc.oneof(
    lengths.map((n) => new Float64Array(n).fill(fill)),
    fc.constant(tooLong),
  );
  const refused = fc.oneof(fc.constantFrom(NaN, Infinity, -Infinity), fc.double()).filter((x) => !element(x));
  const badElement = fc
    .tuple(
      length ? fc.constant(length) : fc.integer({ min: minLength, max: Math.min(maxLength, 8) }),
      fc.nat(),
      refused,
    )
    .map(([length, at, value]) => {
      const array = new Float64Array(length).fill(fill);
      array[at % length] = value;
      return plain && at % 2 ? Array.from(array) : array;
    });
  return fc.oneof(bad('TypeError', kinds), bad('TypeError', wrongLength), bad('RangeError', badElement));
}

const seed = () => integer(0, Number.MAX_SAFE_INTEGER);
const dk = () => integer(1, 65536);

const probability = (x) => x >= 0 && x <= 1;
const wholeFrom = (min, max) => (x) => Number.isInteger(x) && x >= min && x <= max;
const finiteOrMinusInfinity = (x) => Number.isFinite(x) || x === -Infinity;
const softmaxOptions = (minLength) => ({
  args: [f(1, 0.5, 0, -0.5), { temperature: 2, mask: new Uint8Array([1, 1, 0, 1]) }],
  fields: {
    scores: [[0], numbers({ minLength, maxLength: 65536, element: finiteOrMinusInfinity, length: 4 })],
    options: [[1], request({ optional: true })],
    temperature: [[1, 'temperature'], real(positive, { optional: true })],
    mask: [
      [1, 'mask'],
      bad('TypeError', fc.constantFrom(new Uint8Array(3), new Uint8Array(5), f(1, 1, 1, 1), [1, 1, 1, 1])),
    ],
  },
});

const trainerConfig = { keyCount: 4, dk: 8, seed: 1, modelDim: 4, batchSize: 2, kind: 'qk-norm' };
const runKinds = ['unscaled', 'sqrt', 'linear', 'learned-temperature', 'qk-norm', 'softcap', 't5-init'];

// One float16 request: the settings of the float16 figure's core calls.
const float16Call = () => ({
  args: [{ dk: 16, keyCount: 3, spread: 8, order: 'after', seed: 9 }],
  fields: {
    request: [[0], request()],
    dk: [[0, 'dk'], dk()],
    keyCount: [[0, 'keyCount'], integer(1, 256)],
    spread: [[0, 'spread'], real((x) => x > 0 && x <= 1000)],
    order: [[0, 'order'], name(['after', 'before', 'balanced'])],
    seed: [[0, 'seed'], seed()],
  },
});

/**
 * name → { args: a valid call's arguments, fields: { argument: [path into args, bad values] }, call(core, args) }.
 * `call` defaults to core[name](...args); a result must be the same on any instance of the module. An error names
 * the function (`fn`, else the entry's name) and the argument (a key; `a|b` when the JS layer and the core name it
 * differently).
 */
export const entryPoints = {
  softmax: softmaxOptions(1),
  logSoftmax: softmaxOptions(1),
  softmaxStats: softmaxOptions(2),
  softmaxJacobian: {
    args: [f(0.25, 0.25, 0.5)],
    fields: { 'p|weights': [[0], numbers({ minLength: 1, maxLength: 1024, element: probability, fill: 0.25 })] },
  },
  createJacobianBuffer: {
    fn: 'JacobianBuffer.compute|softmaxJacobian',
    // Its only input is what compute() gets: each call makes a buffer, feeds it, and deletes it.
    args: [f(0.5, 0.5)],
    fields: { 'p|weights': [[0], numbers({ minLength: 1, maxLength: 1024, element: probability, fill: 0.25 })] },
    call(core, [p]) {
      const buffer = core.createJacobianBuffer();
      try {
        return Float64Array.from(buffer.compute(p));
      } finally {
        buffer.delete();
      }
    },
  },
  'JacobianBuffer.compute': {
    fn: 'JacobianBuffer.compute|softmaxJacobian', // the core checks the weights as softmaxJacobian does
    args: [f(0.5, 0.25, 0.25)],
    fields: { 'p|weights': [[0], numbers({ minLength: 1, maxLength: 1024, element: probability, fill: 0.25 })] },
    // One buffer for every call, so rejected calls must leave it working.
    call: (core, [p], held) => Float64Array.from(held('JacobianBuffer', () => core.createJacobianBuffer()).compute(p)),
  },
  saturationCrossing: {
    args: [{ threshold: 0.9, keyCount: 16 }],
    fields: {
      request: [[0], request()],
      threshold: [[0, 'threshold'], real((x) => x > 0 && x < 1)],
      keyCount: [[0, 'keyCount'], integer(2, 65536)],
    },
  },
  normalWithin: {
    args: [{ sigmas: 2 }],
    fields: { request: [[0], request()], sigmas: [[0, 'sigmas'], real((x) => x >= 0 && x <= 40)] },
  },
  scoreStatistics: {
    args: [{ dk: 64, scale: 'sqrt' }],
    fields: { request: [[0], request()], dk: [[0, 'dk'], dk()], scale: [[0, 'scale'], scale()] },
  },
  dotProductExperiment: {
    args: [{ dk: 16, count: 40, seed: 3, scale: 'sqrt', method: 'direct', bins: 5 }],
    fields: {
      request: [[0], request()],
      dk: [[0, 'dk'], dk()],
      count: [[0, 'count'], integer(2, 1000000)],
      seed: [[0, 'seed'], seed()],
      scale: [[0, 'scale'], scale()],
      method: [[0, 'method'], name(['fast', 'direct'], { optional: true })],
      bins: [[0, 'bins'], integer(1, 1000, { optional: true })],
    },
  },
  attention: {
    args: [{ q: f(1, 0, 0, 1), k: f(1, 2, 3, 4), v: f(5, 6), n: 2, m: 2, d: 2, dv: 1, scale: 'sqrt', causal: true }],
    fields: {
      request: [[0], request()],
      q: [[0, 'q'], numbers({ minLength: 4, maxLength: 4 })],
      k: [[0, 'k'], numbers({ minLength: 4, maxLength: 4 })],
      v: [[0, 'v'], numbers({ minLength: 2, maxLength: 2 })],
      n: [[0, 'n'], integer(1, 4096)],
      m: [[0, 'm'], integer(1, 4096)],
      d: [[0, 'd'], integer(1, 4096)],
      dv: [[0, 'dv'], integer(1, 4096)],
      scale: [[0, 'scale'], scale({ attention: true })],
      causal: [[0, 'causal'], boolean()],
    },
  },
  entropySweep: {
    args: [{ dks: [4, 16], keyCount: 8, trials: 4, seed: 2, scales: ['none', 'sqrt', 3] }],
    fields: {
      request: [[0], request()],
      dks: [[0, 'dks'], numbers({ minLength: 1, maxLength: 64, plain: true, fill: 4, element: wholeFrom(1, 65536) })],
      keyCount: [[0, 'keyCount'], integer(1, 4096)],
      trials: [[0, 'trials'], integer(2, 100000)],
      seed: [[0, 'seed'], seed()],
      scales: [[0, 'scales'], bad('TypeError', fc.constantFrom(null, 'sqrt', {}, 1))],
    },
  },
  saturationCurve: {
    args: [{ xs: f(0, 1, 2), keyCount: 4 }],
    fields: {
      request: [[0], request()],
      xs: [[0, 'xs'], numbers({ minLength: 1, maxLength: 65536, plain: true })],
      keyCount: [[0, 'keyCount'], integer(1, 65536)],
    },
  },
  jacobianNormsByMultiplier: {
    args: [{ scores: f(1, 0, -1), multipliers: [1, 2] }],
    fields: {
      request: [[0], request()],
      scores: [[0, 'scores'], numbers({ minLength: 2, maxLength: 65536 })],
      multipliers: [[0, 'multipliers'], numbers({ minLength: 1, maxLength: 64, plain: true })],
    },
  },
  cosineSweep: {
    args: [{ dimensions: [2, 8], pairs: 6, seed: 4, method: 'direct' }],
    fields: {
      request: [[0], request()],
      dimensions: [
        [0, 'dimensions'],
        numbers({ minLength: 1, maxLength: 64, plain: true, fill: 2, element: wholeFrom(1, 4096) }),
      ],
      pairs: [[0, 'pairs'], integer(2, 100000)],
      seed: [[0, 'seed'], seed()],
      method: [[0, 'method'], name(['fast', 'direct'], { optional: true })],
    },
  },
  sampleQueryScores: {
    args: [{ dk: 8, keyCount: 5, seed: 6 }],
    fields: {
      request: [[0], request()],
      dk: [[0, 'dk'], dk()],
      keyCount: [[0, 'keyCount'], integer(1, 4096)],
      seed: [[0, 'seed'], seed()],
    },
  },
  gradientSurvival: {
    args: [f(0.25, 0.25, 0.5)],
    fields: {
      'p|weights': [[0], numbers({ minLength: 2, maxLength: 65536, element: probability, fill: 0.25, length: 4 })],
    },
  },
  // It takes no input, so no call of it can be rejected: only its answer is checked.
  survivalThresholds: { args: [], fields: {} },
  sampleNormals: {
    args: [{ count: 5, seed: 8 }],
    fields: {
      request: [[0], request()],
      count: [[0, 'count'], integer(1, 1000000)],
      seed: [[0, 'seed'], seed()],
    },
  },
  softmaxInPrecision: {
    args: [f(30, 0, -30), { temperature: 1, precision: 'float16' }],
    fields: {
      scores: [[0], numbers({ minLength: 1, maxLength: 65536 })],
      'options|request': [[1], request()],
      temperature: [[1, 'temperature'], real(positive, { optional: true })],
      precision: [[1, 'precision'], name(['float64', 'float32', 'float16'])],
    },
  },
  float16Scores: float16Call(),
  // The same request as float16Scores, its summary of rows in return.
  float16RowLargest: float16Call(),
  float16OverflowSpread: {
    args: [{ dk: 64 }],
    fields: { request: [[0], request()], dk: [[0, 'dk'], dk()] },
  },
  alignedScores: {
    args: [{ dk: 16, alignment: 0.5, pairs: 10, seed: 10 }],
    fields: {
      request: [[0], request()],
      dk: [[0, 'dk'], dk()],
      alignment: [[0, 'alignment'], real((x) => x >= -1 && x <= 1)],
      pairs: [[0, 'pairs'], integer(2, 1000000)],
      seed: [[0, 'seed'], seed()],
    },
  },
  alignedScoreStatistics: {
    args: [{ dk: 16, alignment: 0.5, scale: 'linear' }],
    fields: {
      request: [[0], request()],
      dk: [[0, 'dk'], dk()],
      alignment: [[0, 'alignment'], real((x) => x >= -1 && x <= 1)],
      scale: [[0, 'scale'], scale({ optional: false })],
    },
  },
  createTrainer: {
    args: [{ ...trainerConfig, learningRate: 0.05, optimizer: 'adam', softcap: 20 }],
    fields: {
      request: [[0], request()],
      keyCount: [[0, 'keyCount'], integer(2, 256)],
      dk: [[0, 'dk'], integer(1, 1024)],
      modelDim: [[0, 'modelDim'], integer(1, 256, { optional: true })],
      batchSize: [[0, 'batchSize'], integer(1, 256, { optional: true })],
      seed: [[0, 'seed'], seed()],
      kind: [[0, 'kind'], name(runKinds, { optional: true })],
      softcap: [[0, 'softcap'], real((x) => x >= 1e-3 && x <= 1e6, { optional: true })],
      learningRate: [[0, 'learningRate'], real((x) => x >= 1e-6 && x <= 10, { optional: true })],
      optimizer: [[0, 'optimizer'], name(['adam', 'sgd'], { optional: true })],
    },
    call(core, [config]) {
      const trainer = core.createTrainer(config);
      try {
        return trainer.run(3);
      } finally {
        trainer.delete();
      }
    },
  },
  'Trainer.run': {
    args: [3],
    fields: { steps: [[0], integer(1, 1000)] },
    // One trainer for every call: a rejected run must not advance it, so its next steps match a fresh module's.
    call: (core, [steps], held) => held('Trainer', () => core.createTrainer(trainerConfig)).run(steps),
  },
};

/** args with the value at path replaced (copies along the path; the valid args stay as they are). */
export function replaced(args, [index, key], value) {
  const copy = [...args];
  if (key === undefined) copy[index] = value;
  else copy[index] = { ...args[index], [key]: value };
  return copy;
}

/** A fast-check source of rejected calls of one entry point: { field, args, error }. */
export function rejectedCalls(entry) {
  return fc.oneof(
    ...Object.entries(entry.fields).map(([field, [path, values]]) =>
      values.map(({ value, error }) => ({ field, args: replaced(entry.args, path, value), error })),
    ),
  );
}

/** Whether any call of the entry point can be rejected: one that takes no input has nothing to reject. */
export const takesInput = (name) => Object.keys(entryPoints[name].fields).length > 0;

/** Calls an entry point: its own call, or core[name](...args); `held` keeps objects that live across calls. */
export function callEntry(core, name, args, held) {
  const entry = entryPoints[name];
  return entry.call ? entry.call(core, args, held) : core[name](...args);
}
