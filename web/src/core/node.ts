// Loads the core in Node: the module's ES6 glue cannot fetch there, so it gets the bytes from disk.
import { readFile } from 'node:fs/promises';
import createAttentionCore from '../../generated/wasm/attention_core.mjs';
import { wrapCore } from './api.js';
import type { Core, LoadCoreOptions } from './types.js';

export { runKinds } from './run-kinds.js';
export type * from './types.js';

const defaultWasmUrl = new URL('../../generated/wasm/attention_core.wasm', import.meta.url);

export async function loadCore(options: LoadCoreOptions = {}): Promise<Core> {
  const wasmBinary = options.wasmBinary ?? (await readFile(options.wasmUrl ?? defaultWasmUrl));
  return wrapCore(await createAttentionCore({ wasmBinary }));
}
