// Messages between the page and the core worker; every message says what kind it is.
import type { computations } from '../widgets/computations.generated.js';
import type { TrainingProgress, TrainingRequest, TrainingState } from '../training/session.js';

export type Computations = typeof computations;
export type ComputationName = keyof Computations;
export type ParamsOf<Name extends ComputationName> = Parameters<Computations[Name]>[1];
export type ResultOf<Name extends ComputationName> = ReturnType<Computations[Name]>;

export interface ComputeRequest<Name extends ComputationName = ComputationName> {
  kind: 'compute';
  id: number;
  /** The widget whose computation runs (its folder's compute.ts). */
  widget: Name;
  params: ParamsOf<Name>;
}

export interface SerializedError {
  name: string;
  message: string;
}

/** The streaming 'train' channel: one session per start, named by the page, steered until it stops or finishes. */
export type TrainCommand =
  | { kind: 'train'; session: string; action: 'start'; params: TrainingRequest }
  | { kind: 'train'; session: string; action: 'pause' | 'resume' | 'stop' }
  /** A paced run may train on while fewer than `steps` steps are done (Infinity: to the end). */
  | { kind: 'train'; session: string; action: 'allow'; steps: number };

/** The page asks for the full core once its first figure is interactive (the worker starts with a small one). */
export type PageMessage = ComputeRequest | TrainCommand | { kind: 'full-core' };

export type TrainingMessage =
  | { kind: 'train-progress'; session: string; progress: TrainingProgress }
  | { kind: 'train-state'; session: string; state: TrainingState; stepsDone: number; error?: SerializedError };

export type WorkerMessage =
  /** A core is up: the first figure's small one, or the full one where the small one could not load. */
  | { kind: 'ready' }
  /** The full core is up; its compiled WASM comes along where the browser lets it: the page's own core reuses it. */
  | { kind: 'full-core'; wasmModule?: WebAssembly.Module }
  | { kind: 'pong' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | TrainingMessage;

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
