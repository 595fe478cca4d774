// The Web Worker that owns the WASM core, so no computation ever runs on the page's main thread.
import { loadCore } from '../core/browser.js';
import type { Core } from '../core/types.js';
import { computations, type ComputationName } from './computations.js';
import { serializeError, type ComputeRequest, type PageMessage, type TrainCommand, type WorkerMessage } from './protocol.js';
import { TrainingSession } from './training.js';

const post = (message: WorkerMessage) => self.postMessage(message);
let core: Core | undefined;
const waiting: PageMessage[] = [];
const sessions = new Map<string, TrainingSession>();

function steer(command: TrainCommand): void {
  const { session } = command;
  if (command.action !== 'start') {
    sessions.get(session)?.[command.action]();
    return;
  }
  const training = new TrainingSession(core as Core, command.params, {
    progress: (progress) => post({ kind: 'train-progress', session, progress }),
    state: (state, stepsDone, error) =>
      post({ kind: 'train-state', session, state, stepsDone, ...(error === undefined ? {} : { error: serializeError(error) }) }),
  });
  sessions.set(session, training);
  void training.run().finally(() => sessions.delete(session));
}

function handle(message: PageMessage): void {
  if ('kind' in message) steer(message);
  else answer(message);
}

function answer(request: ComputeRequest): void {
  try {
    const compute = computations[request.name as ComputationName] as (c: Core, p: unknown) => unknown;
    post({ kind: 'result', id: request.id, result: compute(core as Core, request.params) });
  } catch (error) {
    post({ kind: 'error', id: request.id, error: serializeError(error) });
  }
}

self.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  if (core) handle(event.data);
  else waiting.push(event.data);
});

loadCore().then(
  (loaded) => {
    core = loaded;
    post({ kind: 'ready' });
    waiting.splice(0).forEach(handle);
  },
  (error: unknown) => post({ kind: 'failed', error: serializeError(error) }),
);
