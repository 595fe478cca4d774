// Browsers start workers only from the page's own origin. When a host page loads our module from another origin, the
// core worker starts from a same-origin blob: that imports ours; it then finds the WASM next to itself
// (import.meta.url).
// That needs CORS on our files and, under a host CSP, `worker-src blob:`. Same-origin hosts need neither.

function sameOriginScript(url: string | URL, options: WorkerOptions | undefined): string | URL {
  const absolute = new URL(String(url), location.href);
  if (absolute.origin === location.origin || absolute.protocol === 'blob:' || absolute.protocol === 'data:') return url;
  const body =
    options?.type === 'module'
      ? `import ${JSON.stringify(absolute.href)};`
      : `importScripts(${JSON.stringify(absolute.href)});`;
  return URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
}

/** Runs `make` (which constructs workers) so that any worker it starts from another origin starts as above. */
export function withLocalWorkers<T>(make: () => T): T {
  const Native = globalThis.Worker;
  class LocalWorker extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(sameOriginScript(url, options), options);
    }
  }
  globalThis.Worker = LocalWorker;
  try {
    return make();
  } finally {
    globalThis.Worker = Native;
  }
}
