// Loads the core in a page or worker (fetch-wasm.ts falls back when .wasm has the wrong MIME type).
import createAttentionCore from '../../generated/wasm/attention_core.mjs';
import { wrapCore } from './api.js';
import { fetchWasm } from './fetch-wasm.js';
import type { Core, LoadCoreOptions } from './types.js';

export type * from './types.js';

const defaultWasmUrl = new URL('../../generated/wasm/attention_core.wasm', import.meta.url);

export async function loadCore(options: LoadCoreOptions = {}): Promise<Core> {
  return (await loadCompiledCore(options)).core;
}

/**
 * loadCore, also handing back the compiled WebAssembly.Module, so that a worker can pass it to its page (which then
 * neither downloads nor compiles the .wasm again); `module`, when given, is instantiated instead of fetching.
 */
export async function loadCompiledCore(
  options: LoadCoreOptions & { module?: WebAssembly.Module } = {},
): Promise<{ core: Core; module?: WebAssembly.Module }> {
  if (options.module !== undefined && !(options.module instanceof WebAssembly.Module))
    throw new TypeError('loadCompiledCore: module must be a WebAssembly.Module');
  if (options.wasmBinary) return { core: wrapCore(await createAttentionCore({ wasmBinary: options.wasmBinary })) };
  let fail: (reason: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  let compiled: WebAssembly.Module | undefined;
  const given = options.module;
  const raw = createAttentionCore({
    instantiateWasm(imports, receive) {
      const instantiated = given
        ? WebAssembly.instantiate(given, imports).then((instance) => ({ instance, module: given }))
        : fetchWasm(options.wasmUrl ?? defaultWasmUrl, imports);
      instantiated.then(({ instance, module }) => {
        compiled = module;
        receive(instance, module);
      }, fail);
      return {};
    },
  });
  const core = wrapCore(await Promise.race([raw, failed]));
  return { core, module: compiled };
}
