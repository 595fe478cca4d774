// A .wasm fetched and instantiated, streaming where the server sends application/wasm, else from its bytes: some LMS
// file servers send application/octet-stream, which streaming compilation refuses.
export async function fetchWasm(
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
