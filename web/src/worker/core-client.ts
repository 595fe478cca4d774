// The page's side of the core worker: promises per request, and live queries that never queue up behind a slider.
import type { ComputationName } from './computations.js';
import type { ComputeRequest, ParamsOf, ResultOf, TrainCommand, TrainingMessage, WorkerMessage } from './protocol.js';
import type { TrainingParams } from './training.js';

type Pending = { resolve: (value: unknown) => void; reject: (reason: Error) => void };

export class CoreClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly trainingListeners = new Map<string, (message: TrainingMessage) => void>();
  readonly ready: Promise<void>;

  constructor() {
    this.worker = new Worker(new URL('./core-worker.ts', import.meta.url), { type: 'module' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
        const message = event.data;
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(new Error(message.error.message));
        else if (message.kind === 'train-progress' || message.kind === 'train-state') this.trainingListeners.get(message.session)?.(message);
        else this.settle(message);
      });
      this.worker.addEventListener('error', (event) => reject(new Error(event.message || 'the core worker failed to start')));
    });
  }

  compute<Name extends ComputationName>(name: Name, params: ParamsOf<Name>): Promise<ResultOf<Name>> {
    const id = this.nextId++;
    const request: ComputeRequest<Name> = { id, name, params };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage(request);
    });
  }

  /** Starts a training session; its progress and state changes arrive at onMessage until it stops, finishes or fails. */
  train(params: TrainingParams, onMessage: (message: TrainingMessage) => void): TrainingHandle {
    const session = `training-${this.nextId++}`;
    const send = (command: TrainCommand) => this.worker.postMessage(command);
    this.trainingListeners.set(session, (message) => {
      if (message.kind === 'train-state' && ['stopped', 'finished', 'failed'].includes(message.state)) this.trainingListeners.delete(session);
      onMessage(message);
    });
    send({ kind: 'train', session, action: 'start', params });
    return {
      pause: () => send({ kind: 'train', session, action: 'pause' }),
      resume: () => send({ kind: 'train', session, action: 'resume' }),
      // Detach first: progress still in flight from this session must not reach a widget that has moved on.
      stop: () => {
        this.trainingListeners.delete(session);
        send({ kind: 'train', session, action: 'stop' });
      },
    };
  }

  private settle(message: Extract<WorkerMessage, { id: number }>): void {
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.kind === 'result') waiter.resolve(message.result);
    else waiter.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
  }
}

export interface TrainingHandle {
  pause(): void;
  resume(): void;
  stop(): void;
}

// One request in flight at most; while it runs only the newest parameters are kept, so a dragged slider never lags.
export class LiveQuery<Name extends ComputationName> {
  private busy = false;
  private queued: ParamsOf<Name> | undefined;

  constructor(
    private readonly client: CoreClient,
    private readonly name: Name,
    private readonly onResult: (result: ResultOf<Name>, params: ParamsOf<Name>) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  update(params: ParamsOf<Name>): void {
    if (this.busy) {
      this.queued = params;
      return;
    }
    this.busy = true;
    this.client
      .compute(this.name, params)
      .then((result) => this.onResult(result, params), this.onError)
      .finally(() => {
        this.busy = false;
        const next = this.queued;
        this.queued = undefined;
        if (next !== undefined) this.update(next);
      });
  }
}
