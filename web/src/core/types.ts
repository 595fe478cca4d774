// The idiomatic API of the attention core, shared by the browser, the worker and Node.

export interface SoftmaxOptions {
  /** Divides the scores before the exponential; 1 leaves them as they are. */
  temperature?: number;
}

export interface QueryScoresRequest {
  /** Key dimension dₖ, an integer from 1 to 65536. */
  dk: number;
  /** Number of keys the query is scored against, 1 to 4096. */
  keyCount: number;
  /** Any integer from 0 to 2^53 − 1; the same seed gives the same scores everywhere. */
  seed: number;
}

export interface Core {
  /** Stable softmax of the scores; throws RangeError/TypeError naming the bad argument. */
  softmax(scores: Float64Array, options?: SoftmaxOptions): Float64Array;
  /** Scores q·kⱼ of one random query against random keys, q and k drawn from N(0, I_dₖ). */
  sampleQueryScores(request: QueryScoresRequest): Float64Array;
}

export interface LoadCoreOptions {
  /** Where the .wasm file is, when it is not beside the module (browser only). */
  wasmUrl?: string | URL;
  /** The module's bytes, when the caller already has them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}
