// How fast this thread runs a computation against its cost estimate, learnt from its own runs: a phone's page runs
// about 4× slower than the machine the estimates come from, so settings that would draw late go to the worker there,
// and the widget's cheap settings keep drawing on the page instead of the page giving the widget up for good.

/** What a measured pace still counts for after this long without a run here: half, then a quarter, and so on. */
export const paceHalfLifeMs = 1000;

/** The pace a thread's latest measured run taught it, whichever computation ran. */
export interface ThreadPace {
  slowdown: number;
  measuredAt: number;
}

const thisThread: ThreadPace = { slowdown: 1, measuredAt: -Infinity };

export class RunPace {
  /** Measured ÷ estimated time of recent runs (1 on bench:browser's desktop machine). */
  private slowdown = 1;
  private measuredAt = -Infinity;

  /**
   * `thread`: what this thread's computations measured last, the pace one not yet run here starts from. On a phone a
   * figure's first run is then priced at the phone's pace the page's other figures measured, not at the desktop's.
   */
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly thread: ThreadPace = thisThread,
  ) {}

  /**
   * Runs `run`, and learns from its time when its estimate is long enough to measure. The first runs count too: on
   * a phone they run baseline-compiled WASM many times slower, and a figure that ran them on the page would miss the
   * frame until the optimised code arrives; a desktop's first runs fit, so its next ones teach it its real pace.
   */
  timed<T>(estimatedMs: number, run: () => T): T {
    const started = this.now();
    const result = run();
    const took = this.now() - started;
    if (estimatedMs >= 0.5) {
      this.slowdown = Math.min(20, Math.max(0.5, (this.pace(started) + took / estimatedMs) / 2));
      this.measuredAt = started;
      this.thread.slowdown = this.slowdown;
      this.thread.measuredAt = started;
    }
    return result;
  }

  /** Whether a run estimated at estimatedMs here leaves room in a frame (limitMs of the 16 ms) to draw. */
  fits(estimatedMs: number, limitMs = 6.5): boolean {
    return estimatedMs * this.pace(this.now()) <= limitMs;
  }

  // A slow run (code still compiling, a busy machine) fades: else the runs it sends to the worker, never measured
  // here, would keep the widget off the page for good.
  private pace(at: number): number {
    const own = this.measuredAt !== -Infinity;
    const slowdown = own ? this.slowdown : this.thread.slowdown;
    const measuredAt = own ? this.measuredAt : this.thread.measuredAt;
    return 1 + (slowdown - 1) * 0.5 ** (Math.max(0, at - measuredAt) / paceHalfLifeMs);
  }
}
