// The page's side of the core worker: promises per request, training sessions, and recovery when the worker dies.
// Computations cheap enough run on the page's own core instead, so a slider's change is drawn in the same frame.
import type { TrainingRequest } from '../training/session.js';
import type { PageCore } from './page-core.js';
import { whenIdle } from './when-idle.js';
import type {
  ComputationName,
  ComputeRequest,
  PageMessage,
  ParamsOf,
  ResultOf,
  TrainCommand,
  TrainingMessage,
  WorkerMessage,
} from './protocol.js';

/** Vite finds the worker through this exact `new Worker(new URL(…))` form, so every start goes through it. */
export function startCoreWorker(): Worker {
  return new Worker(new URL('./core-worker.ts', import.meta.url), { type: 'module' });
}

export type CoreStatus =
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'restarting'; reason: string }
  | { state: 'failed'; reason: string };

/** The page's own core, started once the worker has the full core: from its compiled module, or else fetched. */
export const startPageCore = (module?: WebAssembly.Module): Promise<PageCore> =>
  import('./page-core.js').then((m) => m.startPageCore(module));

/** The full core is asked for this long after the first figure: after that figure's bytes, yet before most keys. */
const fullCoreDelay = 300;

/** Where a result was computed: the worker, or the page's own core. */
export type ComputedIn = 'worker' | 'page';

type Pending = { request: ComputeRequest; resolve: (value: unknown) => void; reject: (reason: Error) => void };

/** A worker silent this long while work is outstanding is taken for dead (pings are answered between chunks). */
const silenceLimit = 5000;
const pingAfter = 1500;
/** More restarts than this within restartWindow means something is really broken: stop and offer a retry. */
const maxRestarts = 2;
const restartWindow = 60000;

export class CoreClient {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly trainingListeners = new Map<string, (message: TrainingMessage) => void>();
  private readonly statusListeners = new Set<(status: CoreStatus) => void>();
  private nextId = 1;
  private restarts: number[] = [];
  private lastHeard = 0;
  private watchdog?: ReturnType<typeof setInterval>;
  private current: CoreStatus = { state: 'loading' };
  /** Settles once, with the first start: kept for callers that only care whether the core came up at all. */
  readonly ready: Promise<void>;
  private settleReady!: { resolve: () => void; reject: (error: Error) => void };
  private pageCore?: PageCore;
  private pageCoreAsked = false;
  /** This worker was asked for its full core (it starts with the first figure's small one). */
  private fullCoreAsked = false;
  private fullCoreUp = false;
  private answered = false;
  private wasmModule?: WebAssembly.Module;
  private disposed = false;
  private readonly computedInPage = new WeakSet<object>();
  /** The latest parameters asked per computation, so the page's core can warm those computations when it starts. */
  private readonly lastAsked = new Map<ComputationName, unknown>();
  /** The worker's last results: a slider moved back to where it was asks again for numbers already drawn. */
  private readonly recent = new RecentResults(recentResults);

  /** `loadPageCore` null keeps every computation in the worker. */
  constructor(
    private readonly start: () => Worker = startCoreWorker,
    private readonly loadPageCore: ((module?: WebAssembly.Module) => Promise<PageCore>) | null = startPageCore,
  ) {
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    this.ready.catch(() => undefined); // a page that never asks must not see an unhandled rejection
    this.launch();
  }

  get status(): CoreStatus {
    return this.current;
  }

  /** Calls listener on every change of status (and once now); returns the function that stops it. */
  onStatus(listener: (status: CoreStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.current);
    return () => this.statusListeners.delete(listener);
  }

  /** Whether this result (an object compute() resolved with) was computed on the page's thread or in the worker. */
  computedIn(result: unknown): ComputedIn {
    return typeof result === 'object' && result !== null && this.computedInPage.has(result) ? 'page' : 'worker';
  }

  /**
   * The result of `params`, from the page's core, the results kept, or the worker. When the worker answers, `onDraft`
   * is first called at once, before this returns, with a first part the page's core computed (see draft), if any.
   */
  compute<Name extends ComputationName>(
    widget: Name,
    params: ParamsOf<Name>,
    onDraft?: (result: ResultOf<Name>, params: ParamsOf<Name>) => void,
  ): Promise<ResultOf<Name>> {
    this.lastAsked.set(widget, params);
    const key = `${widget} ${JSON.stringify(params)}`;
    const here = this.computeInPage(widget, params);
    // The page's core is asked first, so that it keeps the state the figure is at; its answers are kept too, so a
    // step back to one after a phone's slow run sent the figure to the worker is drawn at once, not a frame late.
    if (here) return Promise.resolve(this.recent.keep(key, here.result) as ResultOf<Name>);
    const known = this.recent.take(key);
    if (known !== undefined) return Promise.resolve(known as ResultOf<Name>);
    if (onDraft) {
      const first = this.draft(widget, params);
      if (first) onDraft(first.result, first.params);
    }
    const request = { kind: 'compute', id: this.nextId++, widget, params } as ComputeRequest;
    const answer = new Promise<unknown>((resolve, reject) => {
      if (this.current.state === 'failed') {
        reject(new Error(`the computation core is not running (${this.current.reason})`));
        return;
      }
      this.pending.set(request.id, { request, resolve, reject });
      this.post(request);
    });
    return answer.then((result) => this.recent.keep(key, result) as ResultOf<Name>);
  }

  /**
   * Starts a training session; its progress and state changes arrive at onMessage until it stops, finishes or fails.
   */
  train(params: TrainingRequest, onMessage: (message: TrainingMessage) => void): TrainingHandle {
    const session = `training-${this.nextId++}`;
    const send = (command: TrainCommand) => this.post(command);
    this.trainingListeners.set(session, (message) => {
      if (message.kind === 'train-state' && ['stopped', 'finished', 'failed'].includes(message.state))
        this.trainingListeners.delete(session);
      onMessage(message);
    });
    send({ kind: 'train', session, action: 'start', params });
    return {
      pause: () => send({ kind: 'train', session, action: 'pause' }),
      resume: () => send({ kind: 'train', session, action: 'resume' }),
      allow: (steps) => send({ kind: 'train', session, action: 'allow', steps }),
      // Detach first: progress still in flight from this session must not reach a widget that has moved on.
      stop: () => {
        this.trainingListeners.delete(session);
        send({ kind: 'train', session, action: 'stop' });
      },
    };
  }

  /**
   * A first part of the result of `params` computed by the page's core now (a sweep over its first trials), with the
   * parameters it is the whole result of; undefined when the widget has none, or none fits in the frame here. Exact
   * as any result is: the worker's whole answer only adds to it.
   */
  draft<Name extends ComputationName>(
    widget: Name,
    params: ParamsOf<Name>,
  ): { result: ResultOf<Name>; params: ParamsOf<Name> } | undefined {
    if (!this.pageCore) return undefined;
    try {
      const drafted = this.pageCore.draft(widget, params);
      if (drafted) this.markComputedInPage(drafted.result);
      return drafted as { result: ResultOf<Name>; params: ParamsOf<Name> } | undefined;
    } catch {
      // The worker's answer says what was wrong with these parameters.
      return undefined;
    }
  }

  // Resolving at once lets the widget draw before this task ends. Anything thrown goes to the worker, whose answer
  // (the same error, for a bad argument) is the one shown; an error that is not about arguments retires this core.
  private computeInPage(widget: ComputationName, params: unknown): { result: unknown } | undefined {
    if (!this.pageCore) return undefined;
    try {
      const ran = this.pageCore.run(widget, params);
      if (ran) this.markComputedInPage(ran.result);
      return ran;
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) this.pageCore = undefined;
      return undefined;
    }
  }

  /** Remembers that this result came from the page's core (see computedIn). */
  private markComputedInPage(result: unknown): void {
    if (typeof result === 'object' && result !== null) this.computedInPage.add(result);
  }

  // The worker's full core, once this page's first figure has drawn: not before, so that figure's bytes come first; a
  // figure that needs the full core sooner has its worker fetch it at its request. Not when the page is idle: the
  // worker does the work, and the live lesson's first second keeps the page busy past the learner's first keys.
  private askForFullCore(): void {
    if (this.fullCoreAsked) return;
    this.fullCoreAsked = true;
    const worker = this.worker;
    setTimeout(() => worker === this.worker && this.post({ kind: 'full-core' }), fullCoreDelay);
  }

  // Once a figure has drawn and the worker's full core is up, when the page is idle: the page's own core, from the
  // worker's compiled module, or silently none if it cannot load.
  private startPageCoreWhenIdle(): void {
    if (this.pageCoreAsked || !this.loadPageCore || !this.answered || !this.fullCoreUp) return;
    this.pageCoreAsked = true;
    const load = this.loadPageCore;
    const module = this.wasmModule;
    whenIdle(
      () =>
        void load(module).then(
          (core) => {
            if (this.disposed) return;
            this.pageCore = core;
            // Figures that drew from the worker before this core was up get their code ready before their next key.
            for (const [widget, params] of this.lastAsked) core.warm(widget, params);
          },
          () => undefined,
        ),
      2000,
    );
  }

  /** Ends the worker for good: nothing on the page needs it any more. Pending requests are rejected. */
  dispose(): void {
    this.pageCore = undefined;
    this.recent.clear();
    this.disposed = true;
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    this.worker?.terminate();
    this.trainingListeners.clear();
    this.setStatus({ state: 'failed', reason: 'the page no longer needs the computation core' });
    const error = new Error('the computation core was shut down');
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.statusListeners.clear();
  }

  /** After the core has given up, starts it again (the learner pressed Retry). */
  retry(): void {
    if (this.current.state !== 'failed') return;
    this.restarts = [];
    this.launch();
  }

  private launch(): void {
    this.setStatus({ state: 'loading' });
    this.fullCoreAsked = false;
    this.lastHeard = Date.now();
    try {
      this.worker = this.start();
    } catch (error) {
      this.died(`the worker could not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const worker = this.worker;
    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      if (worker === this.worker) this.receive(event.data);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === this.worker) this.died(event.message || 'the worker stopped with an error');
    });
    // Whatever was asked before a restart is asked again of the new worker.
    for (const { request } of this.pending.values()) worker.postMessage(request);
    this.watch();
  }

  private receive(message: WorkerMessage): void {
    this.lastHeard = Date.now();
    if (message.kind === 'ready') {
      this.setStatus({ state: 'ready' });
      this.settleReady.resolve();
    } else if (message.kind === 'full-core') {
      this.fullCoreUp = true;
      this.wasmModule = message.wasmModule;
      this.startPageCoreWhenIdle();
    } else if (message.kind === 'failed') this.died(message.error.message);
    else if (message.kind === 'train-progress' || message.kind === 'train-state')
      this.trainingListeners.get(message.session)?.(message);
    else if (message.kind === 'result' || message.kind === 'error') {
      this.settle(message);
      this.answered = true;
      this.askForFullCore();
      this.startPageCoreWhenIdle();
    }
  }

  private post(message: PageMessage | { kind: 'ping' }): void {
    if (this.current.state === 'failed') return;
    this.worker.postMessage(message);
  }

  // While anything is outstanding, a worker that stays silent is asked for a sign of life, then given up for dead.
  private watch(): void {
    if (this.watchdog !== undefined) return;
    this.watchdog = setInterval(() => {
      const busy = this.pending.size > 0 || this.trainingListeners.size > 0 || this.current.state === 'loading';
      const silent = Date.now() - this.lastHeard;
      if (!busy || this.current.state === 'failed') {
        this.lastHeard = Date.now();
        return;
      }
      if (silent > silenceLimit) this.died('the worker stopped answering');
      else if (silent > pingAfter) this.post({ kind: 'ping' });
    }, 1000);
  }

  private died(reason: string): void {
    this.worker?.terminate();
    // A training run cannot be resumed in a new worker: its widget hears that it was interrupted.
    for (const [session, listener] of this.trainingListeners) {
      listener({
        kind: 'train-state',
        session,
        state: 'failed',
        stepsDone: -1,
        error: {
          name: 'Error',
          message: `interrupted: the computation core stopped (${reason}). Press Start to train again`,
        },
      });
    }
    this.trainingListeners.clear();
    const now = Date.now();
    this.restarts = this.restarts.filter((at) => now - at < restartWindow);
    if (this.restarts.length < maxRestarts) {
      this.restarts.push(now);
      this.setStatus({ state: 'restarting', reason });
      this.launch();
      return;
    }
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    this.setStatus({ state: 'failed', reason });
    this.settleReady.reject(new Error(reason));
    const error = new Error(`the computation core stopped (${reason})`);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  private setStatus(status: CoreStatus): void {
    this.current = status;
    this.statusListeners.forEach((listener) => listener(status));
  }

  private settle(message: Extract<WorkerMessage, { id: number }>): void {
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.kind === 'result') waiter.resolve(message.result);
    else waiter.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
  }
}

/**
 * How many results are kept for a request asked again. Each is a few kB (the largest, 3 × 1000 scores of one figure,
 * 24 kB), so they hold well under 2 MB; a dragged slider's range (13 dₖ stops, 64 keys) fits.
 */
const recentResults = 64;

// Least recently used first: a Map keeps insertion order, and a result used again is moved to the end.
class RecentResults {
  private readonly results = new Map<string, unknown>();

  constructor(private readonly limit: number) {}

  take(key: string): unknown {
    const result = this.results.get(key);
    if (result === undefined) return undefined;
    this.results.delete(key);
    this.results.set(key, result);
    return result;
  }

  keep(key: string, result: unknown): unknown {
    this.results.delete(key);
    this.results.set(key, result);
    for (const oldest of this.results.keys()) {
      if (this.results.size <= this.limit) break;
      this.results.delete(oldest);
    }
    return result;
  }

  clear(): void {
    this.results.clear();
  }
}

export interface TrainingHandle {
  pause(): void;
  resume(): void;
  /** Lets a paced run train on while fewer than `steps` steps are done. */
  allow(steps: number): void;
  stop(): void;
}

// One request in flight at most; while it runs only the newest parameters are kept, so a dragged slider never lags.
// A widget that draws drafts gets the newest state's first part at once even then, from the page's core.
export class LiveQuery<Name extends ComputationName> {
  private busy = false;
  private queued: Asked<Name> | undefined;
  private stopped = false;
  /** Updates so far, and the newest one drawn (in whole or in draft): an older answer never covers a newer draft. */
  private asked = 0;
  private shown = 0;

  constructor(
    private readonly client: CoreClient,
    private readonly name: Name,
    private readonly onResult: (result: ResultOf<Name>, params: ParamsOf<Name>) => void,
    private readonly onError: (error: Error) => void,
    private readonly onDraft?: (result: ResultOf<Name>, params: ParamsOf<Name>) => void,
  ) {}

  update(params: ParamsOf<Name>): void {
    if (this.stopped) return;
    this.send({ params, asked: ++this.asked, drafted: false });
  }

  private send(next: Asked<Name>): void {
    if (this.busy) {
      if (this.onDraft && !next.drafted) {
        const first = this.client.draft(this.name, next.params);
        if (first) this.showDraft(first.result, first.params, next);
      }
      this.queued = next;
      return;
    }
    this.busy = true;
    const wantsDraft = this.onDraft !== undefined && !next.drafted;
    this.client
      .compute(
        this.name,
        next.params,
        wantsDraft ? (result, params) => this.showDraft(result, params, next) : undefined,
      )
      .then(
        (result) => this.isNewest(next) && this.onResult(result, next.params),
        (error: Error) => this.isNewest(next) && this.onError(error),
      )
      .finally(() => {
        this.busy = false;
        const queued = this.queued;
        this.queued = undefined;
        if (queued !== undefined) this.send(queued);
      });
  }

  private showDraft(result: ResultOf<Name>, params: ParamsOf<Name>, of: Asked<Name>): void {
    of.drafted = true;
    if (!this.isNewest(of)) return;
    this.onDraft?.(result, params);
  }

  /** Whether what `of` brings may be drawn: nothing newer is on screen, and the widget is still on the page. */
  private isNewest(of: Asked<Name>): boolean {
    if (this.stopped || of.asked < this.shown) return false;
    this.shown = of.asked;
    return true;
  }

  /** No more results reach the widget (it left the page). */
  stop(): void {
    this.stopped = true;
    this.queued = undefined;
  }
}

/** One update of a LiveQuery: its parameters, its number in order, and whether its draft was drawn. */
interface Asked<Name extends ComputationName> {
  params: ParamsOf<Name>;
  asked: number;
  drafted: boolean;
}
