// A training session in the worker: several runs of the same model, seed and data, trained side by side in short
// chunks, so the worker still answers every other widget between chunks and the page sees the curves grow.
import { runKinds } from '../core/run-kinds.js';
import type { Core, RunKind, TrainingChunk, TrainingDiagnostics } from '../core/types.js';

const maxTrainingSteps = 100000;

/** What the page asks a session to train: every run gets the same dₖ, keys, seed, steps and learning rate. */
export interface TrainingRequest {
  dk: number;
  keys: number;
  steps: number;
  seed: number;
  /** The runs, in the order their chunks come back; each kind at most once. */
  kinds: readonly RunKind[];
  /** Adam's step size; the core's default (0.01) when left out. */
  learningRate?: number;
  /** A paced run trains a chunk only while fewer steps than this are done (allow() grants more); all if left out. */
  allowedSteps?: number;
}

/** The accuracy a result sentence reports reaching… */
export const accuracyGoal = 0.9;
/** …on this many batches in a row, so one lucky batch of a few examples does not count as learning. */
export const goalStreak = 10;
/** Steps per chunk: short enough that a slider elsewhere on the page never waits long for the worker. */
export const chunkSteps = 10;

export type RunChunk = TrainingChunk & TrainingDiagnostics;

export interface TrainingProgress {
  stepsDone: number;
  steps: number;
  /** One chunk per run, in the order of the request's kinds. */
  chunks: RunChunk[];
  /** The first step of each run's first streak of goalStreak batches at accuracyGoal or better, once it has one. */
  reachedAt: Partial<Record<RunKind, number>>;
}

export type TrainingState = 'running' | 'paused' | 'stopped' | 'finished' | 'failed';

/** The first step of the first streak of goalStreak batches at accuracyGoal or better, as a session counts it. */
export class GoalStreak {
  private start = 0;
  private length = 0;
  reachedAt: number | undefined;

  /** Counts one chunk's accuracies; firstStep is the number of steps before it. */
  add(firstStep: number, accuracy: ArrayLike<number>): void {
    for (let i = 0; i < accuracy.length; i++) {
      if ((accuracy[i] ?? 0) < accuracyGoal) this.length = 0;
      else if (this.length++ === 0) this.start = firstStep + i + 1;
      if (this.length >= goalStreak && this.reachedAt === undefined) this.reachedAt = this.start;
    }
  }
}

// Copies out of WASM memory: a later call may move it, and posting a view would clone the whole heap.
function copyChunk(chunk: RunChunk): RunChunk {
  return {
    firstStep: chunk.firstStep,
    loss: Float64Array.from(chunk.loss),
    accuracy: Float64Array.from(chunk.accuracy),
    gradientNorm: Float64Array.from(chunk.gradientNorm),
    scoreGradientNorm: Float64Array.from(chunk.scoreGradientNorm),
    entropy: Float64Array.from(chunk.entropy),
    maxAbsScore: Float64Array.from(chunk.maxAbsScore),
    learnedScale: Float64Array.from(chunk.learnedScale),
  };
}

// Yields to the worker's event loop so page messages (pause, stop, other widgets) are answered between chunks. A
// message on a channel is a new task like setTimeout(0), without the ~4 ms that nested timers are held back. Node
// (where tests/js runs sessions) has setImmediate for that, and a listening channel would keep its process alive.
const { setImmediate: immediate } = globalThis as { setImmediate?: (then: () => void) => void };
const yieldChannel = typeof MessageChannel === 'undefined' || immediate ? undefined : new MessageChannel();
const waiting: (() => void)[] = [];
if (yieldChannel) yieldChannel.port1.onmessage = () => waiting.shift()?.();
// In Node (the lesson build counts the goal with GoalStreak) an idle channel must not keep the process alive.
(yieldChannel?.port1 as { unref?: () => void } | undefined)?.unref?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    if (!yieldChannel) return void (immediate ?? setTimeout)(resolve);
    waiting.push(resolve);
    yieldChannel.port2.postMessage(null);
  });

// The page's schema limits these, but the worker must not trust a message: NaN steps would never end.
function checkRequest(request: TrainingRequest): void {
  const { steps, kinds } = request;
  if (!Number.isInteger(steps) || steps < 1 || steps > maxTrainingSteps)
    throw new RangeError(`train: steps must be an integer from 1 to ${maxTrainingSteps}, got ${steps}`);
  if (!Array.isArray(kinds) || kinds.length < 1 || kinds.length > runKinds.length)
    throw new RangeError(`train: kinds must list 1 to ${runKinds.length} run kinds, got ${String(kinds)}`);
  if (new Set(kinds).size !== kinds.length) throw new RangeError(`train: kinds must not repeat a kind, got ${kinds}`);
  if (request.allowedSteps !== undefined) checkAllowed(request.allowedSteps);
}

function checkAllowed(steps: number): void {
  if (typeof steps !== 'number' || !(steps >= 0))
    throw new RangeError(`train: allowed steps must be a number ≥ 0 (Infinity for all), got ${String(steps)}`);
}

export interface TrainingListener {
  progress(progress: TrainingProgress): void;
  state(state: TrainingState, stepsDone: number, error?: unknown): void;
}

export class TrainingSession {
  private paused = false;
  private stopped = false;
  private wake?: () => void;
  private stepsDone = 0;
  private allowed: number;
  private refused?: RangeError;

  constructor(
    private readonly core: Core,
    private readonly request: TrainingRequest,
    private readonly listener: TrainingListener,
  ) {
    this.allowed = request.allowedSteps ?? Number.POSITIVE_INFINITY;
  }

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

  /** Lets a paced run train on while fewer than `steps` steps are done; a bad value ends the run as failed. */
  allow(steps: number): void {
    try {
      checkAllowed(steps);
    } catch (error) {
      this.refused = error as RangeError;
      this.stop();
      return;
    }
    this.allowed = steps;
    this.wake?.();
  }

  async run(): Promise<void> {
    const trainers: ReturnType<Core['createTrainer']>[] = [];
    try {
      checkRequest(this.request);
      const { dk, keys, steps, seed, kinds, learningRate } = this.request;
      const streaks = kinds.map(() => new GoalStreak());
      for (const kind of kinds)
        trainers.push(
          this.core.createTrainer({
            keyCount: keys,
            dk,
            kind,
            seed,
            ...(learningRate === undefined ? {} : { learningRate }),
          }),
        );
      this.listener.state('running', 0);
      while (this.stepsDone < steps && !this.stopped) {
        // Paused, or a paced run ahead of what the page has let it train: wait without working.
        if (this.paused || this.stepsDone >= this.allowed) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        const count = Math.min(chunkSteps, steps - this.stepsDone);
        const chunks = trainers.map((trainer) => copyChunk(trainer.run(count)));
        // Counting batches in a row at the goal is bookkeeping on the core's numbers, not a statistic.
        chunks.forEach((chunk, r) => streaks[r]?.add(chunk.firstStep, chunk.accuracy));
        const reachedAt: TrainingProgress['reachedAt'] = {};
        kinds.forEach((kind, r) => {
          const step = streaks[r]?.reachedAt;
          if (step !== undefined) reachedAt[kind] = step;
        });
        this.stepsDone += count;
        this.listener.progress({ stepsDone: this.stepsDone, steps, chunks, reachedAt });
        await nextTask();
      }
      if (this.refused) throw this.refused;
      this.listener.state(this.stopped ? 'stopped' : 'finished', this.stepsDone);
    } catch (error) {
      this.listener.state('failed', this.stepsDone, error);
    } finally {
      for (const trainer of trainers) trainer.delete();
    }
  }
}
