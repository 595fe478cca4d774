// The Web Worker that owns the WASM core, so no computation ever runs on the page's main thread.
import { loadCore } from '../core/browser.js';
import type { Core } from '../core/types.js';
import { computations, type ComputationName } from './computations.js';
import { serializeError, type ComputeRequest, type WorkerMessage } from './protocol.js';

const post = (message: WorkerMessage) => self.postMessage(message);
let core: Core | undefined;
const waiting: ComputeRequest[] = [];

function answer(request: ComputeRequest): void {
  try {
    const compute = computations[request.name as ComputationName] as (c: Core, p: unknown) => unknown;
    post({ kind: 'result', id: request.id, result: compute(core as Core, request.params) });
  } catch (error) {
    post({ kind: 'error', id: request.id, error: serializeError(error) });
  }
}

self.addEventListener('message', (event: MessageEvent<ComputeRequest>) => {
  if (core) answer(event.data);
  else waiting.push(event.data);
});

loadCore().then(
  (loaded) => {
    core = loaded;
    post({ kind: 'ready' });
    waiting.splice(0).forEach(answer);
  },
  (error: unknown) => post({ kind: 'failed', error: serializeError(error) }),
);
