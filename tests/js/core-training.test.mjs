// The "Train it" trainer through WASM: the same curves as the native build, learning, errors, and delete().
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { loadCore } from 'attention-lab/core';
import createAttentionCore from '../../dist/lib/generated/wasm/attention_core.mjs';
import { wrapCore } from '../../dist/lib/src/core/api.js';

let core;
before(async () => {
  core = await loadCore();
});

// Pinned from the native build (tests/native/training_test.cpp: keyCount 8, dk 16, modelDim 8, batchSize 4, seed 42).
// Only exp/log/sin/cos may differ in the last bits between the builds, so 1e-9 relative is ample and still exact
// enough to catch any difference in the algorithm, the random stream or the order of the updates.
const small = { keyCount: 8, dk: 16, modelDim: 8, batchSize: 4, seed: 42 };
const pinnedScaledAdamLoss = [
  1.1154378230716686, 1.2954993946375097, 0.94113810604260828, 1.2413029903457233, 1.2600060697077866,
  0.62888113255104416,
];
const pinnedScaledAdamGradientNorm = [
  0.88396618987042186, 0.84663081961975273, 0.97271154507226965, 0.90366694083773813, 1.0615191923447107,
  0.690754625565141,
];
const pinnedUnscaledSgdLoss = [
  1.4527365365247291, 1.6984334986154046, 1.5138510817474664, 1.1287552430392649, 0.83984789825655282,
  1.2581678040520439,
];

const closeRelative = (actual, expected, tolerance = 1e-9) =>
  expected.forEach((value, i) =>
    assert.ok(Math.abs(actual[i] - value) <= tolerance * Math.abs(value), `step ${i}: ${actual[i]} vs native ${value}`),
  );

// Every trainer is freed in finally, as a page must.
function withTrainer(config, use) {
  const trainer = core.createTrainer(config);
  try {
    return use(trainer);
  } finally {
    trainer.delete();
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('trainer through WASM', () => {
  test('reproduces the native curves (Adam scaled, SGD unscaled)', () => {
    withTrainer({ ...small, scaled: true }, (trainer) => {
      const chunk = trainer.run(6);
      assert.equal(chunk.firstStep, 0);
      closeRelative(chunk.loss, pinnedScaledAdamLoss);
      closeRelative(chunk.gradientNorm, pinnedScaledAdamGradientNorm);
    });
    withTrainer({ ...small, scaled: false, optimizer: 'sgd' }, (trainer) =>
      closeRelative(trainer.run(6).loss, pinnedUnscaledSgdLoss),
    );
  });

  test('chunks continue the same run: run(2) then run(4) equals run(6), and steps counts them', () => {
    const whole = withTrainer({ ...small, scaled: true }, (trainer) => trainer.run(6));
    withTrainer({ ...small, scaled: true }, (trainer) => {
      const a = trainer.run(2);
      const b = trainer.run(4);
      assert.equal(b.firstStep, 2);
      assert.equal(trainer.steps, 6);
      assert.deepEqual([...a.loss, ...b.loss], [...whole.loss]);
      assert.deepEqual([...a.accuracy, ...b.accuracy], [...whole.accuracy]);
      for (const key of ['loss', 'accuracy', 'gradientNorm', 'scoreGradientNorm'])
        assert.ok(b[key] instanceof Float64Array && b[key].length === 4, key);
    });
  });

  test('the scaled model learns, and the unscaled one lags (n 32, dₖ 256)', () => {
    const curve = (scaled) =>
      withTrainer({ keyCount: 32, dk: 256, seed: 3, scaled }, (trainer) => {
        const chunks = Array.from({ length: 15 }, () => trainer.run(10));
        return { first: chunks[0], last: chunks.at(-1) };
      });
    const scaled = curve(true);
    const unscaled = curve(false);
    assert.ok(
      mean(scaled.last.loss) < 0.25 * mean(scaled.first.loss),
      `scaled loss ${mean(scaled.first.loss)} → ${mean(scaled.last.loss)}`,
    );
    assert.ok(mean(scaled.last.accuracy) > 0.85, `scaled accuracy ${mean(scaled.last.accuracy)}`);
    assert.ok(
      mean(unscaled.last.accuracy) < mean(scaled.last.accuracy) - 0.1,
      `unscaled accuracy ${mean(unscaled.last.accuracy)}`,
    );
    // At the start the unscaled softmax is saturated: far less gradient reaches its scores.
    assert.ok(unscaled.first.scoreGradientNorm[0] < 0.5 * scaled.first.scoreGradientNorm[0]);
  });

  test('bad configurations are RangeErrors and TypeErrors that name the field', () => {
    const cases = [
      [
        { keyCount: 1, dk: 16, seed: 1, scaled: true },
        'RangeError',
        'createTrainer: keyCount must be an integer from 2 to 256, got 1',
      ],
      [
        { keyCount: 8, dk: 2048, seed: 1, scaled: true },
        'RangeError',
        'createTrainer: dk must be an integer from 1 to 1024, got 2048',
      ],
      [
        { keyCount: 8, dk: 16.5, seed: 1, scaled: true },
        'RangeError',
        'createTrainer: dk must be an integer from 1 to 1024, got 16.5',
      ],
      [
        { keyCount: 8, dk: 16, seed: 1, scaled: true, batchSize: 0 },
        'RangeError',
        'createTrainer: batchSize must be an integer from 1 to 256, got 0',
      ],
      [
        { keyCount: 8, dk: 16, seed: 1, scaled: true, modelDim: NaN },
        'RangeError',
        'createTrainer: modelDim must be an integer from 1 to 256, got nan',
      ],
      [
        { keyCount: 8, dk: 16, seed: 1, scaled: true, learningRate: 0 },
        'RangeError',
        'createTrainer: learningRate must be between 1e-06 and 10, got 0',
      ],
      [
        { keyCount: 8, dk: 16, seed: -1, scaled: true },
        'RangeError',
        'createTrainer: seed must be an integer from 0 to 9007199254740991, got -1',
      ],
      [
        { keyCount: 256, dk: 1024, seed: 1, scaled: true, modelDim: 64, batchSize: 32 },
        'RangeError',
        'createTrainer: batchSize*modelDim*(keyCount+dk) must be at most 2097152, got 2621440',
      ],
      [
        { keyCount: 8, dk: 16, seed: 1, scaled: true, optimizer: 'rmsprop' },
        'RangeError',
        "createTrainer: optimizer must be one of adam, sgd, got 'rmsprop'",
      ],
      [
        { keyCount: 8, dk: 16, seed: 1, scaled: 'yes' },
        'TypeError',
        'createTrainer: scaled must be true or false, got the string "yes"',
      ],
      [
        { keyCount: '8', dk: 16, seed: 1, scaled: true },
        'TypeError',
        'createTrainer: keyCount must be a number, got the string "8"',
      ],
      [undefined, 'TypeError', 'createTrainer: request must be an object, got undefined'],
    ];
    for (const [config, name, message] of cases)
      assert.throws(() => core.createTrainer(config), { name, message }, message);
  });

  test('run refuses bad step counts and the trainer keeps working', () => {
    withTrainer({ ...small, scaled: true }, (trainer) => {
      assert.throws(() => trainer.run(0), {
        name: 'RangeError',
        message: 'Trainer.run: steps must be an integer from 1 to 1000, got 0',
      });
      assert.throws(() => trainer.run(1001), {
        name: 'RangeError',
        message: 'Trainer.run: steps must be an integer from 1 to 1000, got 1001',
      });
      assert.throws(() => trainer.run('5'), {
        name: 'TypeError',
        message: 'Trainer.run: steps must be a number, got the string "5"',
      });
      assert.equal(trainer.steps, 0);
      closeRelative(trainer.run(6).loss, pinnedScaledAdamLoss);
    });
  });

  test('after delete() run and steps throw a clear TypeError, not a trap, and delete() again does nothing', () => {
    const trainer = core.createTrainer({ ...small, scaled: true });
    trainer.run(1);
    trainer.delete();
    assert.throws(() => trainer.run(1), {
      name: 'TypeError',
      message: 'Trainer.run: this trainer has been deleted; create a new one with createTrainer',
    });
    assert.throws(() => trainer.steps, {
      name: 'TypeError',
      message: 'Trainer.steps: this trainer has been deleted; create a new one with createTrainer',
    });
    trainer.delete();
    // The module is intact: a fresh trainer reproduces the pinned curve.
    withTrainer({ ...small, scaled: true }, (fresh) => closeRelative(fresh.run(6).loss, pinnedScaledAdamLoss));
  });

  test('delete() frees the WASM memory: 40 large trainers made and deleted leave the heap near its size', async () => {
    // The raw module, wrapped by the same code, so the test can read the size of its memory.
    const raw = await createAttentionCore({
      wasmBinary: await readFile(new URL('../../dist/lib/generated/wasm/attention_core.wasm', import.meta.url)),
    });
    const wrapped = wrapCore(raw);
    const heapBytes = () => raw.HEAP8.buffer.byteLength;
    // 6 × 256 × 1024 doubles ≈ 12.6 MB
    const large = { keyCount: 8, dk: 1024, modelDim: 256, batchSize: 1, scaled: true };
    wrapped.createTrainer({ ...large, seed: 0 }).delete();
    const before = heapBytes();
    for (let seed = 1; seed <= 40; seed++) {
      const trainer = wrapped.createTrainer({ ...large, seed });
      try {
        trainer.run(1);
      } finally {
        trainer.delete();
      }
    }
    // Kept alive, 40 of them would need about 500 MB more.
    assert.ok(heapBytes() - before < 64 * 2 ** 20, `heap grew by ${(heapBytes() - before) / 2 ** 20} MiB`);
  });
});
