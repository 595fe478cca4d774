// The test-only build of the core (web/generated/wasm-testing): the shipped bindings plus helpers the app never
// calls, such as the engine's raw integers and the heap and stack in use. The site ships web/generated/wasm only.
import { readFile } from 'node:fs/promises';
import createTestingCore from '../../web/generated/wasm-testing/attention_core_testing.mjs';
import { wrapCore } from '../../dist/lib/src/core/api.js';

const wasmUrl = new URL('../../web/generated/wasm-testing/attention_core_testing.wasm', import.meta.url);

/** The bindings only the test-only module has (test_helpers.cpp). */
export const testingHelpers = ['heapBytesInUse', 'randomIntegers', 'stackBytesInUse'];

export async function loadTestingCore() {
  const raw = await createTestingCore({ wasmBinary: await readFile(wasmUrl) });
  return {
    raw,
    /** The same bindings behind the Node package's own JS layer: the Core API, on a module whose memory tests read. */
    core: wrapCore(raw),
    /** The engine's raw 64-bit outputs as BigInts, from [high, low] 32-bit halves. */
    randomIntegers({ seed, stream = 0, count }) {
      const halves = raw.randomIntegers(seed, stream, count);
      if (halves instanceof Error) throw halves;
      return Array.from(
        { length: halves.length / 2 },
        (_, i) => (BigInt(halves[2 * i]) << 32n) | BigInt(halves[2 * i + 1]),
      );
    },
    /** What the module holds now: bytes malloc has handed out, C stack in use, JS values held for C++, memory size. */
    usage() {
      return {
        heap: raw.heapBytesInUse(),
        stack: raw.stackBytesInUse(),
        handles: raw.count_emval_handles(),
        memory: raw.HEAP8.buffer.byteLength,
      };
    },
  };
}
