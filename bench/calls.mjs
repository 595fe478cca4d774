// The cost of one call through the Core API, where the work is tiny: what Embind and the JS layer add per call, for
// calls that succeed and for calls the core rejects (each of those must come back as a clean RangeError). Timed in
// CPU time of this process, so that other programs on a shared machine disturb it less than they do the clock.
const f = (...xs) => new Float64Array(xs);

const cpuMicroseconds = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

function perCall(call, batch) {
  for (let i = 0; i < batch; i++) call();
  const times = [];
  for (let rep = 0; rep < 9; rep++) {
    const start = cpuMicroseconds();
    for (let i = 0; i < batch; i++) call();
    times.push((cpuMicroseconds() - start) / batch);
  }
  return times.sort((a, b) => a - b)[4]; // the median batch: a shared machine's bursts fall at the ends
}

function rejected(call) {
  return () => {
    try {
      call();
    } catch (error) {
      if (error instanceof RangeError) return;
      throw error;
    }
    throw new Error('bench/calls: a call meant to be rejected succeeded');
  };
}

/** [label, µs per call] for small accepted calls and rejected ones, the median of 9 batches. */
export function measureCalls(core) {
  const trainer = core.createTrainer({ keyCount: 2, dk: 1, modelDim: 1, batchSize: 1, seed: 1 });
  const scores = f(1, 0.5, 0, -0.5);
  const calls = [
    ['normalWithin (returns a number)', () => core.normalWithin({ sigmas: 2 }), 20000],
    [
      'scoreStatistics (a string argument, an object back)',
      () => core.scoreStatistics({ dk: 64, scale: 'sqrt' }),
      20000,
    ],
    ['softmax of 4 scores', () => core.softmax(scores), 20000],
    ['Trainer.run, 1 step of the smallest model', () => trainer.run(1), 5000],
    ['rejected: scoreStatistics, dk −1', rejected(() => core.scoreStatistics({ dk: -1, scale: 'sqrt' })), 1000],
    ['rejected: softmax, temperature −1', rejected(() => core.softmax(scores, { temperature: -1 })), 1000],
    ['rejected: sampleNormals, count −5', rejected(() => core.sampleNormals({ count: -5, seed: 1 })), 1000],
  ];
  try {
    return calls.map(([label, call, batch]) => [label, perCall(call, batch)]);
  } finally {
    trainer.delete();
  }
}
