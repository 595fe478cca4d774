// Messages between the page and the core worker.
import type { ComputationName, Computations } from './computations.js';

export type ParamsOf<Name extends ComputationName> = Parameters<Computations[Name]>[1];
export type ResultOf<Name extends ComputationName> = ReturnType<Computations[Name]>;

export interface ComputeRequest<Name extends ComputationName = ComputationName> {
  id: number;
  name: Name;
  params: ParamsOf<Name>;
}

export interface SerializedError {
  name: string;
  message: string;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
