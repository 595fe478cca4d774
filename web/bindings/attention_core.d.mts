// Types of the raw Embind module (web/bindings/attention_core.cpp); the idiomatic API in web/src/core wraps it.
// RawAttentionCore lists exactly what the shipped module exports (tests/js/core-exports.test.mjs holds them equal).
export type RawScaleMode = 'none' | 'sqrt' | 'linear' | 'temperature';
export type RawAttentionScaleMode = RawScaleMode | 'balanced' | 'cosine';

export interface RawSoftmaxStats {
  entropy: number;
  perplexity: number;
  maxWeight: number;
  jacobianMaxAbs: number;
  jacobianFrobenius: number;
  jacobianTrace: number;
  survivalShare: number;
  survival: RawSurvivalState;
}

export type RawSurvivalState = 'healthy' | 'fading' | 'dying' | 'dead';

export interface RawGradientSurvival {
  share: number;
  state: RawSurvivalState;
}

export interface RawDotProductExperiment {
  samples: Float64Array;
  mean: number;
  variance: number;
  std: number;
  meanStandardError: number;
  varianceStandardError: number;
  stdStandardError: number;
  theoryVariance: number;
  theoryStd: number;
  histogram: { edges: Float64Array; counts: Float64Array; below: number; above: number };
  densityCounts: Float64Array;
}

/** Every call returns: a rejected one gives back its RangeError or TypeError, for the JS layer to throw. */
export interface RawAttentionCore {
  softmax(scores: Float64Array, temperature: number, mask: Uint8Array | undefined): Float64Array | Error;
  logSoftmax(scores: Float64Array, temperature: number, mask: Uint8Array | undefined): Float64Array | Error;
  softmaxStats(scores: Float64Array, temperature: number, mask: Uint8Array | undefined): RawSoftmaxStats | Error;
  softmaxJacobian(weights: Float64Array, into: Float64Array | undefined): Float64Array | Error;
  saturationCrossing(threshold: number, keyCount: number): number | Error;
  normalWithin(sigmas: number): number | Error;
  scoreStatistics(dk: number, mode: RawScaleMode, temperature: number): { mean: number; variance: number; std: number; divisor: number } | Error;
  dotProductExperiment(dk: number, count: number, seed: number, mode: RawScaleMode, temperature: number, method: 'direct' | 'fast', bins: number, withSamples: boolean): RawDotProductExperiment | Error;
  attention(q: Float64Array, k: Float64Array, v: Float64Array, n: number, m: number, d: number, dv: number, mode: RawAttentionScaleMode, temperature: number, causal: boolean): { weights: Float64Array; output: Float64Array } | Error;
  entropySweep(dks: Float64Array, keyCount: number, trials: number, seed: number, modes: RawScaleMode[], temperatures: Float64Array): {
    dks: Float64Array; maxEntropy: number; meanEntropy: Float64Array; entropyStandardError: Float64Array; meanMaxWeight: Float64Array; maxWeightStandardError: Float64Array;
  } | Error;
  saturationCurve(xs: Float64Array, keyCount: number): Float64Array | Error;
  jacobianNormsByMultiplier(scores: Float64Array, multipliers: Float64Array): { multipliers: Float64Array; maxAbs: Float64Array; frobenius: Float64Array; survivalShare: Float64Array } | Error;
  cosineSweep(dimensions: Float64Array, pairs: number, seed: number, method: string): {
    dimensions: Float64Array; samples: Float64Array[]; mean: Float64Array; meanStandardError: Float64Array; variance: Float64Array; varianceStandardError: Float64Array; theoryVariance: Float64Array;
  } | Error;
  sampleQueryScores(keyDimension: number, keyCount: number, seed: number): Float64Array | Error;
  gradientSurvival(weights: Float64Array): RawGradientSurvival | Error;
  survivalThresholds(): { healthy: number; fading: number; dying: number };
  sampleNormals(count: number, seed: number): Float64Array | Error;
  softmaxInPrecision(scores: Float64Array, temperature: number, precision: RawPrecision): { weights: Float64Array; exactZeros: number } | Error;
  float16Scores(
    dk: number, keyCount: number, spread: number, order: RawHalfScoreOrder, seed: number,
  ): RawHalfPrecisionScores | Error;
  float16RowLargest(
    dk: number, keyCount: number, spread: number, order: RawHalfScoreOrder, seed: number,
  ): RawHalfRowLargest | Error;
  float16OverflowSpread(dk: number): number | Error;
  alignedScores(dk: number, alignment: number, pairs: number, seed: number): RawAlignedScores | Error;
  alignedScoreStatistics(dk: number, alignment: number, mode: RawScaleMode, temperature: number): RawScoreStatistics | Error;
  createTrainer(config: RawTrainerConfig): RawTrainer | Error;
  /** Trainers come from createTrainer (a failed one is a value there, where a constructor could only throw). */
  Trainer: { readonly prototype: RawTrainer };
  JacobianBuffer: new () => RawJacobianBuffer;
}

/** An Embind object in WASM memory: call delete() when done. compute() returns a view into WASM memory. */
export interface RawJacobianBuffer {
  compute(weights: Float64Array): Float64Array | Error;
  delete(): void;
}

export interface RawScoreStatistics {
  mean: number;
  variance: number;
  std: number;
  divisor: number;
}

export interface RawAlignedScaleScores {
  scores: Float64Array;
  mean: number;
  std: number;
  theory: RawScoreStatistics;
}

export interface RawAlignedScores {
  dk: number;
  alignment: number;
  none: RawAlignedScaleScores;
  sqrt: RawAlignedScaleScores;
  linear: RawAlignedScaleScores;
}

export type RawHalfScoreOrder = 'after' | 'before' | 'balanced';

export interface RawHalfPrecisionScores {
  keyCount: number;
  scores: Float64Array;
  infinities: number;
  weights: Float64Array;
  nans: number;
  largestExactScore: number;
  byOrder: { order: RawHalfScoreOrder; infinities: number; nans: number }[];
}

export interface RawHalfRowLargest {
  keyCount: number;
  rowLargest: Float64Array;
  rowNans: Float64Array;
  infinities: number;
  nans: number;
  largestExactScore: number;
  byOrder: { order: RawHalfScoreOrder; infinities: number; nans: number }[];
}

export type RawPrecision = 'float64' | 'float32' | 'float16';

export type RawRunKind = 'unscaled' | 'sqrt' | 'linear' | 'learned-temperature' | 'qk-norm' | 'softcap' | 't5-init';

/** Undefined optional fields take the core's defaults; kind wins over the older scaled (true sqrt, false unscaled). */
export interface RawTrainerConfig {
  keyCount: number;
  dk: number;
  kind?: RawRunKind;
  scaled?: boolean;
  softcap?: number;
  seed: number;
  modelDim?: number;
  batchSize?: number;
  learningRate?: number;
  optimizer?: 'adam' | 'sgd';
}

export interface RawTrainingChunk {
  firstStep: number;
  loss: Float64Array;
  accuracy: Float64Array;
  gradientNorm: Float64Array;
  scoreGradientNorm: Float64Array;
  entropy: Float64Array;
  maxAbsScore: Float64Array;
  learnedScale: Float64Array;
}

/** An Embind object in WASM memory: call delete() when done. */
export interface RawTrainer {
  run(steps: number): RawTrainingChunk | Error;
  readonly steps: number;
  delete(): void;
}

export interface RawCoreOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

declare function createAttentionCore(options?: RawCoreOptions): Promise<RawAttentionCore>;
export default createAttentionCore;
