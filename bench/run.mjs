// `npm run bench`: the same kernels timed native, in WASM and in plain JS in one run, then frame times in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCore } from 'attention-lab/core';
import { measureCalls } from './calls.mjs';
import * as plain from './js/kernels.mjs';
import { measureFrames, measureTraining } from './frames.mjs';

// Every row, native, WASM and plain JS alike, makes `warm` calls first (V8 tiers the WASM and the JS up to optimised
// code meanwhile), then 15 samples of `calls` calls each (7 of the slow direct q·k), and reports the least CPU time
// per call: the least, as the sample a busy neighbour disturbed least; CPU time, so a
// neighbour's process on the shared 2-core machine does not count, and several calls per sample, so no sample is
// near the timer's resolution. Native runs the same plan on the same inputs and seeds (bench/native/core_bench.cpp).
function cpuMilliseconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// A full collection before each side of each row, outside its samples: garbage an earlier row left (2 MiB arrays,
// the plain-JS trainers' matrices) is then not swept by V8's helper threads, whose CPU time counts, during this row.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

function time(run, { warm, calls, samples }) {
  collectGarbage();
  for (let i = 0; i < warm; i++) run();
  let best = Infinity;
  for (let sample = 0; sample < samples; sample++) {
    const start = cpuMilliseconds();
    for (let i = 0; i < calls; i++) run();
    best = Math.min(best, (cpuMilliseconds() - start) / calls);
  }
  return best;
}

function nativeTimings(kernels) {
  const binary = 'build/native/core_bench';
  if (!existsSync(binary)) return {};
  const plan = kernels.map(({ name, warm, calls, samples }) => `${name}:${warm}:${calls}:${samples}`);
  // glibc picks FMA builds of exp, log, sin and cos on CPUs that have it; WASM has no fused multiply-add, so native
  // runs the same libm without it (AVX without FMA, as V8 emits for WASM), not a -march=native of libm's.
  const env = { ...process.env, GLIBC_TUNABLES: 'glibc.cpu.hwcaps=-AVX2,-FMA' };
  const result = spawnSync(binary, plan, { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`core_bench failed: ${result.stderr}`);
  const records = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  nativeRace.push(...records.filter((r) => r.race));
  return Object.fromEntries(records.filter((r) => r.kernel).map((r) => [r.kernel, r.ms]));
}
const nativeRace = [];

const core = await loadCore();
const normals = (seed, count) => core.sampleNormals({ count, seed });
const [n, d] = [128, 64];
const [q, k, v] = [normals(1, n * d), normals(2, n * d), normals(3, n * d)];
const scores512 = normals(4, 512);
// JS reads J at n = 512 (2 MiB) from a buffer the core keeps, instead of a fresh copy per call.
const jacobianBuffer = core.createJacobianBuffer();
// A caller computing J in a loop keeps one array for it (as native keeps one vector): no 2 MiB of garbage a call.
const [copiedJacobian, plainJacobian] = [new Float64Array(512 * 512), new Float64Array(512 * 512)];
const trainers = Object.fromEntries(
  [64, 512].map((dk) => [
    dk,
    {
      wasm: core.createTrainer({ keyCount: 32, dk, seed: 1, scaled: true }),
      js: plain.makeTrainer({ keyCount: 32, dk, seed: 1 }),
    },
  ]),
);
const kinds = ['unscaled', 'sqrt', 'linear', 'learned-temperature', 'qk-norm', 'softcap', 't5-init'];
const kindTrainers = Object.fromEntries(
  kinds.map((kind) => {
    const config = { keyCount: 32, dk: 64, seed: 1, kind };
    return [kind, { wasm: core.createTrainer(config), js: plain.makeTrainer(config) }];
  }),
);

// `--rows training,jacobian`: only the kernels whose names contain one of these, to look at a few rows at a time.
const rowsArgument = process.argv.indexOf('--rows');
const rows = rowsArgument < 0 ? undefined : process.argv[rowsArgument + 1].split(',');

// Each call of a q·k row draws afresh from a new seed, natively too: a seed seen before would find its draws kept.
let directSeed = 1;
let fastSeed = 1;
// warm: calls before timing (≥ 150 ms of WASM); calls: per sample (≥ about 2 ms). Trainers keep training across
// calls, the same steps natively and in WASM.
const kernels = [
  {
    name: 'normals_1e6',
    label: '1e6 normal samples',
    warm: 6,
    calls: 1,
    wasm: () => core.sampleNormals({ count: 1e6, seed: 1 }),
    js: () => plain.sampleNormals(1e6, 1),
  },
  {
    name: 'dot_product_direct_dk512_n20000',
    label: 'q·k direct, dₖ=512, N=20 000',
    warm: 1,
    calls: 1,
    samples: 7,
    wasm: () => core.dotProductExperiment({ dk: 512, count: 20000, seed: directSeed++, method: 'direct' }),
    js: () => plain.dotProductDirect(512, 20000, directSeed++),
  },
  {
    name: 'dot_product_fast_dk512_n20000',
    label: 'q·k fast (χ²), dₖ=512, N=20 000',
    warm: 150,
    calls: 5,
    wasm: () => core.dotProductExperiment({ dk: 512, count: 20000, seed: fastSeed++, method: 'fast' }),
    js: () => plain.dotProductFast(512, 20000, fastSeed++),
  },
  {
    name: 'softmax_jacobian_n512_kept',
    label: 'softmax + Jacobian, n=512 (core-owned buffer, read through a view)',
    warm: 1500,
    calls: 40,
    wasm: () => jacobianBuffer.compute(core.softmax(scores512)),
    js: () => plain.softmaxJacobian(scores512, plainJacobian),
  },
  {
    name: 'softmax_jacobian_n512_copied',
    label: 'softmax + Jacobian, n=512 (copied out: softmaxJacobian into an array kept across calls)',
    warm: 1500,
    calls: 40,
    wasm: () => core.softmaxJacobian(core.softmax(scores512), copiedJacobian),
    js: () => plain.softmaxJacobian(scores512, plainJacobian),
  },
  {
    name: 'attention_n128_d64_dv64',
    label: 'attention, n=128, d=64',
    warm: 300,
    calls: 10,
    wasm: () => core.attention({ q, k, v, n, m: n, d, dv: d, scale: 'sqrt' }),
    js: () => plain.attention(q, k, v, n, n, d, d),
  },
  ...[64, 512].map((dk) => ({
    name: `training_10_steps_n32_dk${dk}_b16`,
    label: `train 10 steps, n=32, dₖ=${dk}, batch 16`,
    steps: 10,
    warm: dk === 64 ? 80 : 20,
    calls: dk === 64 ? 2 : 1,
    wasm: () => trainers[dk].wasm.run(10),
    js: () => trainers[dk].js.run(10),
  })),
  ...kinds.map((kind) => ({
    name: `training_10_steps_n32_dk64_b16_${kind}`,
    label: `train 10 steps, ${kind}, n=32, dₖ=64, batch 16`,
    steps: 10,
    warm: kind === 'qk-norm' ? 30 : 80,
    calls: kind === 'qk-norm' ? 1 : 2,
    wasm: () => kindTrainers[kind].wasm.run(10),
    js: () => kindTrainers[kind].js.run(10),
  })),
]
  .map((kernel) => ({ samples: 15, ...kernel }))
  .filter(({ name }) => !rows || rows.some((part) => name.includes(part)));

const native = nativeTimings(kernels);
const rates = [];
const fmt = (x) => (x === undefined ? '—' : x < 10 ? x.toFixed(3) : x.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
console.log('\nKernels (ms of CPU per call, least of 15 samples; of 7 for q·k direct)');
console.log('| kernel | native | WASM | plain JS | WASM / native | JS / WASM |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const kernel of kernels) {
  const wasm = time(kernel.wasm, kernel);
  const js = time(kernel.js, kernel);
  const nat = native[kernel.name];
  console.log(
    `| ${kernel.label} | ${fmt(nat)} | ${fmt(wasm)} | ${fmt(js)} | ${ratio(wasm, nat)} | ${ratio(js, wasm)} |`,
  );
  if (kernel.steps)
    rates.push({
      label: kernel.label,
      perSecond: [nat, wasm, js].map((ms) => (ms === undefined ? undefined : (1000 * kernel.steps) / ms)),
    });
}
[...Object.values(trainers), ...Object.values(kindTrainers)].forEach(({ wasm }) => wasm.delete());
jacobianBuffer.delete();

console.log('\nOne small call through the Core API (µs of CPU per call, median of 9 batches)');
console.log('| call | µs |');
console.log('|---|---:|');
for (const [label, microseconds] of measureCalls(core)) console.log(`| ${label} | ${microseconds.toFixed(2)} |`);

console.log('\nTraining steps per second');
console.log('| setting | native | WASM | plain JS |');
console.log('|---|---:|---:|---:|');
const perSecond = (x) => (x === undefined ? '—' : Math.round(x).toLocaleString('en-US'));
for (const {
  label,
  perSecond: [a, b, c],
} of rates)
  console.log(`| ${label.replace('train 10 steps, ', '')} | ${perSecond(a)} | ${perSecond(b)} | ${perSecond(c)} |`);

if (nativeRace.length) {
  console.log(
    '\nSteps to 90% accuracy (mean of 20 steps), n=32, dₖ=256, batch 16, Adam 0.01; — = not within 2000 steps',
  );
  console.log('| seed | scaled ÷√dₖ | unscaled |');
  console.log('|---:|---:|---:|');
  const show = (x) => (x < 0 ? '—' : String(x));
  for (const r of nativeRace) console.log(`| ${r.seed} | ${show(r.scaled)} | ${show(r.unscaled)} |`);
}

// `npm run bench -- --kernels`: the tables above only, without Chromium.
if (process.argv.includes('--kernels')) process.exit(0);

const frames = await measureFrames();
console.log('\nLesson page in Chromium while the dₖ slider is held down (arrow key auto-repeat)');
console.log(
  '| frames | median frame (ms) | p95 frame (ms) | longest frame (ms) | longest main-thread task (ms) | updates ' +
    'drawn |',
);
console.log('|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${frames.count} | ${frames.median.toFixed(1)} | ${frames.p95.toFixed(1)} | ${frames.max.toFixed(1)} | ` +
    `${frames.longestTask.toFixed(0)} | ${frames.updates} |`,
);

// Three separate runs: one long task is enough to miss the target, so the worst run is what counts.
const trainingRuns = [await measureTraining(), await measureTraining(), await measureTraining()];
console.log(
  '\nLesson page in Chromium while Train it runs at dₖ = 512, n = 32 (scaled and unscaled, in the worker); three runs',
);
console.log(
  '| run | frames | median frame (ms) | p95 frame (ms) | longest frame (ms) | longest main-thread task (ms) | ' +
    'training steps per second (both runs) |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
trainingRuns.forEach((t, i) =>
  console.log(
    `| ${i + 1} | ${t.count} | ${t.median.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ` +
      `${t.longestTask.toFixed(0)} | ${t.stepsPerSecond.toFixed(0)} |`,
  ),
);
console.log(
  `Longest main-thread task over the three runs: ` +
    `${Math.max(...trainingRuns.map((t) => t.longestTask)).toFixed(0)} ms (target: none over 50 ms)`,
);
