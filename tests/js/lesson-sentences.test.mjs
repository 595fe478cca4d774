// The lesson's sentences about what happens in training, checked against the core's own runs (the same trainer,
// settings and seed as the "Train it" widget in lessons/why-sqrt-dk/lesson.md), so the prose cannot drift from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { reachedAt } from './training-goal.mjs';

const core = await loadCore();
const lessonText = readFileSync(new URL('../../lessons/why-sqrt-dk/lesson.md', import.meta.url), 'utf8');
const trainSection = lessonText.slice(lessonText.indexOf('## Train it'), lessonText.indexOf('::: widget train-it'));

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

// "Other ways to fix the variance" and "Where the argument stops holding": the sentences on aligned q and k and on
// the alternatives, checked against the core that the widgets and {{…}} values use.
const otherWays = lessonText.slice(
  lessonText.indexOf('## Other ways to fix the variance'),
  lessonText.indexOf('::: question bounded-fixes'),
);
const whereItStops = lessonText.slice(
  lessonText.indexOf('## Where the argument stops holding'),
  lessonText.indexOf('::: question float16-spread'),
);
const aligned = (dk, alignment, scale) => core.alignedScoreStatistics({ dk, alignment, scale });

test('"dₖ^(−1/4) on q and on k gives exactly the scores of dividing q·k by √dₖ"', () => {
  assert.match(otherWays, /by \$d_k\^\{-1\/4\}\$ each gives exactly the scores of dividing/);
  const d = 64;
  const q = core.sampleNormals({ count: 4 * d, seed: 5 });
  const k = core.sampleNormals({ count: 6 * d, seed: 6 });
  const v = core.sampleNormals({ count: 6, seed: 7 });
  const request = { q, k, v, n: 4, m: 6, d, dv: 1 };
  const sqrt = core.attention({ ...request, scale: 'sqrt' }).weights;
  const balanced = core.attention({ ...request, scale: 'balanced' }).weights;
  sqrt.forEach((w, i) => assert.ok(Math.abs(w - balanced[i]) < 1e-12, `weight ${i}: ${w} vs ${balanced[i]}`));
});

test('"each product qᵢkᵢ then has mean ρ and variance 1 + ρ²", so q·k has mean ρ·dₖ and variance dₖ(1 + ρ²)', () => {
  assert.match(whereItStops, /Each product \$q_i k_i\$ then has mean \$\\rho\$\s+and variance \$1 \+ \\rho\^2\$/);
  for (const rho of [-1, -0.3, 0, 0.5, 1]) {
    const one = aligned(1, rho, 'none');
    assert.ok(Math.abs(one.mean - rho) < 1e-12 && Math.abs(one.variance - (1 + rho * rho)) < 1e-12, `ρ = ${rho}`);
    // And the samples agree: 20 000 exact pairs at dₖ = 1.
    const draw = core.alignedScores({ dk: 1, alignment: rho, pairs: 20000, seed: 11 });
    assert.ok(Math.abs(draw.none.mean - rho) < 5 * Math.sqrt((1 + rho * rho) / 20000), `sampled mean at ρ = ${rho}`);
  }
});

test('"the mean grows like dₖ, faster than the spread"', () => {
  assert.match(whereItStops, /The mean grows like \$d_k\$, faster than the spread/);
  const ratios = [64, 256, 1024, 4096].map((dk) => aligned(dk, 0.5, 'none').mean / aligned(dk, 0.5, 'none').std);
  ratios.slice(1).forEach((r, i) => assert.ok(r > 1.9 * ratios[i], `mean/std ${ratios}`));
});

test('"… at dₖ = 4096, eight times larger", and ÷dₖ is ρ at every width', () => {
  assert.match(whereItStops, /at \$d_k = 4096\$, eight times larger/);
  assert.ok(Math.abs(aligned(4096, 0.5, 'sqrt').mean / aligned(64, 0.5, 'sqrt').mean - 8) < 1e-12);
  assert.match(whereItStops, /Divided by \$d_k\$, it is \$\\rho\$\s+itself at every width/);
  assert.match(whereItStops, /it keeps the typical score at \$\\rho\$, between \$-1\$ and \$1\$,\s+however wide/);
  for (const rho of [-1, -0.5, 0.25, 1])
    for (let dk = 1; dk <= 4096; dk *= 2) assert.ok(Math.abs(aligned(dk, rho, 'linear').mean - rho) < 1e-12);
});

test('"÷dₖ pays for it at initialisation, where independent scores get a spread of only 1/√dₖ"', () => {
  assert.match(whereItStops, /independent scores get a spread of only \$1\/\\sqrt\{d_k\}\$/);
  for (const dk of [4, 64, 4096]) {
    const spread = core.scoreStatistics({ dk, scale: 'linear' }).std;
    assert.ok(Math.abs(spread - 1 / Math.sqrt(dk)) < 1e-15, `dₖ = ${dk}: ${spread}`);
  }
});

// "Train the fixes": the same checks against the core's runs with the widget's settings in the lesson.
const fixesSection = lessonText.slice(
  lessonText.indexOf('## Train the fixes'),
  lessonText.indexOf('::: widget train-fixes'),
);
const allKinds = ['unscaled', 'sqrt', 'linear', 'learned-temperature', 'qk-norm', 'softcap', 't5-init'];

function runKind(kind, learningRate) {
  const trainer = core.createTrainer({ keyCount: 32, dk: 64, kind, seed: 1, learningRate });
  try {
    const chunk = trainer.run(400);
    return {
      reached: reachedAt(chunk.accuracy),
      finalEntropy: chunk.entropy.at(-1),
      largestLogit: Math.max(...chunk.maxAbsScore),
      finalScoreGradient: chunk.scoreGradientNorm.at(-1),
    };
  } finally {
    trainer.delete();
  }
}

const fast = Object.fromEntries(allKinds.map((kind) => [kind, runKind(kind, 0.16)]));
const slow = Object.fromEntries(allKinds.map((kind) => [kind, runKind(kind, 0.01)]));

test('the fixes widget trains at dₖ = 64, 32 keys, learning rate 0.16 for 400 steps, as the prose says', () => {
  assert.match(
    lessonText,
    /::: widget train-fixes \{#train-fixes\}\ndk: 64\nkeys: 32\nlearningRate: 0.16\nsteps: 400\nseed: 1\n/,
  );
  assert.match(fixesSection, /32 keys at \$d_k = 64\$/);
  assert.match(fixesSection, /Adam at 0\.16/);
  const order = ['## Other ways to fix the variance', '## Train the fixes', '## Where the argument stops holding'];
  const at = order.map((heading) => lessonText.indexOf(heading));
  assert.ok(at[0] >= 0 && at[0] < at[1] && at[1] < at[2], `sections in order: ${at}`);
});

test('"the unscaled and ÷√dₖ runs\' largest logit climbs into the thousands; entropy falls to nearly 0"', () => {
  assert.match(fixesSection, /largest logit climbs into the thousands and their attention entropy falls\nto nearly 0/);
  for (const kind of ['unscaled', 'sqrt']) {
    assert.ok(fast[kind].largestLogit >= 1000, `${kind}: largest logit ${fast[kind].largestLogit}`);
    assert.ok(fast[kind].finalEntropy < 0.01, `${kind}: final entropy ${fast[kind].finalEntropy}`);
  }
});

test('"the gradient through the softmax vanishes, and neither run reaches 90 % accuracy"', () => {
  assert.match(fixesSection, /the gradient through the softmax vanishes, and neither\nrun reaches 90 % accuracy/);
  for (const kind of ['unscaled', 'sqrt']) {
    assert.ok(fast[kind].finalScoreGradient < 1e-20, `${kind}: ‖∂L/∂s‖ ${fast[kind].finalScoreGradient}`);
    assert.equal(fast[kind].reached, undefined, `${kind} reached 90 % at ${fast[kind].reached}`);
  }
});

test('"dividing by dₖ: its largest logit still passes 100, and it does not reach 90 %"', () => {
  assert.match(fixesSection, /largest logit still passes 100, and it\ndoes not reach 90 % either/);
  assert.ok(fast.linear.largestLogit > 100, `÷dₖ largest logit ${fast.linear.largestLogit}`);
  assert.equal(fast.linear.reached, undefined);
});

test('"QK-norm and the learned temperature keep every logit below 40 and reach 90 %; soft-capping below 50"', () => {
  assert.match(fixesSection, /QK-norm and the learned temperature keep every logit below 40 and reach 90 %/);
  for (const kind of ['qk-norm', 'learned-temperature']) {
    assert.ok(fast[kind].largestLogit < 40, `${kind}: largest logit ${fast[kind].largestLogit}`);
    assert.notEqual(fast[kind].reached, undefined, `${kind} reaches 90 %`);
  }
  assert.match(fixesSection, /soft-capping holds every logit below 50 by construction, and gets there too/);
  assert.ok(fast.softcap.largestLogit <= 50, `soft-cap largest logit ${fast.softcap.largestLogit}`);
  assert.notEqual(fast.softcap.reached, undefined, 'soft-cap reaches 90 %');
});

test('"at 0.01 every run reaches 90 % except the unscaled one and T5\'s initialisation"', () => {
  assert.match(fixesSection, /Lower the learning rate to 0\.01/);
  assert.match(fixesSection, /every run reaches 90 % except the unscaled one and T5's initialisation/);
  for (const kind of allKinds) {
    const misses = kind === 'unscaled' || kind === 't5-init';
    assert.equal(slow[kind].reached === undefined, misses, `${kind} at 0.01 reached at ${slow[kind].reached}`);
  }
});

test('the section cites Zhai et al. 2023, Dehghani et al. 2023 and the Gemma 2 report with c = 50', () => {
  const prose = lessonText.slice(lessonText.indexOf('## Train the fixes'), lessonText.indexOf('## Where the argument'));
  assert.match(prose, /Zhai et\nal\. \(2023\)[^.]*entropy collapse/);
  assert.match(prose, /Dehghani et al\. \(2023\)[^;]*ViT-22B[^;]*QK-norm/);
  assert.match(prose, /Gemma 2 report[^.]*\$c = 50\$/);
});
