// A widget whose state goes to the core worker and whose result is drawn; state can be set from a URL or a question.
import { t } from '../i18n/messages.js';
import type { Chart } from '../charts/chart.js';
import type { GuessMark, PredictState, PredictTarget } from '../predict/target.js';
import type { Measured } from '../predict/types.js';
import { LiveQuery, type CoreClient } from '../worker/core-client.js';
import type { ComputationName, ParamsOf, ResultOf } from '../worker/protocol.js';
import { nextSeed, seed, type WidgetSchema } from './params.js';
import { widgetSchemas } from './schemas.generated.js';
import { WidgetFrame } from './widget-frame.js';

export type WidgetState = Record<string, number | string | boolean>;

export interface Settable {
  element: HTMLElement;
  set(value: never): void;
}

export interface WidgetOptions<S> {
  client: CoreClient;
  id: string;
  state: S;
  /** Control names an instructor hid with the URL. */
  hidden: ReadonlySet<string>;
  /** Told after every change a learner makes, e.g. to keep the page's URL in step so a reload keeps the view. */
  onStateChange?: (state: WidgetState) => void;
}

/** After this long without a result the learner is told what the widget waits for, instead of a blank figure. */
const quietWait = 300;

export abstract class LiveWidget<Name extends ComputationName, S extends WidgetState> {
  readonly frame: WidgetFrame;
  protected state: S;
  /** Every chart the widget draws, so leaving the page releases their resize observers. */
  protected readonly charts: Chart[] = [];
  private readonly query: LiveQuery<Name>;
  private controls: Partial<Record<keyof S, Settable>> = {};
  private showingError = false;
  private waiting?: ReturnType<typeof setTimeout>;
  /** Whether the latest request has been drawn (or failed), and whether the figure says it waits for one. */
  private answered = false;
  private pendingShown = false;
  private computedIn?: string;
  private readonly stopWatchingCore: () => void;
  /** A prediction waits on the learner: what answers it is not drawn (see `held`). */
  private holding = false;
  private movedWhileHeld = false;
  private moveListener?: () => void;
  private guessMark?: { mark: GuessMark; at?: PredictState };
  private lastResult?: ResultOf<Name>;
  private awaitingMeasure?: (values: Measured, seed: number | undefined) => void;
  private target?: PredictTarget;

  protected constructor(
    protected readonly options: WidgetOptions<S>,
    computation: Name,
    caption: string,
    tableCaption: string,
  ) {
    this.state = { ...options.state };
    this.frame = new WidgetFrame(options.id, caption, tableCaption);
    this.query = new LiveQuery(
      options.client,
      computation,
      (r, p) => this.draw(r, p),
      (e) => this.fail(e),
      (r, p) => this.show(r, p),
    );
    // Resample stays within the widget's own seed range: the training widgets' sentences hold at each of theirs.
    const seedRange = (widgetSchemas as Record<string, WidgetSchema>)[computation]?.seed;
    this.frame.resampleButton.addEventListener('click', () =>
      this.update({
        seed: nextSeed(seedRange?.type === 'int' ? seedRange : seed, Number(this.state.seed) || 0),
      } as unknown as Partial<S>),
    );
    // A core that came back (restarted, or the learner pressed Retry) redraws a widget that was showing an error.
    this.stopWatchingCore = options.client.onStatus((status) => {
      if (status.state === 'ready' && this.showingError) this.request();
    });
  }

  get element(): HTMLElement {
    return this.frame.element;
  }

  get currentState(): S {
    return { ...this.state };
  }

  /** Registers the controls by state key, places them, and hides those the URL asked to hide. */
  protected mountControls(controls: Partial<Record<keyof S, Settable>>): void {
    this.controls = controls;
    for (const [key, control] of Object.entries(controls) as [string, Settable][]) {
      control.element.hidden = this.options.hidden.has(key);
      this.frame.controls.append(control.element);
    }
    this.frame.resampleButton.hidden = this.options.hidden.has('seed');
    this.syncControls();
    this.request();
  }

  /** Disables the controls the current state ignores (a temperature while the scale is not ÷τ). */
  protected syncControls(): void {}

  /**
   * Enables the control `key` only while the state uses it. With the control it depends on hidden, the learner can
   * never make it matter, so an unused one is hidden too instead of sitting there disabled.
   */
  protected usedOnlyWhen(key: keyof S & string, dependsOn: keyof S & string, used: boolean, why: string): void {
    const control = this.controls[key] as (Settable & { setEnabled?(enabled: boolean, why: string): void }) | undefined;
    if (!control) return;
    control.setEnabled?.(used, why);
    control.element.hidden = this.options.hidden.has(key) || (!used && this.options.hidden.has(dependsOn));
  }

  /** The controls this widget shows, by the name `hide=` takes and the words the learner reads; `seed` is Resample. */
  get hideable(): { name: string; label: string }[] {
    const shown = (Object.entries(this.controls) as [string, Settable][]).map(([name, control]) => {
      const { element } = control;
      const words = element.matches('label') ? element : element.querySelector('legend, label');
      return { name, label: words?.textContent?.trim() || name };
    });
    return this.usesSeed() && 'seed' in this.state
      ? [...shown, { name: 'seed', label: t('widget.seedAndResample') }]
      : shown;
  }

  /** Sets part of the state from outside (a question's "show me", the URL) and recomputes. */
  setState(partial: Partial<S>): void {
    for (const [key, value] of Object.entries(partial)) this.controls[key as keyof S]?.set(value as never);
    this.update(partial);
  }

  /** Releases what the widget holds (charts' observers, pending results, the core's status); it left the page. */
  dispose(): void {
    this.query.stop();
    this.stopWatchingCore();
    clearTimeout(this.waiting);
    this.charts.forEach((chart) => chart.dispose());
  }

  /** The widget's side of a predict-first moment. */
  get predict(): PredictTarget {
    const moved = () => this.movedWhileHeld;
    return (this.target ??= {
      hold: () => this.setHeld(true),
      get moved() {
        return moved();
      },
      onMove: (listener) => (this.moveListener = listener),
      showGuess: (mark, at) => {
        this.guessMark = mark && { mark, at };
        if (this.lastResult) this.render(this.lastResult);
      },
      placeGuess: (quantity, listener) => {
        // Marked on the figure, outside its charts: the pointer shows a crosshair where a guess can be placed.
        const placing = this.placeGuess(quantity, listener);
        this.element.toggleAttribute('data-guessing', placing && listener !== undefined);
      },
      revealAt: (at, measured) => {
        this.setHeld(false);
        this.awaitingMeasure = measured; // heard from the drawing of `at`, not the redraw of the state before it
        this.setState(at as Partial<S>);
      },
    });
  }

  /** While true, the view leaves out what answers the prediction (a sentence, a readout). */
  protected get held(): boolean {
    return this.holding;
  }

  /** The learner's guess, when it should be drawn on what the widget shows now. */
  protected get guess(): GuessMark | undefined {
    const shown = this.guessMark;
    if (!shown) return undefined;
    if (!shown.mark.final) return this.holding ? shown.mark : undefined;
    const here = this.state as Record<string, unknown>;
    return Object.entries(shown.at ?? {}).every(([key, value]) => here[key] === value) ? shown.mark : undefined;
  }

  /** Lets a pointer place a guess of `quantity` on the chart that draws it; true when this view has such a chart. */
  protected placeGuess(_quantity: string, _listener: ((value: number) => void) | undefined): boolean {
    return false;
  }

  /** What the result drawn measures for predictions (the widget's predict.ts); undefined for widgets without one. */
  protected measure(_result: ResultOf<Name>): Measured | undefined {
    return undefined;
  }

  /** Tells a prediction waiting on the state just drawn what the widget measures there. */
  protected reportMeasured(values: Measured): void {
    const waiting = this.awaitingMeasure;
    this.awaitingMeasure = undefined;
    waiting?.(values, typeof this.state.seed === 'number' ? this.state.seed : undefined);
  }

  /** Whether a prediction waits for what the widget measures at the state it was moved to. */
  protected get revealing(): boolean {
    return this.awaitingMeasure !== undefined;
  }

  /** The learner used the widget (not only its state, e.g. pressed Start): while held, that is a skip. */
  protected noteMove(): void {
    if (!this.holding) return;
    // Moving the widget shows its answer: the prediction is skipped, not kept waiting behind a figure that told.
    this.movedWhileHeld = true;
    this.setHeld(false);
    this.moveListener?.();
  }

  private setHeld(held: boolean): void {
    this.holding = held;
    if (held) this.movedWhileHeld = false;
    this.frame.holdClaim(held);
    if (this.lastResult) this.render(this.lastResult);
  }

  protected update(partial: Partial<S>): void {
    this.noteMove();
    this.state = { ...this.state, ...partial };
    this.options.onStateChange?.(this.currentState);
    this.syncControls();
    this.request();
  }

  /** Whether the view is random, so that its seed and Resample are shown. */
  protected usesSeed(): boolean {
    return true;
  }

  protected abstract params(state: S): ParamsOf<Name>;
  protected abstract render(result: ResultOf<Name>): void;

  private request(): void {
    this.frame.showSeed(this.usesSeed() && typeof this.state.seed === 'number' ? this.state.seed : undefined);
    this.answered = false;
    this.query.update(this.params(this.state));
    // The page's own core answers within this task (its result is drawn in a microtask queued before this one): only
    // a result still outstanding after it makes the figure busy and starts the clock for the waiting notice.
    queueMicrotask(() => {
      if (this.answered) return;
      if (!this.pendingShown) this.element.setAttribute('aria-busy', 'true');
      this.pendingShown = true;
      clearTimeout(this.waiting);
      this.waiting = setTimeout(() => {
        const loading = this.options.client.status.state !== 'ready';
        this.frame.setWaiting(loading ? t('core.loading') : t('widget.computing'));
      }, quietWait);
    });
  }

  /** The latest request was drawn or failed: the figure no longer says it waits, if it had to say so. */
  private answer(): void {
    this.answered = true;
    if (!this.pendingShown) return;
    this.pendingShown = false;
    clearTimeout(this.waiting);
    this.frame.setWaiting('');
    this.element.removeAttribute('aria-busy');
  }

  private draw(result: ResultOf<Name>, params: ParamsOf<Name>): void {
    const rendered = this.show(result, params);
    // Only the drawing of the state asked about answers a prediction, not a stale one arriving first.
    const measured =
      this.awaitingMeasure && rendered === JSON.stringify(this.params(this.state)) && this.measure(result);
    if (measured) this.reportMeasured(measured);
    this.answer();
  }

  // Draws a result: the whole answer, or a draft of the latest state (a sweep's first trials, exact for the
  // parameters it was computed with) while the rest is computed; then the figure stays busy, and no prediction hears.
  private show(result: ResultOf<Name>, params: ParamsOf<Name>): string {
    this.lastResult = result;
    this.render(result);
    if (this.showingError) this.frame.setNotice('');
    this.showingError = false;
    // What is on screen now, for tests and for "copy link": the parameters this result was computed from.
    const rendered = JSON.stringify(params);
    this.element.dataset.rendered = rendered;
    // Which core drew it: tests compare the page's numbers with the worker's for the same state.
    const computedIn = this.options.client.computedIn(result);
    if (computedIn !== this.computedIn) this.element.dataset.computedIn = this.computedIn = computedIn;
    return rendered;
  }

  private fail(error: Error): void {
    this.answer();
    this.frame.setNotice(t('widget.computeFailed', { message: error.message }));
    this.showingError = true;
  }
}
