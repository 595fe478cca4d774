// `npm run bench`: the same kernels timed native, in WASM and in plain JS in one run, then frame times in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadCore } from 'attention-lab/core';
import * as plain from './js/kernels.mjs';
import { measureFrames } from './frames.mjs';

const reps = 7;

// Best of a few repetitions after one warm-up: the least disturbed run on a shared 2-core machine.
function time(run) {
  run();
  let best = Infinity;
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

function nativeTimings() {
  const binary = 'build/native/core_bench';
  if (!existsSync(binary)) return {};
  const result = spawnSync(binary, [], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`core_bench failed: ${result.stderr}`);
  return Object.fromEntries(result.stdout.trim().split('\n').map((line) => JSON.parse(line)).map((r) => [r.kernel, r.ms]));
}

const core = await loadCore();
const normals = (seed, count) => core.sampleNormals({ count, seed });
const [n, d] = [128, 64];
const [q, k, v] = [normals(1, n * d), normals(2, n * d), normals(3, n * d)];
const scores512 = normals(4, 512);

const kernels = [
  { name: 'normals_1e6', label: '1e6 normal samples', wasm: () => core.sampleNormals({ count: 1e6, seed: 1 }), js: () => plain.sampleNormals(1e6, 1) },
  { name: 'dot_product_direct_dk512_n20000', label: 'q·k direct, dₖ=512, N=20 000', wasm: () => core.dotProductExperiment({ dk: 512, count: 20000, seed: 1, method: 'direct' }), js: () => plain.dotProductDirect(512, 20000, 1) },
  { name: 'dot_product_fast_dk512_n20000', label: 'q·k fast (χ²), dₖ=512, N=20 000', wasm: () => core.dotProductExperiment({ dk: 512, count: 20000, seed: 1, method: 'fast' }), js: () => plain.dotProductFast(512, 20000, 1) },
  { name: 'softmax_jacobian_n512', label: 'softmax + Jacobian, n=512', wasm: () => core.softmaxJacobian(core.softmax(scores512)), js: () => plain.softmaxJacobian(scores512) },
  { name: 'attention_n128_d64_dv64', label: 'attention, n=128, d=64', wasm: () => core.attention({ q, k, v, n, m: n, d, dv: d, scale: 'sqrt' }), js: () => plain.attention(q, k, v, n, n, d, d) },
];

const native = nativeTimings();
const fmt = (x) => (x === undefined ? '—' : x < 10 ? x.toFixed(3) : x.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
console.log('\nKernels (best of 7, ms)');
console.log('| kernel | native | WASM | plain JS | WASM / native | JS / WASM |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const kernel of kernels) {
  const wasm = time(kernel.wasm);
  const js = time(kernel.js);
  const nat = native[kernel.name];
  console.log(`| ${kernel.label} | ${fmt(nat)} | ${fmt(wasm)} | ${fmt(js)} | ${ratio(wasm, nat)} | ${ratio(js, wasm)} |`);
}

const frames = await measureFrames();
console.log('\nLesson page in Chromium while the dₖ slider is held down (arrow key auto-repeat)');
console.log('| frames | median frame (ms) | p95 frame (ms) | longest frame (ms) | longest main-thread task (ms) | updates drawn |');
console.log('|---:|---:|---:|---:|---:|---:|');
console.log(`| ${frames.count} | ${frames.median.toFixed(1)} | ${frames.p95.toFixed(1)} | ${frames.max.toFixed(1)} | ${frames.longestTask.toFixed(0)} | ${frames.updates} |`);
