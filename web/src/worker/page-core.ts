// The core on the page's own thread, for computations cheap enough to draw within the frame of the input itself:
// a worker's reply arrives only after Chromium has drawn the frame of the slider's own change.
import { loadCompiledCore } from '../core/browser.js';
import type { Core } from '../core/types.js';
import { computeLoaders } from '../widgets/compute-loaders.generated.js';
import type { ComputationName } from './protocol.js';
import { whenIdle } from './when-idle.js';

interface ComputeModule {
  compute: (core: Core, params: never) => unknown;
  /**
   * A widget opts in per state, from costs measured at its heaviest settings (see its compute.ts); 'long' for a run
   * it knows to be longer than most and takes here on purpose (the worker's answer would come later): not counted
   * as slow.
   */
  runsInPage?: (params: never) => boolean | 'long';
  /**
   * For a state the worker answers: cheaper parameters whose exact result is a first part of it (a sweep's first
   * trials) and fits in the frame here, or undefined. Asked only after runsInPage said no.
   */
  draft?: (params: never) => unknown;
}

/**
 * Two runs in a row slower than this send a widget back to the worker for a while: a frame is 16 ms, and the figures
 * draw in 2–4 ms (bench:browser), so a 10 ms run still leaves the frame room.
 */
export const inPageLimitMs = 10;
/**
 * One run slower than this does it at once: it is a long task by itself. A shorter stall of one run (a garbage
 * collection, another tab) is left to the rule of two, so that it does not send a cheap computation away.
 */
const inPageHardLimitMs = 50;

/**
 * How long a widget sent back stays with the worker, doubling each time it is sent back again: slow runs on a busy
 * machine pass, and a widget given up for good would be one frame late for the rest of the visit.
 */
export const firstAwayMs = 2000;
const longestAwayMs = 32000;

/** A computation asked for the first time is warmed on this thread within this long, idle or not. */
const prepareWithinMs = 200;

type Entry = ComputeModule | 'loading' | 'worker';

export class PageCore {
  private readonly modules = new Map<ComputationName, Entry>();
  private readonly slowRuns = new Map<ComputationName, number>();
  private readonly away = new Map<ComputationName, { until: number; nextMs: number }>();

  /**
   * `compiled`: the core's WASM came compiled from the worker, which has run every computation the page asks of it
   * (a figure's first draw is the worker's), so a first run here compiles nothing.
   */
  constructor(
    private readonly core: Core,
    private readonly now: () => number = () => performance.now(),
    private readonly compiled = false,
  ) {}

  /**
   * The result computed here and now, or undefined when this computation belongs to the worker (not opted in, sent
   * back after slow runs, or its code still loading). Throws what the computation throws.
   */
  run(widget: ComputationName, params: unknown): { result: unknown } | undefined {
    if (!Object.hasOwn(computeLoaders, widget)) throw new TypeError(`PageCore.run: no widget called "${widget}"`);
    const entry = this.modules.get(widget);
    if (entry === undefined) this.prepare(widget, params);
    if (typeof entry !== 'object' || this.isAway(widget)) return undefined;
    const here = entry.runsInPage?.(params as never);
    if (!here) return undefined;
    return { result: this.timed(widget, here === 'long', () => entry.compute(this.core, params as never)) };
  }

  /**
   * A first part of the result for a state run() left to the worker, computed here and now with the parameters it is
   * exact for; undefined when the widget draws no such part or none fits.
   */
  draft(widget: ComputationName, params: unknown): { result: unknown; params: unknown } | undefined {
    const entry = this.modules.get(widget);
    if (typeof entry !== 'object' || this.isAway(widget) || !entry.draft) return undefined;
    const fewer = entry.draft(params as never);
    if (fewer === undefined) return undefined;
    return { result: this.timed(widget, false, () => entry.compute(this.core, fewer as never)), params: fewer };
  }

  // A run here, counted towards sending the widget away when it is slow (not when known to be long).
  private timed(widget: ComputationName, long: boolean, run: () => unknown): unknown {
    const started = this.now();
    const result = run();
    const took = this.now() - started;
    const slowRuns = took > inPageLimitMs && !long ? (this.slowRuns.get(widget) ?? 0) + 1 : 0;
    this.slowRuns.set(widget, slowRuns);
    if (slowRuns >= 2 || took > inPageHardLimitMs) this.sendAway(widget);
    return result;
  }

  private isAway(widget: ComputationName): boolean {
    const away = this.away.get(widget);
    return away !== undefined && this.now() < away.until;
  }

  private sendAway(widget: ComputationName): void {
    const awayMs = this.away.get(widget)?.nextMs ?? firstAwayMs;
    this.away.set(widget, { until: this.now() + awayMs, nextMs: Math.min(longestAwayMs, 2 * awayMs) });
    this.slowRuns.set(widget, 0);
  }

  /** Loads and warms a computation before its first keystroke (for a widget that drew before this core was up). */
  warm(widget: ComputationName, params: unknown): void {
    if (Object.hasOwn(computeLoaders, widget) && !this.modules.has(widget)) this.prepare(widget, params);
  }

  // A core fetched here compiles the WASM functions a first run touches: that run is done once when the page is idle,
  // not on a keystroke. A core compiled by the worker takes the figure's keys as soon as its code has loaded: a
  // learner who moves a slider at once (within 200 ms on a phone, where the page is seldom idle meanwhile) would
  // otherwise wait for the worker's answers. Its first run still compiles the figure's JS and first touches its
  // memory (26–36 ms on the phone profile, against 6–12 after), so it too runs once when idle if no key came first.
  private prepare(widget: ComputationName, params: unknown): void {
    this.modules.set(widget, 'loading');
    (computeLoaders[widget] as () => Promise<ComputeModule>)().then(
      (module: ComputeModule) => {
        if (!module.runsInPage) return this.modules.set(widget, 'worker');
        if (this.compiled) this.modules.set(widget, module);
        // Soon: until then the figure's keystrokes go to the worker (a core fetched here) or run cold (a compiled one).
        whenIdle(() => {
          if (this.compiled && this.slowRuns.has(widget)) return;
          try {
            if (module.runsInPage?.(params as never)) module.compute(this.core, params as never);
            this.modules.set(widget, module);
          } catch {
            this.modules.set(widget, 'worker');
          }
        }, prepareWithinMs);
      },
      () => this.modules.set(widget, 'worker'),
    );
  }
}

/** The same WASM as the worker's on the page's thread: from the worker's compiled module, else fetched again. */
export async function startPageCore(module?: WebAssembly.Module): Promise<PageCore> {
  if (module) {
    const fromWorker = await loadCompiledCore({ module }).catch(() => undefined);
    if (fromWorker) return new PageCore(fromWorker.core, undefined, true);
  }
  return new PageCore((await loadCompiledCore()).core);
}
