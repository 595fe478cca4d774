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

export type PageMessage = ComputeRequest | TrainCommand;

export type TrainingMessage =
  | { kind: 'train-progress'; session: string; progress: TrainingProgress }
  | { kind: 'train-state'; session: string; state: TrainingState; stepsDone: number; error?: SerializedError };

export type WorkerMessage =
  /** The compiled WASM comes along where the browser lets it, so the page's own core need not fetch it again. */
  | { kind: 'ready'; wasmModule?: WebAssembly.Module }
  | { kind: 'pong' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | TrainingMessage;

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
