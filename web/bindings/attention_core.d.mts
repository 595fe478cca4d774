// Types of the raw Embind module; the idiomatic API in web/src/core wraps it.
export interface RawAttentionCore {
  softmax(scores: Float64Array, temperature: number): Float64Array;
  sampleQueryScores(keyDimension: number, keyCount: number, seed: number): Float64Array;
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
