// Loads the core in a page or worker; falls back from streaming compilation when .wasm has the wrong MIME type.
import createAttentionCore from '../../generated/wasm/attention_core.mjs';
import { wrapCore } from './api.js';
import type { Core, LoadCoreOptions } from './types.js';

export type * from './types.js';

const defaultWasmUrl = new URL('../../generated/wasm/attention_core.wasm', import.meta.url);

async function instantiate(
  url: string | URL,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`attention core: could not load ${String(url)} (HTTP ${response.status})`);
  const streamable = response.headers.get('content-type')?.startsWith('application/wasm');
  if (streamable && typeof WebAssembly.instantiateStreaming === 'function') {
    return WebAssembly.instantiateStreaming(response, imports);
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}

export async function loadCore(options: LoadCoreOptions = {}): Promise<Core> {
  if (options.wasmBinary) return wrapCore(await createAttentionCore({ wasmBinary: options.wasmBinary }));
  let fail: (reason: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const raw = createAttentionCore({
    instantiateWasm(imports, receive) {
      instantiate(options.wasmUrl ?? defaultWasmUrl, imports).then(
        ({ instance, module }) => receive(instance, module),
        fail,
      );
      return {};
    },
  });
  return wrapCore(await Promise.race([raw, failed]));
}
