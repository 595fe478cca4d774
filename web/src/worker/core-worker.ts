// The Web Worker that owns the WASM core: training and every computation too heavy for the page's own thread.
import { loadCompiledCore } from '../core/browser.js';
import type { Core } from '../core/types.js';
import { computeLoaders } from '../widgets/compute-loaders.generated.js';
import { TrainingSession } from '../training/session.js';
import {
  serializeError,
  type ComputeRequest,
  type PageMessage,
  type TrainCommand,
  type WorkerMessage,
} from './protocol.js';

const post = (message: WorkerMessage) => self.postMessage(message);
let core: Core | undefined;
const waiting: PageMessage[] = [];
const sessions = new Map<string, TrainingSession>();

function steer(command: TrainCommand): void {
  const { session } = command;
  if (command.action === 'allow') {
    sessions.get(session)?.allow(command.steps);
    return;
  }
  if (command.action !== 'start') {
    sessions.get(session)?.[command.action]();
    return;
  }
  const training = new TrainingSession(core as Core, command.params, {
    progress: (progress) => post({ kind: 'train-progress', session, progress }),
    state: (state, stepsDone, error) =>
      post({
        kind: 'train-state',
        session,
        state,
        stepsDone,
        ...(error === undefined ? {} : { error: serializeError(error) }),
      }),
  });
  sessions.set(session, training);
  void training.run().finally(() => sessions.delete(session));
}

function handle(message: PageMessage): void {
  if (message.kind === 'train') steer(message);
  else if (message.kind === 'compute') void answer(message);
}

// Each widget's computation is fetched the first time it is asked for, so the worker starts with the core alone.
async function answer(request: ComputeRequest): Promise<void> {
  try {
    if (!Object.hasOwn(computeLoaders, request.widget))
      throw new TypeError(`core worker: no widget called "${String(request.widget)}"`);
    const compute = (await computeLoaders[request.widget]()).compute as (c: Core, p: unknown) => unknown;
    post({ kind: 'result', id: request.id, result: compute(core as Core, request.params) });
  } catch (error) {
    post({ kind: 'error', id: request.id, error: serializeError(error) });
  }
}

self.addEventListener('message', (event: MessageEvent<PageMessage | { kind: 'ping' }>) => {
  const message = event.data;
  // A ping is answered even while the core loads: the page only wants to know the worker is alive.
  if (message.kind === 'ping') post({ kind: 'pong' });
  else if (core) handle(message);
  else waiting.push(message);
});

loadCompiledCore().then(
  (loaded) => {
    core = loaded.core;
    // A worker of another agent cluster (a data: URL) cannot share the module: the page then fetches the .wasm.
    try {
      post({ kind: 'ready', wasmModule: loaded.module });
    } catch {
      post({ kind: 'ready' });
    }
    waiting.splice(0).forEach(handle);
  },
  (error: unknown) => post({ kind: 'failed', error: serializeError(error) }),
);
