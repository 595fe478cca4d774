// "Train it": two small attention models, scaled and unscaled, trained side by side in short chunks, so the worker
// still answers every other widget between chunks and the page sees the curves grow.
import type { Core, TrainingChunk } from '../../core/types.js';
import type { StateOf } from '../params.js';
import type { schema } from './schema.js';

const maxTrainingSteps = 100000;

export type TrainingParams = StateOf<typeof schema>;

/** The accuracy the result sentence reports reaching… */
export const accuracyGoal = 0.9;
/** …on this many batches in a row, so one lucky batch of a few examples does not count as learning. */
export const goalStreak = 10;
/** Steps per chunk: short enough that a slider elsewhere on the page never waits long for the worker. */
export const chunkSteps = 10;

export type RunName = 'scaled' | 'unscaled';
export const runNames: readonly RunName[] = ['scaled', 'unscaled'];

export interface TrainingProgress {
  stepsDone: number;
  steps: number;
  /** One chunk per run, in the order of runNames. */
  chunks: TrainingChunk[];
  /** The first step of each run's first streak of goalStreak batches at accuracyGoal or better, once it has one. */
  reachedAt: Partial<Record<RunName, number>>;
}

export type { TrainingChunk };

export type TrainingState = 'running' | 'paused' | 'stopped' | 'finished' | 'failed';

export interface TrainingPlanResult extends TrainingParams {
  /** Std of the initial scores q·k with and without ÷√dₖ: what each run starts from. */
  unscaledStd: number;
  scaledStd: number;
}

export function compute(core: Core, params: TrainingParams): TrainingPlanResult {
  return {
    ...params,
    unscaledStd: core.scoreStatistics({ dk: params.dk, scale: 'none' }).std,
    scaledStd: core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).std,
  };
}

// Copies out of WASM memory: a later call may move it, and posting a view would clone the whole heap.
function copyChunk(chunk: TrainingChunk): TrainingChunk {
  return {
    firstStep: chunk.firstStep,
    loss: Float64Array.from(chunk.loss),
    accuracy: Float64Array.from(chunk.accuracy),
    gradientNorm: Float64Array.from(chunk.gradientNorm),
    scoreGradientNorm: Float64Array.from(chunk.scoreGradientNorm),
  };
}

// Yields to the worker's event loop so page messages (pause, stop, other widgets) are answered between chunks. A
// message on a channel is a new task like setTimeout(0), without the ~4 ms that nested timers are held back.
const yieldChannel = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();
const waiting: (() => void)[] = [];
if (yieldChannel) yieldChannel.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    if (!yieldChannel) return void setTimeout(resolve, 0);
    waiting.push(resolve);
    yieldChannel.port2.postMessage(null);
  });

export interface TrainingListener {
  progress(progress: TrainingProgress): void;
  state(state: TrainingState, stepsDone: number, error?: unknown): void;
}

export class TrainingSession {
  private paused = false;
  private stopped = false;
  private wake?: () => void;
  private stepsDone = 0;

  constructor(
    private readonly core: Core,
    private readonly params: TrainingParams,
    private readonly listener: TrainingListener,
  ) {}

  pause(): void {
    if (this.stopped || this.paused) return;
    this.paused = true;
    this.listener.state('paused', this.stepsDone);
  }

  resume(): void {
    if (this.stopped || !this.paused) return;
    this.paused = false;
    this.listener.state('running', this.stepsDone);
    this.wake?.();
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  async run(): Promise<void> {
    const { dk, keys, steps, seed } = this.params;
    const trainers: ReturnType<Core['createTrainer']>[] = [];
    const reachedAt: TrainingProgress['reachedAt'] = {};
    const streaks = runNames.map(() => ({ start: 0, length: 0 }));
    try {
      // The page's schema caps steps, but the worker must not trust a message: NaN or Infinity would never end.
      if (!Number.isInteger(steps) || steps < 1 || steps > maxTrainingSteps) {
        throw new RangeError(`train: steps must be an integer from 1 to ${maxTrainingSteps}, got ${steps}`);
      }
      for (const name of runNames)
        trainers.push(this.core.createTrainer({ keyCount: keys, dk, scaled: name === 'scaled', seed }));
      this.listener.state('running', 0);
      while (this.stepsDone < steps && !this.stopped) {
        if (this.paused) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        const count = Math.min(chunkSteps, steps - this.stepsDone);
        const chunks = trainers.map((trainer) => copyChunk(trainer.run(count)));
        chunks.forEach((chunk, r) => {
          const name = runNames[r] as RunName;
          const streak = streaks[r] ?? { start: 0, length: 0 };
          // Counting batches in a row at the goal is bookkeeping on the core's numbers, not a statistic.
          chunk.accuracy.forEach((accuracy, i) => {
            if (accuracy < accuracyGoal) streak.length = 0;
            else if (streak.length++ === 0) streak.start = chunk.firstStep + i + 1;
            if (streak.length >= goalStreak && reachedAt[name] === undefined) reachedAt[name] = streak.start;
          });
        });
        this.stepsDone += count;
        this.listener.progress({ stepsDone: this.stepsDone, steps, chunks, reachedAt: { ...reachedAt } });
        await nextTask();
      }
      this.listener.state(this.stopped ? 'stopped' : 'finished', this.stepsDone);
    } catch (error) {
      this.listener.state('failed', this.stepsDone, error);
    } finally {
      for (const trainer of trainers) trainer.delete();
    }
  }
}
