// In Node, the same settings as the page: the raw WASM trainer's steps per second, and each heavy widget computation
// with the WASM core against the plain-JS kernels of bench/js (what WASM buys a learner, widget by widget).
import { loadCore } from 'attention-lab/core';
import * as plain from '../js/kernels.mjs';

const core = await loadCore();

/** Steps per second of one run when the scaled and unscaled trainers alternate in chunks of 10, as the worker does. */
export function rawTrainingRate({ dk = 512, keyCount = 32, seconds = 2 } = {}) {
  const trainers = [true, false].map((scaled) => core.createTrainer({ keyCount, dk, seed: 1, scaled }));
  try {
    trainers.forEach((t) => t.run(10)); // warm up
    let steps = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      trainers.forEach((t) => t.run(10));
      steps += 10;
    }
    return steps / ((performance.now() - started) / 1000);
  } finally {
    trainers.forEach((t) => t.delete());
  }
}

// Median of a few runs after a short warm-up, in ms.
function time(run, reps = 5) {
  const warmUntil = performance.now() + 100;
  do run();
  while (performance.now() < warmUntil);
  const times = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(reps / 2)];
}

/** The heaviest setting each slider sweep reaches, computed both ways. */
export function widgetKernels() {
  const rows = [
    {
      widget: 'explore-variance',
      setting: 'dₖ = 4096, 50 000 samples (χ² method)',
      wasm: () => core.dotProductExperiment({ dk: 4096, count: 50000, seed: 1, method: 'fast', bins: 48 }),
      js: () => plain.dotProductFast(4096, 50000, 1),
    },
    {
      widget: 'softmax-dies',
      setting: 'dₖ = 4096, n = 64: one query, its softmax, entropy and gradient survival',
      wasm: () => core.softmaxStats(core.sampleQueryScores({ dk: 4096, keyCount: 64, seed: 1 })),
      js: () => plain.softmaxOfQuery(4096, 64, 1, 1),
    },
    {
      widget: 'jacobian-view',
      setting: 'n = 12, softmax and Jacobian',
      wasm: () => core.softmaxJacobian(core.softmax(core.sampleNormals({ count: 12, seed: 1 }))),
      js: () => plain.softmaxJacobian(plain.sampleNormals(12, 1)),
    },
    {
      widget: 'near-orthogonality',
      setting: 'd = 4096, 2000 pairs (O(1) cosine sampler)',
      wasm: () => core.cosineSweep({ dimensions: [4096], pairs: 2000, seed: 1, method: 'fast' }),
      js: () => plain.cosinesFast(4096, 2000, 1),
    },
  ];
  const trainers = {
    wasm: core.createTrainer({ keyCount: 32, dk: 512, seed: 1, scaled: true }),
    js: plain.makeTrainer({ keyCount: 32, dk: 512, seed: 1 }),
  };
  rows.push({
    widget: 'training',
    setting: 'one chunk: 10 steps × 2 runs, dₖ = 512, n = 32',
    wasm: () => [trainers.wasm.run(10), trainers.wasm.run(10)],
    js: () => [trainers.js.run(10), trainers.js.run(10)],
  });
  try {
    return rows.map(({ widget, setting, wasm, js }) => ({ widget, setting, wasm: time(wasm), js: time(js) }));
  } finally {
    trainers.wasm.delete();
  }
}
