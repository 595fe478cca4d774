// The Web Worker that owns the WASM core: training and every computation too heavy for the page's own thread.
// It starts with the first figure's small core (first-figure-core.ts) and fetches the full one once the page asks
// (after its first figure is interactive) or a request needs it; coreFor() alone decides which core answers.
import { firstFigureCalls, loadFirstFigureCore, type FirstFigureCore } from '../core/first-figure-core.js';
import type { Core } from '../core/types.js';
import { computeLoaders } from '../widgets/compute-loaders.generated.js';
import {
  serializeError,
  type ComputeRequest,
  type PageMessage,
  type TrainCommand,
  type WorkerMessage,
} from './protocol.js';

type FullCoreChunk = typeof import('./full-core.js');
interface FullCore {
  core: Core;
  TrainingSession: FullCoreChunk['TrainingSession'];
}
type Session = InstanceType<FullCoreChunk['TrainingSession']>;

interface ComputeModule {
  compute: (core: Core, params: unknown) => unknown;
  /** The core functions compute() calls, where its folder lists them: only then may the small core answer. */
  coreCalls?: readonly string[];
}

const post = (message: WorkerMessage) => self.postMessage(message);
let firstFigureCore: FirstFigureCore | undefined;
let fullCore: FullCore | undefined;
let fullCoreLoading: Promise<FullCore> | undefined;
/** The last computation the small core answered, to be run again on the full core when it arrives. */
let lastOnSmallCore: { module: ComputeModule; params: unknown } | undefined;
let readySent = false;
const sessions = new Map<string, Session>();
let training: Promise<unknown> = Promise.resolve();

// Once: a failure here is the core's failure, which the page reports and retries by starting a new worker.
function loadFullCore(): Promise<FullCore> {
  if (fullCoreLoading) return fullCoreLoading;
  fullCoreLoading = import('./full-core.js').then(async ({ loadCompiledCore, TrainingSession }) => {
    const loaded = await loadCompiledCore();
    // The small core's last computation again, here: the figure's next step finds its draws kept in the full core,
    // and the functions it runs are compiled before the page's own core, built from this module, runs them.
    try {
      lastOnSmallCore?.module.compute(loaded.core, lastOnSmallCore.params);
    } catch {
      // It ran on the small core: the full one, the same code, fails alike and the figure already has its answer.
    }
    fullCore = { core: loaded.core, TrainingSession };
    // The small core answers nothing more: its memory (its kept draws too) goes.
    firstFigureCore = undefined;
    lastOnSmallCore = undefined;
    ready();
    // A worker of another agent cluster (a data: URL) cannot share the module: the page then fetches the .wasm.
    try {
      post({ kind: 'full-core', wasmModule: loaded.module });
    } catch {
      post({ kind: 'full-core' });
    }
    return fullCore;
  });
  fullCoreLoading.catch((error: unknown) => post({ kind: 'failed', error: serializeError(error) }));
  return fullCoreLoading;
}

/**
 * The core that answers a computation: the full one once it is here; before, the small one for a computation that
 * calls nothing else (the same bits either way: the same sources and flags), and otherwise the full one, fetched now.
 */
async function coreFor(module: ComputeModule): Promise<Core> {
  const calls: readonly string[] = firstFigureCalls;
  const small = module.coreCalls?.every((call) => calls.includes(call)) ?? false;
  if (small && !fullCore) await smallCoreLoading;
  if (fullCore) return fullCore.core;
  // Its coreCalls type compute()'s core as Pick<Core, …those calls>, so the small core is all it touches.
  if (small && firstFigureCore) return firstFigureCore as Core;
  return (await loadFullCore()).core;
}

function steer({ TrainingSession, core }: FullCore, command: TrainCommand): void {
  const { session } = command;
  if (command.action === 'allow') {
    sessions.get(session)?.allow(command.steps);
    return;
  }
  if (command.action !== 'start') {
    sessions.get(session)?.[command.action]();
    return;
  }
  const run = new TrainingSession(core, command.params, {
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
  sessions.set(session, run);
  void run.run().finally(() => sessions.delete(session));
}

function handle(message: PageMessage): void {
  if (message.kind === 'full-core') void loadFullCore().catch(() => undefined);
  // Training needs the full core; its commands keep their order while it arrives.
  else if (message.kind === 'train')
    training = training.then(loadFullCore).then(
      (full) => steer(full, message),
      () => undefined,
    );
  else void answer(message);
}

// Each widget's computation is fetched the first time it is asked for, so the worker starts with a core alone.
async function answer(request: ComputeRequest): Promise<void> {
  try {
    if (!Object.hasOwn(computeLoaders, request.widget))
      throw new TypeError(`core worker: no widget called "${String(request.widget)}"`);
    const module = (await computeLoaders[request.widget]()) as unknown as ComputeModule;
    const core = await coreFor(module);
    if (core === firstFigureCore) lastOnSmallCore = { module, params: request.params };
    post({ kind: 'result', id: request.id, result: module.compute(core, request.params) });
  } catch (error) {
    post({ kind: 'error', id: request.id, error: serializeError(error) });
  }
}

// Once, when the first core is up, whichever it is: the figures stop saying that the core is loading.
function ready(): void {
  if (readySent) return;
  readySent = true;
  post({ kind: 'ready' });
}

// Messages are handled at once: a request the small core cannot answer has the full core fetched without waiting.
self.addEventListener('message', (event: MessageEvent<PageMessage | { kind: 'ping' }>) => {
  const message = event.data;
  // A ping is answered even while a core loads: the page only wants to know the worker is alive.
  if (message.kind === 'ping') post({ kind: 'pong' });
  else handle(message);
});

// The single file inlines every asset into one worker: there the small core would only add bytes.
const smallCoreLoading: Promise<FirstFigureCore | undefined> =
  import.meta.env.MODE === 'single' ? Promise.resolve(undefined) : loadFirstFigureCore().catch(() => undefined);
void smallCoreLoading.then((core) => {
  if (core && !fullCore) {
    firstFigureCore = core;
    ready();
  }
  // Without it the worker starts with the full core; if that fails too, loadFullCore reports it.
  else if (!core) loadFullCore().catch(() => undefined);
});
