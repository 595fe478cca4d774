// What a slider's step leaves out: idle charts drawn once per task, and fixed numbers asked of the real core once.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { coalesced } from '../../dist/lib/src/widgets/coalesced.js';
import { maxEntropyOf, survivalThresholdsOf } from '../../dist/lib/src/widgets/core-constants.js';
import {
  alignmentDks,
  alignmentScales,
  compute as alignmentFigure,
} from '../../dist/lib/src/widgets/alignment/compute.js';

describe('coalesced', () => {
  test('calls within one task run once, after the task, with the state as the task left it', async () => {
    const seen = [];
    let state = 'cleared';
    const draw = coalesced(() => seen.push(state));
    draw();
    state = 'planned';
    draw();
    draw();
    assert.deepEqual(seen, [], 'nothing is drawn while the task still runs');
    await Promise.resolve();
    assert.deepEqual(seen, ['planned']);
    draw();
    await Promise.resolve();
    assert.deepEqual(seen, ['planned', 'planned'], 'a call after the run queues another');
  });
});

describe('numbers a step does not move', () => {
  let core;
  before(async () => {
    core = await loadCore();
  });

  // The real core, with its calls counted.
  const counted = () => {
    const calls = { softmaxStats: 0, survivalThresholds: 0 };
    const wrapped = {
      softmaxStats: (...args) => (calls.softmaxStats++, core.softmaxStats(...args)),
      survivalThresholds: () => (calls.survivalThresholds++, core.survivalThresholds()),
    };
    return { wrapped, calls };
  };

  test('the most entropy of n keys is the core fresh answer, asked once per n', () => {
    const { wrapped, calls } = counted();
    for (const keys of [8, 64, 8, 2, 64, 8]) {
      assert.equal(maxEntropyOf(wrapped, keys), core.softmaxStats(new Float64Array(keys)).entropy, `n = ${keys}`);
    }
    assert.equal(calls.softmaxStats, 3);
    // A count the core refuses is refused again, not kept as an answer.
    for (let i = 0; i < 2; i++) assert.throws(() => maxEntropyOf(wrapped, 1), /scores must be of length 2/);
  });

  test('the survival band edges are the core fresh answer, asked once', () => {
    const { wrapped, calls } = counted();
    assert.deepEqual(survivalThresholdsOf(wrapped), core.survivalThresholds());
    assert.deepEqual(survivalThresholdsOf(wrapped), core.survivalThresholds());
    assert.equal(calls.survivalThresholds, 1);
  });

  test("a dₖ step of the alignment figure asks only for new samples; its typical scores are the core's own", () => {
    let statistics = 0;
    const wrapped = {
      alignedScoreStatistics: (request) => (statistics++, core.alignedScoreStatistics(request)),
      alignedScores: (request) => core.alignedScores(request),
    };
    const perAlignment = alignmentDks.length * alignmentScales.length;
    for (const [alignment, dk] of [
      [0.5, 64],
      [0.5, 91],
      [0.5, 4096],
      [0.7, 4096],
      [0.5, 4096],
    ]) {
      const shown = alignmentFigure(wrapped, { alignment, dk, pairs: 100, seed: 3 });
      const fresh = alignmentScales.map((scale) =>
        Float64Array.from(alignmentDks, (at) => core.alignedScoreStatistics({ dk: at, alignment, scale }).mean),
      );
      assert.deepEqual(shown.typical, fresh, `ρ = ${alignment}, dₖ = ${dk}: typical scores`);
      const draw = core.alignedScores({ dk, alignment, pairs: 100, seed: 3 });
      assert.deepEqual(
        shown.samples.map((s) => s.scores),
        alignmentScales.map((scale) => draw[scale].scores),
      );
    }
    // Asked at ρ = 0.5, at 0.7, and at 0.5 again: the dₖ steps in between asked for none.
    assert.equal(statistics, 3 * perAlignment);
    // A ρ the core refuses is refused again, not kept as an answer.
    for (let i = 0; i < 2; i++)
      assert.throws(() => alignmentFigure(wrapped, { alignment: 2, dk: 64, pairs: 100, seed: 3 }), RangeError);
  });
});
