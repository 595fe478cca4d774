// The lesson's sentences about what happens in training, checked against the core's own runs (the same trainer,
// settings and seed as the "Train it" widget in lessons/why-sqrt-dk/lesson.md), so the prose cannot drift from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';

const core = await loadCore();
const lessonText = readFileSync(new URL('../../lessons/why-sqrt-dk/lesson.md', import.meta.url), 'utf8');
const trainSection = lessonText.slice(lessonText.indexOf('## Train it'), lessonText.indexOf('::: widget train-it'));

// The widget's goal: 90 % accuracy on 10 batches in a row (web/src/widgets/train-it/training.ts), counted from the
// first.
function reachedAt(accuracy) {
  let streak = 0;
  for (let i = 0; i < accuracy.length; i++) {
    streak = accuracy[i] >= 0.9 ? streak + 1 : 0;
    if (streak === 10) return i - 8;
  }
  return undefined;
}

function run(dk, scaled, steps = 400) {
  const trainer = core.createTrainer({ keyCount: 8, dk, scaled, seed: 1 });
  try {
    const runs = { accuracy: [], weightGradient: [], scoreGradient: [] };
    // The trainer runs at most 1000 steps per call, as the widget's worker calls it in chunks.
    for (let done = 0; done < steps; done += 500) {
      const chunk = trainer.run(Math.min(500, steps - done));
      runs.accuracy.push(...chunk.accuracy);
      runs.weightGradient.push(...chunk.gradientNorm);
      runs.scoreGradient.push(...chunk.scoreGradientNorm);
    }
    return runs;
  } finally {
    trainer.delete();
  }
}

const at256 = { scaled: run(256, true), unscaled: run(256, false) };
const at64 = { scaled: run(64, true, 2000), unscaled: run(64, false, 2000) };
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

test('the widget in the lesson trains at dₖ = 256 for 400 steps, as the prose says', () => {
  assert.match(lessonText, /::: widget train-it \{#training\}\ndk: 256\nkeys: 8\nsteps: 400\nseed: 1\n/);
  assert.match(trainSection, /At \$d_k = 256\$/);
});

test('"the scaled run passes 90 % accuracy within a few dozen steps"', () => {
  assert.match(trainSection, /scaled run passes 90 % accuracy within a few dozen steps/);
  const step = reachedAt(at256.scaled.accuracy);
  assert.ok(step !== undefined && step <= 60, `scaled run reached 90 % at step ${step}`);
});

test('"its gradient on the weights is larger at first, not smaller"', () => {
  assert.match(trainSection, /gradient on the weights \$W_q, W_k\$ is \*larger\* at first/);
  assert.ok(mean(at256.unscaled.weightGradient.slice(0, 10)) > 2 * mean(at256.scaled.weightGradient.slice(0, 10)));
});

test('"the gradient that reaches the scores is hundreds of times smaller at the first step"', () => {
  assert.match(trainSection, /hundreds of times smaller than the scaled run's at the first step/);
  const ratio = at256.scaled.scoreGradient[0] / at256.unscaled.scoreGradient[0];
  assert.ok(ratio >= 100, `scaled / unscaled score gradient at step 1: ${ratio}`);
});

test('"after 400 steps it still has not held 90 %"', () => {
  assert.match(trainSection, /after 400 steps it still has not held 90 %/);
  assert.equal(reachedAt(at256.unscaled.accuracy), undefined);
});

test('"at dₖ = 64 the unscaled run gets there, but several times later"', () => {
  assert.match(
    trainSection,
    /At \$d_k = 64\$ the same thing happens more mildly: the unscaled run gets there, but several times later/,
  );
  const scaled = reachedAt(at64.scaled.accuracy);
  const unscaled = reachedAt(at64.unscaled.accuracy);
  assert.ok(scaled !== undefined && unscaled !== undefined, `both reach 90 % at dₖ = 64 (${scaled}, ${unscaled})`);
  assert.ok(unscaled >= 3 * scaled, `unscaled ${unscaled} vs scaled ${scaled}`);
});
