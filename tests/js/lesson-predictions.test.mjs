// Every sentence a prediction's reveal prints about the result, checked against the core at every seed a learner can
// draw with Resample (1 to 5): the sentence shown to a learner must hold whichever seed their widget is on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { reachedAt } from './training-goal.mjs';

const core = await loadCore();
const lesson = JSON.parse(readFileSync(new URL('../../web/generated/lessons/why-sqrt-dk.json', import.meta.url)));
const asked = Object.fromEntries(
  lesson.sections
    .flatMap((s) => s.blocks)
    .filter((b) => b.kind === 'widget' && b.predict)
    .map((b) => [b.widget, b]),
);
const seeds = [1, 2, 3, 4, 5];
const texts = (widget) => {
  const { predict } = asked[widget];
  return (predict.bands ?? predict.options.map((o) => ({ text: o.feedback }))).map((b) => b.text).join(' ');
};
/** The sentence is shown (so a rewrite fails here and is checked again), and its fact holds at every seed. */
function says(widget, sentence, holds) {
  assert.ok(texts(widget).includes(sentence), `${widget} says "${sentence}"`);
  for (const seed of seeds) assert.ok(holds(seed), `${widget}, seed ${seed}: "${sentence}"`);
}

test('variance explorer: where the ±2σ lines lie is the theory, the same at every seed', () => {
  const lines = (dk, seed) =>
    2 * core.dotProductExperiment({ dk, count: 100, seed, scale: 'none', method: 'fast', bins: 4 }).theory.std;
  says('variance-explorer', 'keeps growing with the dimension', (s) => lines(4096, s) > lines(64, s));
  says('variance-explorer', 'moved the lines 8 times further out', (s) => lines(4096, s) / lines(64, s) === 8);
  says('variance-explorer', 'not 64 times', (s) => lines(4096, s) / lines(64, s) < 64);
});

test('softmax-dies at dₖ = 512, unscaled: the top key leads by units, takes most weight, passes little', () => {
  const at = (seed) => {
    const scores = core.sampleQueryScores({ dk: 512, keyCount: 8, seed });
    const [first, second] = [...scores].sort((a, b) => b - a);
    return { lead: first - second, stats: core.softmaxStats(scores) };
  };
  says('softmax-dies', 'the top key leads the next by a few units or more', (s) => at(s).lead >= 2);
  says('softmax-dies', 'softmax gives such a lead most of the weight', (s) => at(s).stats.maxWeight > 0.9);
  says('softmax-dies', 'the top key leads by at least that here', (s) => at(s).lead >= 2);
  says('softmax-dies', 'passes only a small share of the gradient on to the scores', (s) => {
    const { survival } = at(s).stats;
    return survival.share < 0.2 && survival.state !== 'healthy';
  });
});

test('before-after: ÷√dₖ gives variance 1 at every dₖ', () => {
  const variance = (dk) => Number(core.scoreStatistics({ dk, scale: 'sqrt' }).variance.toPrecision(12));
  says('before-after', 'The scaled scores have variance 1 at every dₖ', () =>
    [512, 4096].every((dk) => variance(dk) === 1),
  );
  says('before-after', '÷√dₖ leaves the scores variance 1', () => variance(4096) === 1);
});

test('train-it: the unscaled run starts sixteen times larger, with larger gradients, and learns far later', () => {
  const { params } = asked['train-it'];
  const run = (kind, seed) => {
    const trainer = core.createTrainer({ keyCount: params.keys, dk: params.dk, kind, seed });
    try {
      const chunk = trainer.run(params.steps);
      return {
        reached: reachedAt(Array.from(chunk.accuracy)),
        weights: chunk.gradientNorm[0],
        scores: chunk.scoreGradientNorm[0],
      };
    } finally {
      trainer.delete();
    }
  };
  const runs = new Map(seeds.map((seed) => [seed, { scaled: run('sqrt', seed), unscaled: run('unscaled', seed) }]));
  const later = (s) => {
    const { scaled, unscaled } = runs.get(s);
    return unscaled.reached === undefined || unscaled.reached >= 5 * scaled.reached;
  };
  says(
    'train-it',
    "The unscaled run's gradient on the weights is larger",
    (s) => runs.get(s).unscaled.weights > runs.get(s).scaled.weights,
  );
  says(
    'train-it',
    'passes very little of it on to the scores',
    (s) => runs.get(s).unscaled.scores < runs.get(s).scaled.scores / 10,
  );
  says('train-it', 'so that run learns slowly', later);
  says('train-it', 'unscaled scores sixteen times larger', () => core.scoreStatistics({ dk: params.dk }).std === 16);
  says('train-it', 'that run learns far more slowly', later);
  says('train-it', 'it learns from the first steps', (s) => runs.get(s).scaled.reached <= 50);
});

test('float16: the aligned score σ²·dₖ reaches 65504 at the square root of 65504 ÷ dₖ', () => {
  // Asked at the state the prediction names (question 12 asks the widget's own dₖ).
  const dk = asked['float16-overflow'].predict.at?.dk ?? asked['float16-overflow'].params.dk;
  const spread = core.float16OverflowSpread({ dk });
  says(
    'float16-overflow',
    'σ²·dₖ reaches 65504 when σ² = 65504 ÷ dₖ',
    () => Math.abs(spread ** 2 * dk - 65504) < 65504 * 1e-3,
  );
  const atFour = core.float16OverflowSpread({ dk: dk * 4 });
  says('float16-overflow', 'a quarter of the dimensions lets σ double', () => Math.abs(spread / atFour - 2) < 1e-3);
  // The band that says so starts at 0.7 of the result: any guess in it gives an aligned score below the limit.
  const [low] = asked['float16-overflow'].predict.bands;
  says('float16-overflow', 'σ²·dₖ is still below 65504', () => (low.to * spread) ** 2 * dk < 65504);
  const near = asked['float16-overflow'].predict.bands.at(-1);
  const [, top] = asked['float16-overflow'].predict.range;
  says('float16-overflow', 'That is near 65504 ÷ dₖ', () => near.from * spread <= 65504 / dk && 65504 / dk <= top);
});
