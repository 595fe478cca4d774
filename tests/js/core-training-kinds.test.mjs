// The run kinds of "Train it" through WASM: the same curves as native, the diagnostics, the scaled alias, errors.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadCore, runKinds } from 'attention-lab/core';

let core;
before(async () => {
  core = await loadCore();
});

const small = { keyCount: 8, dk: 16, modelDim: 8, batchSize: 4, seed: 42 };
// Pinned from the native build (keyCount 8, dk 16, modelDim 8, batchSize 4, seed 42, Adam 0.01; softcap with c = 1).
const pinned = {
  linear: {
    loss: [0.96904633035869181, 1.0611020272637841, 0.84823214781317369, 1.0370406947755999],
    entropy: [2.0518414307430874, 2.0491255263625661, 2.0614351878272958, 2.0626620005744281],
  },
  'learned-temperature': {
    loss: [1.1154378230716686, 1.2926958549043999, 0.93823535139345293, 1.2315399775498745],
    entropy: [1.7225512337001798, 1.7032705359890574, 1.8720287441537369, 1.8392046986050317],
    learnedScale3: 4.1198311367221718,
  },
  'qk-norm': {
    loss: [1.0788766451578964, 1.2546990378042113, 1.0466316705143037, 1.2626854710278699],
    entropy: [1.7893690297686398, 1.7624490655144041, 1.7876121502967459, 1.7693352451517417],
    learnedScale3: 3.881692693837222,
  },
  softcap: {
    loss: [1.0638872387518701, 1.1994822292320204, 0.90959234166757397, 1.1495494378293321],
    entropy: [1.8911064119596863, 1.9257445094620549, 1.943055288228495, 1.942942570735533],
    softcap: 1,
  },
  't5-init': {
    loss: [1.1154378230716686, 1.2612339928471801, 0.84136797840000332, 1.2163375881768115],
    entropy: [1.7225512337001798, 1.7124927436024593, 1.8482475613960658, 1.8141702655144147],
  },
};

// exp, log, tanh may differ in the last bits between builds: 1e-9 relative still catches any change of algorithm.
const closeRelative = (actual, expected, what) =>
  expected.forEach((value, i) =>
    assert.ok(
      Math.abs(actual[i] - value) <= 1e-9 * Math.abs(value),
      `${what} step ${i}: ${actual[i]} vs native ${value}`,
    ),
  );

function withTrainer(config, use) {
  const trainer = core.createTrainer(config);
  try {
    return use(trainer);
  } finally {
    trainer.delete();
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('run kinds through WASM', () => {
  test('each kind reproduces the native curve, entropy and learned scale', () => {
    for (const [kind, expected] of Object.entries(pinned)) {
      withTrainer({ ...small, kind, softcap: expected.softcap }, (trainer) => {
        const chunk = trainer.run(4);
        closeRelative(chunk.loss, expected.loss, `${kind} loss`);
        closeRelative(chunk.entropy, expected.entropy, `${kind} entropy`);
        if (expected.learnedScale3) closeRelative([chunk.learnedScale[3]], [expected.learnedScale3], `${kind} scale`);
        else assert.ok(chunk.learnedScale.every(Number.isNaN), `${kind} learns no scale`);
      });
    }
  });

  test('every listed kind is accepted and reports the diagnostics; unknown kinds are refused with the list', () => {
    assert.deepEqual(
      [...runKinds],
      ['unscaled', 'sqrt', 'linear', 'learned-temperature', 'qk-norm', 'softcap', 't5-init'],
    );
    for (const kind of runKinds) {
      withTrainer({ ...small, kind }, (trainer) => {
        const chunk = trainer.run(3);
        for (const key of [
          'loss',
          'accuracy',
          'gradientNorm',
          'scoreGradientNorm',
          'entropy',
          'maxAbsScore',
          'learnedScale',
        ]) {
          assert.ok(chunk[key] instanceof Float64Array && chunk[key].length === 3, `${kind} ${key}`);
        }
        assert.ok(
          chunk.entropy.every((h) => h > 0 && h <= Math.log(8) + 1e-12),
          `${kind} entropy ${chunk.entropy}`,
        );
        assert.ok(
          chunk.maxAbsScore.every((s) => s > 0 && Number.isFinite(s)),
          `${kind} max score ${chunk.maxAbsScore}`,
        );
      });
    }
    assert.throws(() => core.createTrainer({ ...small, kind: 'cosine' }), {
      name: 'RangeError',
      message:
        'createTrainer: kind must be one of unscaled, sqrt, linear, learned-temperature, qk-norm, softcap, ' +
        "t5-init, got 'cosine'",
    });
  });

  test('scaled stays an alias: true is sqrt, false unscaled, neither is sqrt; a contradiction is refused', () => {
    const losses = (config) => withTrainer({ ...small, ...config }, (trainer) => [...trainer.run(4).loss]);
    assert.deepEqual(losses({ scaled: true }), losses({ kind: 'sqrt' }));
    assert.deepEqual(losses({ scaled: false }), losses({ kind: 'unscaled' }));
    assert.deepEqual(losses({}), losses({ kind: 'sqrt' }));
    assert.deepEqual(losses({ kind: 'unscaled', scaled: false }), losses({ kind: 'unscaled' }));
    assert.notDeepEqual(losses({ kind: 'sqrt' }), losses({ kind: 'unscaled' }));
    assert.throws(() => core.createTrainer({ ...small, kind: 'qk-norm', scaled: true }), {
      name: 'RangeError',
      message: "createTrainer: scaled must agree with kind ('qk-norm'), got true; give only kind",
    });
  });

  test('softcap bounds every score by c, and the cap is validated', () => {
    withTrainer({ ...small, kind: 'softcap', softcap: 0.5, learningRate: 0.3 }, (trainer) => {
      assert.ok(
        trainer.run(30).maxAbsScore.every((s) => s <= 0.5),
        'capped at 0.5',
      );
    });
    assert.throws(() => core.createTrainer({ ...small, kind: 'softcap', softcap: 0 }), {
      name: 'RangeError',
      message: 'createTrainer: softcap must be between 0.001 and 1e+06, got 0',
    });
    assert.throws(() => core.createTrainer({ ...small, softcap: '50' }), {
      name: 'TypeError',
      message: 'createTrainer: softcap must be a number, got the string "50"',
    });
  });

  test('at Adam 0.3 sqrt collapses (entropy near 0, logits past 1000) while qk-norm keeps its entropy', () => {
    const late = (kind) =>
      withTrainer({ keyCount: 32, dk: 64, seed: 1, kind, learningRate: 0.3 }, (trainer) => {
        trainer.run(50);
        return trainer.run(250);
      });
    const sqrt = late('sqrt');
    const qkNorm = late('qk-norm');
    assert.ok(mean(sqrt.entropy) < 0.03, `sqrt entropy ${mean(sqrt.entropy)}`);
    assert.ok(Math.max(...sqrt.maxAbsScore) > 1000, `sqrt logits ${Math.max(...sqrt.maxAbsScore)}`);
    assert.ok(mean(qkNorm.entropy) > 0.08, `qk-norm entropy ${mean(qkNorm.entropy)}`);
    assert.ok(mean(qkNorm.accuracy) > 0.85, `qk-norm accuracy ${mean(qkNorm.accuracy)}`);
  });

  test('qk-norm counts its extra work in the step cap', () => {
    assert.throws(() => core.createTrainer({ keyCount: 256, dk: 64, seed: 1, kind: 'qk-norm' }), {
      name: 'RangeError',
      message:
        'createTrainer: batchSize*modelDim*(keyCount+dk)+batchSize*keyCount*modelDim^2+2*modelDim^2*dk must be at ' +
        'most 2097152, got 4489216',
    });
  });
});
