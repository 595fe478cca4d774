// A widget's predict: field, checked by the compiler: one fixture per defect fails with its located message, and the
// lesson's predictions compile with the answer left to the core (no number typed as the answer anywhere).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../../dist/lib/src/authoring/index.js';

const repo = new URL('../../', import.meta.url);
let core;
before(async () => {
  core = await loadCore();
});

function compileFixture(name) {
  const file = `tests/js/fixtures/predictions/${name}.md`;
  const source = readFileSync(new URL(file, repo), 'utf8');
  return { file, ...compileLesson(source, { file, core, expectedSlug: name }) };
}

const predictable = 'before-after, float16-overflow, softmax-dies, train-it, variance-explorer';
const fixtures = {
  'not-predictable': [
    'bad-prediction',
    `13:3: widget "saturation-curve" takes no predictions; allowed: predict on ${predictable}`,
  ],
  'unknown-kind': ['bad-prediction', '13:9: predict has kind "slider"; allowed: marker, choice'],
  'no-prompt': ['bad-prediction', '13:3: predict has no prompt; allowed: prompt: what the learner predicts'],
  'unknown-quantity': [
    'bad-prediction',
    '15:8: a marker prediction asks for "spread", which this widget does not measure as a number; allowed: twoSigma',
  ],
  'unknown-at': [
    'unknown-parameter',
    '15:9: at: variance-explorer has no parameter "dim"; allowed: dk, samples, scaled, axis, seed',
  ],
  'band-gap': ['bad-prediction', '19:15: band 2 starts at 0.8; allowed: where the band before ends (0.75)'],
  'range-misses': [
    'core-disagrees',
    '17:10: the core measures twoSigma = 128 at seed 1, outside range [0, 100]; allowed: a range holding the result',
  ],
  'no-true-option': [
    'core-disagrees',
    '17:5: no option is true at seed 1: the core measures scaledLargest=0.2583, unscaledLargest=1; allowed: options ' +
      'whose when makes exactly one true',
  ],
  'seeds-differ': [
    'core-disagrees',
    '17:5: option a is true at seed 1 but b at seed 2; allowed: options the same at every seed a learner can draw ' +
      '(1, 2, 3, 4, 5)',
  ],
};

describe('each prediction fixture fails with exactly its located message', () => {
  for (const [name, [kind, expected]] of Object.entries(fixtures)) {
    test(name, () => {
      const { file, lesson, problems } = compileFixture(name);
      assert.equal(lesson, null);
      assert.deepEqual(problems.map(formatProblem), [`${file}:${expected}`]);
      assert.equal(problems[0].kind, kind);
    });
  }
});

describe("the lesson's predictions", () => {
  const file = 'lessons/why-sqrt-dk/lesson.md';
  const source = readFileSync(new URL(file, repo), 'utf8');
  const widgets = () =>
    compileLesson(source, { file, core, expectedSlug: 'why-sqrt-dk' })
      .lesson.sections.flatMap((s) => s.blocks)
      .filter((b) => b.kind === 'widget' && b.predict);

  test('five widgets ask one, in the order of the issue', () => {
    assert.deepEqual(
      widgets().map((w) => [w.widget, w.predict.kind]),
      [
        ['variance-explorer', 'marker'],
        ['softmax-dies', 'marker'],
        ['before-after', 'choice'],
        ['train-it', 'choice'],
        ['float16-overflow', 'marker'],
      ],
    );
  });

  test('no compiled prediction carries its answer: markers keep bands of ratios, options keep conditions', () => {
    for (const { predict } of widgets()) {
      assert.equal('answer' in predict || 'result' in predict || 'correct' in predict, false);
      for (const option of predict.options ?? []) assert.equal('correct' in option, false);
    }
  });
});
