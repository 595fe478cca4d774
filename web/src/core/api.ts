// Turns the raw Embind module into the idiomatic Core: options objects, typed arrays, checked arguments.
import type { RawAttentionCore, RawJacobianBuffer, RawTrainer } from '../../generated/wasm/attention_core.mjs';
import {
  requireBoolean,
  requireFloat64Array,
  requireNumber,
  requireNumbers,
  requireName,
  requireOptionalUint8Array,
  requireOptions,
} from './checks.js';
import { dotProductExperimentOf } from './dot-product.js';
import { orThrow } from './or-throw.js';
import { toRawAttentionScale, toRawScale } from './scales.js';
import type {
  Core,
  Float16ScoreOrder,
  Float16ScoresRequest,
  JacobianBuffer,
  Precision,
  RunKind,
  SoftmaxOptions,
  Trainer,
} from './types.js';

// Splits a row-major matrix into its rows (views, no copies).
function rows(matrix: Float64Array, count: number): Float64Array[] {
  const width = matrix.length / count;
  return Array.from({ length: count }, (_, i) => matrix.subarray(i * width, (i + 1) * width));
}

// A float16 request's fields, checked, in the raw module's argument order.
function float16Arguments(fn: string, request: Float16ScoresRequest) {
  const { dk, keyCount, spread, order, seed } = requireOptions(fn, request, true);
  return [
    requireNumber(fn, 'dk', dk),
    requireNumber(fn, 'keyCount', keyCount),
    requireNumber(fn, 'spread', spread),
    requireName<Float16ScoreOrder>(fn, 'order', order),
    requireNumber(fn, 'seed', seed),
  ] as const;
}

function softmaxArguments(fn: string, scores: unknown, options: SoftmaxOptions | undefined) {
  const { temperature = 1, mask } = requireOptions(fn, options);
  return [
    requireFloat64Array(fn, 'scores', scores),
    requireNumber(fn, 'temperature', temperature),
    requireOptionalUint8Array(fn, 'mask', mask),
  ] as const;
}

// The core-owned Jacobian buffer, refusing calls after delete() like the trainer.
function wrapJacobianBuffer(raw: RawJacobianBuffer): JacobianBuffer {
  let live: RawJacobianBuffer | null = raw;
  return {
    compute(p) {
      if (!live) throw new TypeError('JacobianBuffer.compute: this buffer has been deleted; create a new one');
      return orThrow(live.compute(requireFloat64Array('JacobianBuffer.compute', 'p', p)));
    },
    delete() {
      live?.delete();
      live = null;
    },
  };
}

// The Embind object behind a facade that refuses calls after delete() with a clear error instead of a BindingError.
function wrapTrainer(raw: RawTrainer): Trainer {
  let live: RawTrainer | null = raw;
  const alive = (member: string): RawTrainer => {
    if (live) return live;
    throw new TypeError(`Trainer.${member}: this trainer has been deleted; create a new one with createTrainer`);
  };
  return {
    run(steps) {
      const chunk = orThrow(alive('run').run(requireNumber('Trainer.run', 'steps', steps)));
      return {
        firstStep: chunk.firstStep,
        loss: chunk.loss,
        accuracy: chunk.accuracy,
        gradientNorm: chunk.gradientNorm,
        scoreGradientNorm: chunk.scoreGradientNorm,
        entropy: chunk.entropy,
        maxAbsScore: chunk.maxAbsScore,
        learnedScale: chunk.learnedScale,
      };
    },
    get steps() {
      return alive('steps').steps;
    },
    delete() {
      live?.delete();
      live = null;
    },
  };
}

function optionalNumber(fn: string, name: string, value: unknown): number | undefined {
  return value === undefined ? undefined : requireNumber(fn, name, value);
}

// kind, or the older scaled (true: sqrt, false: unscaled); both given must agree; neither is sqrt.
function runKind(fn: string, kind: unknown, scaled: unknown): RunKind {
  const alias = scaled === undefined ? undefined : requireBoolean(fn, 'scaled', scaled) ? 'sqrt' : 'unscaled';
  if (kind === undefined) return alias ?? 'sqrt';
  // The name itself is checked by the core's one table of run kinds.
  const chosen = requireName<RunKind>(fn, 'kind', kind);
  if (alias !== undefined && alias !== chosen) {
    throw new RangeError(`${fn}: scaled must agree with kind ('${chosen}'), got ${String(scaled)}; give only kind`);
  }
  return chosen;
}

export function wrapCore(raw: RawAttentionCore): Core {
  return {
    softmax: (scores, options) => orThrow(raw.softmax(...softmaxArguments('softmax', scores, options))),
    logSoftmax: (scores, options) => orThrow(raw.logSoftmax(...softmaxArguments('logSoftmax', scores, options))),

    softmaxStats(scores, options) {
      const stats = orThrow(raw.softmaxStats(...softmaxArguments('softmaxStats', scores, options)));
      const { survival, survivalShare, ...rest } = stats;
      return { ...rest, survival: { state: survival, share: survivalShare } };
    },

    softmaxJacobian: (p, into) =>
      orThrow(
        raw.softmaxJacobian(
          requireFloat64Array('softmaxJacobian', 'p', p),
          into === undefined ? undefined : requireFloat64Array('softmaxJacobian', 'into', into),
        ),
      ),
    createJacobianBuffer: () => wrapJacobianBuffer(new raw.JacobianBuffer()),

    normalWithin(request) {
      const { sigmas } = requireOptions('normalWithin', request, true);
      return orThrow(raw.normalWithin(requireNumber('normalWithin', 'sigmas', sigmas)));
    },

    saturationCrossing(request) {
      const { threshold, keyCount } = requireOptions('saturationCrossing', request, true);
      return orThrow(
        raw.saturationCrossing(
          requireNumber('saturationCrossing', 'threshold', threshold),
          requireNumber('saturationCrossing', 'keyCount', keyCount),
        ),
      );
    },

    scoreStatistics(request) {
      const { dk, scale = 'none' } = requireOptions('scoreStatistics', request, true);
      return orThrow(
        raw.scoreStatistics(requireNumber('scoreStatistics', 'dk', dk), ...toRawScale('scoreStatistics', scale)),
      );
    },

    dotProductExperiment: dotProductExperimentOf(raw),

    attention(request) {
      const fn = 'attention';
      const { q, k, v, n, m, d, dv, scale = 'sqrt', causal = false } = requireOptions(fn, request, true);
      return orThrow(
        raw.attention(
          requireFloat64Array(fn, 'q', q),
          requireFloat64Array(fn, 'k', k),
          requireFloat64Array(fn, 'v', v),
          requireNumber(fn, 'n', n),
          requireNumber(fn, 'm', m),
          requireNumber(fn, 'd', d),
          requireNumber(fn, 'dv', dv),
          ...toRawAttentionScale(fn, scale),
          requireBoolean(fn, 'causal', causal),
        ),
      );
    },

    entropySweep(request) {
      const fn = 'entropySweep';
      const { dks, keyCount, trials, seed, scales } = requireOptions(fn, request, true);
      if (!Array.isArray(scales)) throw new TypeError(`${fn}: scales must be an array of scales`);
      const raws = scales.map((s) => toRawScale(fn, s));
      const sweep = orThrow(
        raw.entropySweep(
          requireNumbers(fn, 'dks', dks),
          requireNumber(fn, 'keyCount', keyCount),
          requireNumber(fn, 'trials', trials),
          requireNumber(fn, 'seed', seed),
          raws.map(([mode]) => mode),
          Float64Array.from(raws, ([, t]) => t),
        ),
      );
      return {
        dks: sweep.dks,
        maxEntropy: sweep.maxEntropy,
        meanEntropy: rows(sweep.meanEntropy, scales.length),
        entropyStandardError: rows(sweep.entropyStandardError, scales.length),
        meanMaxWeight: rows(sweep.meanMaxWeight, scales.length),
        maxWeightStandardError: rows(sweep.maxWeightStandardError, scales.length),
      };
    },

    saturationCurve(request) {
      const { xs, keyCount } = requireOptions('saturationCurve', request, true);
      return orThrow(
        raw.saturationCurve(
          requireNumbers('saturationCurve', 'xs', xs),
          requireNumber('saturationCurve', 'keyCount', keyCount),
        ),
      );
    },

    jacobianNormsByMultiplier(request) {
      const { scores, multipliers } = requireOptions('jacobianNormsByMultiplier', request, true);
      return orThrow(
        raw.jacobianNormsByMultiplier(
          requireFloat64Array('jacobianNormsByMultiplier', 'scores', scores),
          requireNumbers('jacobianNormsByMultiplier', 'multipliers', multipliers),
        ),
      );
    },

    cosineSweep(request) {
      const { dimensions, pairs, seed, method = 'direct' } = requireOptions('cosineSweep', request, true);
      return orThrow(
        raw.cosineSweep(
          requireNumbers('cosineSweep', 'dimensions', dimensions),
          requireNumber('cosineSweep', 'pairs', pairs),
          requireNumber('cosineSweep', 'seed', seed),
          requireName<'fast' | 'direct'>('cosineSweep', 'method', method),
        ),
      );
    },

    sampleQueryScores(request) {
      const { dk, keyCount, seed } = requireOptions('sampleQueryScores', request, true);
      return orThrow(
        raw.sampleQueryScores(
          requireNumber('sampleQueryScores', 'dk', dk),
          requireNumber('sampleQueryScores', 'keyCount', keyCount),
          requireNumber('sampleQueryScores', 'seed', seed),
        ),
      );
    },

    gradientSurvival: (p) => orThrow(raw.gradientSurvival(requireFloat64Array('gradientSurvival', 'p', p))),
    survivalThresholds: () => raw.survivalThresholds(),

    sampleNormals(request) {
      const { count, seed } = requireOptions('sampleNormals', request, true);
      return orThrow(
        raw.sampleNormals(requireNumber('sampleNormals', 'count', count), requireNumber('sampleNormals', 'seed', seed)),
      );
    },

    softmaxInPrecision(scores, options) {
      const fn = 'softmaxInPrecision';
      const { temperature = 1, precision } = requireOptions(fn, options, true);
      return orThrow(
        raw.softmaxInPrecision(
          requireFloat64Array(fn, 'scores', scores),
          requireNumber(fn, 'temperature', temperature),
          requireName<Precision>(fn, 'precision', precision),
        ),
      );
    },

    float16Scores(request) {
      return orThrow(raw.float16Scores(...float16Arguments('float16Scores', request)));
    },

    float16RowLargest(request) {
      return orThrow(raw.float16RowLargest(...float16Arguments('float16RowLargest', request)));
    },

    float16OverflowSpread(request) {
      const { dk } = requireOptions('float16OverflowSpread', request, true);
      return orThrow(raw.float16OverflowSpread(requireNumber('float16OverflowSpread', 'dk', dk)));
    },

    alignedScores(request) {
      const fn = 'alignedScores';
      const { dk, alignment, pairs, seed } = requireOptions(fn, request, true);
      return orThrow(
        raw.alignedScores(
          requireNumber(fn, 'dk', dk),
          requireNumber(fn, 'alignment', alignment),
          requireNumber(fn, 'pairs', pairs),
          requireNumber(fn, 'seed', seed),
        ),
      );
    },

    alignedScoreStatistics(request) {
      const fn = 'alignedScoreStatistics';
      const { dk, alignment, scale } = requireOptions(fn, request, true);
      return orThrow(
        raw.alignedScoreStatistics(
          requireNumber(fn, 'dk', dk),
          requireNumber(fn, 'alignment', alignment),
          ...toRawScale(fn, scale),
        ),
      );
    },

    createTrainer(config) {
      const fn = 'createTrainer';
      const {
        keyCount,
        dk,
        kind,
        scaled,
        softcap,
        seed,
        modelDim,
        batchSize,
        learningRate,
        optimizer = 'adam',
      } = requireOptions(fn, config, true);
      return wrapTrainer(
        orThrow(
          raw.createTrainer({
            keyCount: requireNumber(fn, 'keyCount', keyCount),
            dk: requireNumber(fn, 'dk', dk),
            kind: runKind(fn, kind, scaled),
            softcap: optionalNumber(fn, 'softcap', softcap),
            seed: requireNumber(fn, 'seed', seed),
            modelDim: optionalNumber(fn, 'modelDim', modelDim),
            batchSize: optionalNumber(fn, 'batchSize', batchSize),
            learningRate: optionalNumber(fn, 'learningRate', learningRate),
            optimizer: requireName<'adam' | 'sgd'>(fn, 'optimizer', optimizer),
          }),
        ),
      );
    },
  };
}
