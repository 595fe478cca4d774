// The first figure's small core (web/bindings/first_figure_core.cpp): dotProductExperiment alone, in a standalone
// .wasm whose glue is this file, so the page draws that figure before the full core has arrived. Same core sources
// and flags as the full module: the same bits for the same request.
import type { RawAttentionCore, RawDotProductExperiment } from '../../generated/wasm/attention_core.mjs';
import { dotProductExperimentOf } from './dot-product.js';
import { fetchWasm } from './fetch-wasm.js';
import type { Core } from './types.js';

/** The core functions the small module answers, exactly as the full core does. */
export const firstFigureCalls = ['dotProductExperiment'] as const;
export type FirstFigureCore = Pick<Core, (typeof firstFigureCalls)[number]>;

interface Exports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  textBuffer(bytes: number): number;
  dotProductExperiment(
    dk: number,
    count: number,
    seed: number,
    modeBytes: number,
    temperature: number,
    methodBytes: number,
    bins: number,
    withSamples: number,
  ): number;
  answerAddress(): number;
  rejectionText(): number;
  rejectionIsType(): number;
}

// What the module asks of its host: to hear of memory growth (views are taken afresh after every call anyway) and,
// were it ever to exit, to stop the call.
const imports: WebAssembly.Imports = {
  env: { emscripten_notify_memory_growth: () => undefined },
  wasi_snapshot_preview1: {
    proc_exit: (code: number) => {
      throw new Error(`attention core (first figure): stopped with code ${code}`);
    },
  },
};

/** Its answer's head, in first_figure_core.cpp's order, before edges, counts, density counts and samples. */
const headLength = 12;

function rawOf(wasm: Exports): Pick<RawAttentionCore, 'dotProductExperiment'> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const doubles = (at: number, count: number) => new Float64Array(wasm.memory.buffer, at, count).slice();
  return {
    dotProductExperiment(dk, count, seed, mode, temperature, method, bins, withSamples) {
      const modeBytes = encoder.encode(mode);
      const methodBytes = encoder.encode(method);
      const room = wasm.textBuffer(modeBytes.length + methodBytes.length);
      if (room === 0) return new TypeError('dotProductExperiment: method must be a short name, got a long string');
      const text = new Uint8Array(wasm.memory.buffer, room, modeBytes.length + methodBytes.length);
      text.set(modeBytes);
      text.set(methodBytes, modeBytes.length);
      const answered = wasm.dotProductExperiment(
        dk,
        count,
        seed,
        modeBytes.length,
        temperature,
        methodBytes.length,
        bins,
        withSamples ? 1 : 0,
      );
      if (!answered) {
        const at = wasm.rejectionText();
        const bytes = new Uint8Array(wasm.memory.buffer, at);
        const message = decoder.decode(bytes.subarray(0, bytes.indexOf(0)));
        return new (wasm.rejectionIsType() ? TypeError : RangeError)(message);
      }
      const at = wasm.answerAddress();
      const head = doubles(at, headLength);
      const [mean, variance, std, meanStandardError, varianceStandardError, stdStandardError] = head;
      const [theoryVariance, theoryStd, below, above, binCount, sampleCount] = head.subarray(6);
      let next = at + headLength * 8;
      const take = (length: number) => {
        const values = doubles(next, length);
        next += length * 8;
        return values;
      };
      const edges = take(binCount! + 1);
      const counts = take(binCount!);
      const densityCounts = take(binCount!);
      const samples = take(sampleCount!);
      const answer: RawDotProductExperiment = {
        samples,
        mean: mean!,
        variance: variance!,
        std: std!,
        meanStandardError: meanStandardError!,
        varianceStandardError: varianceStandardError!,
        stdStandardError: stdStandardError!,
        theoryVariance: theoryVariance!,
        theoryStd: theoryStd!,
        histogram: { edges, counts, below: below!, above: above! },
        densityCounts,
      };
      return answer;
    },
  };
}

// A function, not a constant: a build that never loads this core (the single file) then leaves its file out.
const defaultWasmUrl = () => new URL('../../generated/wasm/first_figure_core.wasm', import.meta.url);

/** The small core, from `wasmBinary` (Node) or fetched from `wasmUrl` (by default the one built beside this file). */
export async function loadFirstFigureCore(
  options: { wasmUrl?: string | URL; wasmBinary?: BufferSource } = {},
): Promise<FirstFigureCore> {
  const { instance } = await (options.wasmBinary
    ? WebAssembly.instantiate(options.wasmBinary, imports)
    : fetchWasm(options.wasmUrl ?? defaultWasmUrl(), imports));
  const wasm = instance.exports as unknown as Exports;
  wasm._initialize();
  return { dotProductExperiment: dotProductExperimentOf(rawOf(wasm)) };
}
