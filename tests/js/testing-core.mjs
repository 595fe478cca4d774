// The test-only build of the core (web/generated/wasm-testing): the shipped bindings plus helpers the app never
// calls, such as the engine's raw integers. The site ships web/generated/wasm only.
import { readFile } from 'node:fs/promises';
import createTestingCore from '../../web/generated/wasm-testing/attention_core_testing.mjs';

const wasmUrl = new URL('../../web/generated/wasm-testing/attention_core_testing.wasm', import.meta.url);

export async function loadTestingCore() {
  const raw = await createTestingCore({ wasmBinary: await readFile(wasmUrl) });
  return {
    raw,
    /** The engine's raw 64-bit outputs as BigInts, from [high, low] 32-bit halves. */
    randomIntegers({ seed, stream = 0, count }) {
      const halves = raw.randomIntegers(seed, stream, count);
      return Array.from(
        { length: halves.length / 2 },
        (_, i) => (BigInt(halves[2 * i]) << 32n) | BigInt(halves[2 * i + 1]),
      );
    },
  };
}
