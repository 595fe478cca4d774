// The idiomatic API of the attention core, shared by the browser, the worker and Node.

/** How q·k is scaled: none, ÷√dₖ, ÷dₖ, or a number τ (divide by τ). */
export type Scale = 'none' | 'sqrt' | 'linear' | number;
/** Attention adds the variants that also fix the variance: q and k each × dₖ^(−1/4), and cosine/QK-norm ÷ τ. */
export type AttentionScale = Scale | 'balanced' | { cosine: number };
export type GradientSurvival = 'healthy' | 'fading' | 'dying' | 'dead';

export interface SoftmaxOptions {
  /** Divides the scores before the exponential; 1 leaves them as they are. */
  temperature?: number;
  /** One entry per score: 1 keeps the position, 0 masks it out (weight exactly 0). */
  mask?: Uint8Array;
}

export interface SoftmaxStats {
  /** In nats: ln n at uniform, 0 at one-hot. */
  entropy: number;
  perplexity: number;
  maxWeight: number;
  jacobianMaxAbs: number;
  jacobianFrobenius: number;
  /** tr J = Σ ∂pᵢ/∂sᵢ = Σ pᵢ(1 − pᵢ). */
  jacobianTrace: number;
  /** Gradient survival: tr J relative to uniform weights' (a share in [0, 1]) and its band. */
  survival: SurvivalVerdict;
}

export interface ScoreStatistics {
  mean: number;
  variance: number;
  std: number;
  /** What q·k is divided by under the scale. */
  divisor: number;
}

export interface DotProductExperimentRequest {
  dk: number;
  /** Number of sampled pairs (q, k), 2 to 1 000 000. */
  count: number;
  seed: number;
  scale?: Scale;
  /** 'fast' samples √χ²(dₖ)·N(0,1) exactly in O(1) per sample; 'direct' sums dₖ products. */
  method?: 'fast' | 'direct';
  bins?: number;
  /** false returns samples empty: the statistics and histogram without copying every sample out of the core. */
  samples?: boolean;
}

export interface DotProductExperiment {
  samples: Float64Array;
  mean: number;
  variance: number;
  std: number;
  standardErrors: { mean: number; variance: number; std: number };
  theory: { variance: number; std: number };
  histogram: { edges: Float64Array; counts: Float64Array; below: number; above: number };
  /** The N(0, theory variance) density at bin centres, in counts per bin. */
  densityCounts: Float64Array;
}

export interface AttentionRequest {
  /** Row-major n×d queries, m×d keys, m×dv values. */
  q: Float64Array;
  k: Float64Array;
  v: Float64Array;
  n: number;
  m: number;
  d: number;
  dv: number;
  scale?: AttentionScale;
  causal?: boolean;
}

export interface EntropySweepRequest {
  dks: number[];
  keyCount: number;
  trials: number;
  seed: number;
  scales: Scale[];
}

export interface EntropySweep {
  dks: Float64Array;
  maxEntropy: number;
  /** One row per scale, one column per dₖ. */
  meanEntropy: Float64Array[];
  entropyStandardError: Float64Array[];
  meanMaxWeight: Float64Array[];
  maxWeightStandardError: Float64Array[];
}

export interface CosineSweep {
  dimensions: Float64Array;
  samples: Float64Array[];
  mean: Float64Array;
  meanStandardError: Float64Array;
  variance: Float64Array;
  varianceStandardError: Float64Array;
  theoryVariance: Float64Array;
}

export interface QueryScoresRequest {
  /** Key dimension dₖ, an integer from 1 to 65536. */
  dk: number;
  /** Number of keys the query is scored against, 1 to 4096. */
  keyCount: number;
  /** Any integer from 0 to 2^53 − 1; the same seed gives the same scores everywhere. */
  seed: number;
}

/**
 * Gradient survival, the lesson's one verdict on the gradient passing back through the softmax: the trace of
 * J = diag(p) − ppᵀ relative to its value at uniform weights, Σpᵢ(1 − pᵢ) / (1 − 1/n), in [0, 1] (1 only at uniform,
 * 0 at one-hot). See core/gradient_survival.hpp.
 */
export interface SurvivalVerdict {
  share: number;
  state: GradientSurvival;
}

/** Lower edges of the bands as shares: share ≥ healthy is healthy, ≥ fading fading, ≥ dying dying, below dead. */
export interface SurvivalThresholds {
  healthy: number;
  fading: number;
  dying: number;
}

export interface Core {
  /** Stable softmax of the scores; throws RangeError/TypeError naming the bad argument. */
  softmax(scores: Float64Array, options?: SoftmaxOptions): Float64Array;
  logSoftmax(scores: Float64Array, options?: SoftmaxOptions): Float64Array;
  /** Statistics of softmax(scores, options). */
  softmaxStats(scores: Float64Array, options?: SoftmaxOptions): SoftmaxStats;
  /**
   * J = diag(p) − ppᵀ for weights p, row-major n×n: a new array, or written into `into` (n² long) and returned, so a
   * caller computing J in a loop reuses one array.
   */
  softmaxJacobian(p: Float64Array, into?: Float64Array): Float64Array;
  /** A core-owned n×n buffer for J: no copy per call, for large n. Free it with delete() (in a finally). */
  createJacobianBuffer(): JacobianBuffer;
  /** The x at which p₁ of softmax([x, 0, …, 0]) over keyCount positions equals threshold. */
  saturationCrossing(request: { threshold: number; keyCount: number }): number;
  /** P(|Z| ≤ sigmas) for a standard normal Z, e.g. ≈ 0.954 within two standard deviations. */
  normalWithin(request: { sigmas: number }): number;
  /** Theoretical mean, variance and std of q·k under the scale. */
  scoreStatistics(request: { dk: number; scale: Scale }): ScoreStatistics;
  dotProductExperiment(request: DotProductExperimentRequest): DotProductExperiment;
  attention(request: AttentionRequest): { weights: Float64Array; output: Float64Array };
  entropySweep(request: EntropySweepRequest): EntropySweep;
  /** p₁ of softmax([x, 0, …, 0]) for each x. */
  saturationCurve(request: { xs: Float64Array; keyCount: number }): Float64Array;
  jacobianNormsByMultiplier(request: { scores: Float64Array; multipliers: Float64Array }): {
    multipliers: Float64Array;
    maxAbs: Float64Array;
    frobenius: Float64Array;
    /** Gradient survival of each multiplier's weights. */
    survivalShare: Float64Array;
  };
  /**
   * Cosines of random vector pairs per dimension. method 'direct' (default) draws both vectors, O(d) per pair;
   * 'fast' draws z / √(z² + χ²(d − 1)), the same distribution in O(1) per pair.
   */
  cosineSweep(request: { dimensions: number[]; pairs: number; seed: number; method?: 'fast' | 'direct' }): CosineSweep;
  /** Scores q·kⱼ of one random query against random keys, q and k drawn from N(0, I_dₖ). */
  sampleQueryScores(request: QueryScoresRequest): Float64Array;
  /** Gradient survival of weights p (length 2 or more): the verdict every widget shows. */
  gradientSurvival(p: Float64Array): SurvivalVerdict;
  survivalThresholds(): SurvivalThresholds;
  sampleNormals(request: { count: number; seed: number }): Float64Array;
  /**
   * The stable softmax with every intermediate rounded to float64, float32 or float16 (IEEE binary16 emulated
   * exactly, subnormals included): shows where unscaled weights underflow to exactly 0.
   */
  softmaxInPrecision(scores: Float64Array, options: PrecisionSoftmaxOptions): PrecisionSoftmax;
  /**
   * q·k computed in float16 (every product and partial sum rounded, IEEE binary16 emulated exactly) with the
   * ÷√dₖ after the product, before it (on q) or balanced (dₖ^(−1/4) on each side): where 'after' overflows to ±∞
   * and the softmax turns it into NaN, while the other orders stay finite.
   */
  float16Scores(request: Float16ScoresRequest): Float16Scores;
  /**
   * Of float16Scores' result, each row's largest |score| and NaN weights and every count, with the same values, for
   * less work: a pair other than a row's own is emulated only where its float16 sum is not bounded below both rows'
   * own scores and 65504 (σ²√dₖ against σ²dₖ: unrelated rows' pairs seldom are).
   */
  float16RowLargest(request: Float16ScoresRequest): Float16RowLargest;
  /** The entry spread σ at which the aligned score σ²·dₖ reaches 65504: √(65504/dₖ), 4.0 at dₖ 4096. */
  float16OverflowSpread(request: { dk: number }): number;
  /**
   * Scores of aligned queries and keys (k = ρ·q + √(1−ρ²)·z, as training leaves them), under no scale, ÷√dₖ and
   * ÷dₖ: pairs exact samples of each, their sample mean and std, and the closed forms (alignedScoreStatistics).
   */
  alignedScores(request: AlignedScoresRequest): AlignedScores;
  /** Mean ρ·dₖ ÷ divisor and variance dₖ(1 + ρ²) ÷ divisor² of q·k for alignment ρ: ÷√dₖ grows, ÷dₖ stays ρ. */
  alignedScoreStatistics(request: { dk: number; alignment: number; scale: Scale }): ScoreStatistics;
  /** A one-head attention model on the retrieval task, trained in WASM; call delete() when done (in `finally`). */
  createTrainer(config: TrainerConfig): Trainer;
}

export interface AlignedScoresRequest {
  /** Key dimension dₖ, an integer from 1 to 65536. */
  dk: number;
  /** Correlation ρ of each component of q with the same component of k, from −1 to 1 (0: independent). */
  alignment: number;
  /** Independent (q, k) pairs sampled, 2 to 1 000 000. */
  pairs: number;
  /** 0 to 2^53 − 1; the same seed gives the same pairs at every scale. */
  seed: number;
}

export interface AlignedScaleScores {
  /** The pairs' scores q·k divided by this scale's divisor. */
  scores: Float64Array;
  /** Sample mean and standard deviation of the scores. */
  mean: number;
  std: number;
  /** The closed forms they estimate: mean ρ·dₖ ÷ divisor, variance dₖ(1 + ρ²) ÷ divisor². */
  theory: ScoreStatistics;
}

export interface AlignedScores {
  dk: number;
  alignment: number;
  none: AlignedScaleScores;
  sqrt: AlignedScaleScores;
  linear: AlignedScaleScores;
}

export interface LoadCoreOptions {
  /** Where the .wasm file is, when it is not beside the module (browser only). */
  wasmUrl?: string | URL;
  /** The module's bytes, when the caller already has them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export type Precision = 'float64' | 'float32' | 'float16';

/** Where the ÷√dₖ goes in a float16 q·k: after the product, before it (on q), or split dₖ^(−1/4) on q and k. */
export type Float16ScoreOrder = 'after' | 'before' | 'balanced';

export interface Float16ScoresRequest {
  /** dₖ, 1 to 65536. */
  dk: number;
  /** Tokens (queries, and keys: each token's key is its query, its perfect match), 1 to 256; keyCount²·dk ≤ 4194304. */
  keyCount: number;
  /** Standard deviation of the entries of q and k, in (0, 1000]. */
  spread: number;
  order: Float16ScoreOrder;
  /** 0 to 2^53 − 1; the same seed gives the same q and k for every order. */
  seed: number;
}

export interface Float16Scores {
  keyCount: number;
  /** Row-major keyCount × keyCount scores, the exact float16 values as doubles (±Infinity where they overflowed). */
  scores: Float64Array;
  /** How many scores overflowed: ±Infinity, or NaN where products overflowed to both signs (spreads above ≈ 29). */
  infinities: number;
  /** Each row's softmax computed in float16, row-major; NaN where ∞ − ∞ arose. */
  weights: Float64Array;
  /** How many weights are NaN. */
  nans: number;
  /** The largest |q·k| in exact arithmetic (before any scaling): compare with 65504, float16's largest value. */
  largestExactScore: number;
  /**
   * ∞ scores and NaN weights of all three orders at these settings (the same q and k), in the order after, before,
   * balanced: what each order would count, computed cheaply for the orders not asked (pairs that provably cannot
   * overflow are not emulated).
   */
  byOrder: { order: Float16ScoreOrder; infinities: number; nans: number }[];
}

export interface Float16RowLargest {
  keyCount: number;
  /** Per query row, the largest |score| float16 gives it: Infinity where one overflowed, NaN where one is NaN. */
  rowLargest: Float64Array;
  /** Per query row, its NaN weights (all of the row's, or none). */
  rowNans: Float64Array;
  infinities: number;
  nans: number;
  largestExactScore: number;
  byOrder: { order: Float16ScoreOrder; infinities: number; nans: number }[];
}

export interface PrecisionSoftmaxOptions {
  /** Divides the scores before the exponential (rounded to the precision first); 1 leaves them as they are. */
  temperature?: number;
  precision: Precision;
}

export interface PrecisionSoftmax {
  /** Exact values of the precision, as doubles. */
  weights: Float64Array;
  /** How many weights came out exactly 0 (their exponential underflowed). */
  exactZeros: number;
}

/**
 * How a run turns r = q·kⱼ into the score (core/training_kinds.hpp):
 * 'unscaled' r; 'sqrt' r/√dₖ; 'linear' r/dₖ; 'learned-temperature' r/τ with τ = e^θ learned, starting at √dₖ;
 * 'qk-norm' g·cos(q, kⱼ) with g = e^θ learned, starting at √dₖ; 'softcap' c·tanh((r/√dₖ)/c) (Gemma 2, c = softcap);
 * 't5-init' r, with W_q initialised × 1/√dₖ so the initial scores have variance 1.
 */
export type RunKind = 'unscaled' | 'sqrt' | 'linear' | 'learned-temperature' | 'qk-norm' | 'softcap' | 't5-init';

/**
 * "Train it": each query must find its matching key among keyCount random items. q = x̃W_q, kⱼ = xⱼW_k, sⱼ from
 * q·kⱼ by the run kind; the output Σ softmax(s)ⱼ xⱼ must reproduce the target item (squared error).
 * Every kind of one seed starts from the same normal draws and sees the same batches.
 */
export interface TrainerConfig {
  /** n, 2 to 256. */
  keyCount: number;
  /** dₖ, 1 to 1024. */
  dk: number;
  /** Default 'sqrt' (or what `scaled` says). */
  kind?: RunKind;
  /** The older switch, kept as an alias: true is kind 'sqrt', false 'unscaled'. Must agree with kind if both given. */
  scaled?: boolean;
  /** c of the 'softcap' kind, 0.001 to 1e6 (default 50, Gemma 2's); ignored by the other kinds. */
  softcap?: number;
  /** 0 to 2^53 − 1. */
  seed: number;
  /** Width of an item, 1 to 256 (default 32). */
  modelDim?: number;
  /**
   * 1 to 256 (default 16); batchSize·modelDim·(keyCount + dk) at most 2 097 152 (qk-norm adds
   * batchSize·keyCount·modelDim² + 2·modelDim²·dk).
   */
  batchSize?: number;
  /** 1e-6 to 10 (default 0.01 for Adam, 1 for SGD). */
  learningRate?: number;
  /** Default 'adam' (β₁ 0.9, β₂ 0.999, ε 1e-8); 'sgd' is plain gradient descent. */
  optimizer?: 'adam' | 'sgd';
}

/** One entry per step, measured on that step's batch before its update. */
export interface TrainingChunk {
  /** Steps completed before this chunk. */
  firstStep: number;
  /** Mean squared error per component, ‖o − x_target‖²/modelDim. */
  loss: Float64Array;
  /** Fraction of the batch whose highest score is the target. */
  accuracy: Float64Array;
  /** sqrt(‖∂L/∂W_q‖² + ‖∂L/∂W_k‖²). Larger when unscaled (∂s/∂W has no 1/√dₖ), yet learning stalls. */
  gradientNorm: Float64Array;
  /** Median over the batch of ‖∂loss/∂scores‖: the gradient the softmax lets through; it dies when unscaled. */
  scoreGradientNorm: Float64Array;
}

/** Per-step diagnostics for the run kinds (separate from TrainingChunk so existing chunk copies still type-check). */
export interface TrainingDiagnostics {
  /** Mean attention entropy over the batch, in nats (ln keyCount uniform, 0 one-hot): collapses near 0. */
  entropy: Float64Array;
  /** Largest |score| (the logit the softmax sees) in the batch. */
  maxAbsScore: Float64Array;
  /** The learned τ (learned-temperature) or g (qk-norm) before the step's update; NaN for the other kinds. */
  learnedScale: Float64Array;
}

export interface JacobianBuffer {
  /**
   * J = diag(p) − ppᵀ (row-major) as a view of WASM memory, not a copy: read it before the next core call (which
   * may move memory), or .slice() it to keep it.
   */
  compute(p: Float64Array): Float64Array;
  /** Frees the WASM memory; afterwards compute throws a TypeError. Calling it again does nothing. */
  delete(): void;
}

export interface Trainer {
  /** steps optimisation steps, 1 to 1000 (keep chunks small, 5–20, so the worker stays responsive). */
  run(steps: number): TrainingChunk & TrainingDiagnostics;
  readonly steps: number;
  /** Frees the WASM memory; afterwards run and steps throw a TypeError. Calling it again does nothing. */
  delete(): void;
}
