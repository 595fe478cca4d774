// A paced training session (the page grants steps as its speed earns them) trains exactly the chunks a free one does,
// with the real WASM core: the curves do not depend on the speed, and a paced run never trains past what it may.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { chunkSteps, TrainingSession } from '../../dist/lib/src/training/session.js';
import { RunningAverage, runningAverage } from '../../dist/lib/src/training/smoothing.js';

let core;
before(async () => {
  core = await loadCore();
});

const request = { dk: 64, keys: 8, steps: 57, seed: 2, kinds: ['sqrt', 'unscaled'] };

/** Runs a session to its end; onProgress(progress, session) may steer it. */
async function train(params, onProgress = () => {}) {
  const progress = [];
  const states = [];
  const session = new TrainingSession(core, params, {
    progress: (p) => {
      progress.push(p);
      onProgress(p, session);
    },
    state: (state, stepsDone, error) => states.push({ state, stepsDone, error }),
  });
  await session.run();
  return { progress, states };
}

test('a paced session trains the same chunks, bit for bit, as a free one, and never past what it may', async () => {
  const free = await train(request);
  let allowed = 5;
  const paced = await train({ ...request, allowedSteps: allowed }, (p, session) => {
    const first = p.stepsDone - p.chunks[0].loss.length;
    assert.ok(first < allowed, `a chunk from step ${first} started only while fewer than ${allowed} were allowed`);
    // The session is waiting by the time the grant arrives (a later task), as it is when the page's frames grant it.
    if (p.stepsDone >= allowed) setTimeout(() => session.allow((allowed = p.stepsDone + 3)), 0);
  });
  assert.deepEqual(
    paced.states.map((s) => s.state),
    ['running', 'finished'],
  );
  assert.equal(paced.progress.length, Math.ceil(request.steps / chunkSteps));
  assert.deepEqual(paced.progress, free.progress, 'every chunk, every value, and the 90 % steps are equal');
});

test('allowing Infinity lets a paced session run to the end; a bad grant ends it as failed, saying why', async () => {
  const freed = await train({ ...request, allowedSteps: chunkSteps }, (p, session) => {
    if (p.stepsDone === chunkSteps) setTimeout(() => session.allow(Number.POSITIVE_INFINITY), 0);
  });
  assert.equal(freed.states.at(-1).state, 'finished');
  assert.equal(freed.states.at(-1).stepsDone, request.steps);

  const refused = await train({ ...request, allowedSteps: chunkSteps }, (p, session) => {
    if (p.stepsDone === chunkSteps) setTimeout(() => session.allow(Number.NaN), 0);
  });
  const last = refused.states.at(-1);
  assert.equal(last.state, 'failed');
  assert.equal(last.stepsDone, chunkSteps);
  assert.match(last.error.message, /allowed steps must be a number ≥ 0 \(Infinity for all\), got NaN/);

  const badStart = await train({ ...request, allowedSteps: -1 });
  assert.match(badStart.states.at(-1).error.message, /allowed steps must be a number ≥ 0.*got -1/);
});

test('a running average extended chunk by chunk draws the same bits as one taken over the whole run', async () => {
  const { progress } = await train(request);
  // Linear (accuracy), and geometric down to a floor the exact zeros and tiny gradients sit on.
  for (const [metric, floor] of [
    ['accuracy', undefined],
    ['loss', 1e-6],
    ['scoreGradientNorm', 1e-12],
  ])
    for (let run = 0; run < request.kinds.length; run++) {
      const chunks = progress.map((p) => p.chunks[run][metric]);
      const grown = new RunningAverage(floor);
      for (const chunk of chunks) grown.extend(chunk);
      const whole = runningAverage(
        chunks.flatMap((chunk) => Array.from(chunk)),
        floor,
      );
      assert.equal(grown.values.length, request.steps);
      assert.ok(
        whole.every((value, i) => Object.is(value, grown.values[i])),
        `${metric}, run ${run}`,
      );
    }
  // A zero and a NaN on the way behave as in the whole-run average too.
  const odd = [0.5, 0, Number.NaN, 2, 1e-20];
  const grown = new RunningAverage(1e-12).extend(odd.slice(0, 2)).extend(odd.slice(2));
  assert.deepEqual(grown.values, runningAverage(odd, 1e-12));
});
