// A widget whose state goes to the core worker and whose result is drawn; state can be set from a URL or a question.
import type { ComputationName } from '../worker/computations.js';
import { LiveQuery, type CoreClient } from '../worker/core-client.js';
import type { ParamsOf, ResultOf } from '../worker/protocol.js';
import { WidgetFrame } from './widget-frame.js';

export type WidgetState = Record<string, number | string | boolean>;

export interface Settable {
  element: HTMLElement;
  set(value: never): void;
}

export interface WidgetOptions<S extends WidgetState> {
  client: CoreClient;
  id: string;
  state: S;
  /** Control names an instructor hid with the URL. */
  hidden: ReadonlySet<string>;
  onStateChange?: (id: string, state: S) => void;
}

export abstract class LiveWidget<Name extends ComputationName, S extends WidgetState> {
  readonly frame: WidgetFrame;
  protected state: S;
  private readonly query: LiveQuery<Name>;
  private controls: Partial<Record<keyof S, Settable>> = {};
  private showingError = false;

  protected constructor(
    protected readonly options: WidgetOptions<S>,
    computation: Name,
    caption: string,
    tableCaption: string,
  ) {
    this.state = { ...options.state };
    this.frame = new WidgetFrame(options.id, caption, tableCaption);
    this.query = new LiveQuery(options.client, computation, (r, p) => this.draw(r, p), (e) => this.fail(e));
    this.frame.resampleButton.addEventListener('click', () => this.update({ seed: ((Number(this.state.seed) || 0) + 1) % 2 ** 32 } as unknown as Partial<S>));
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
    this.request();
  }

  /** Sets part of the state from outside (a question's "show me", the URL) and recomputes. */
  setState(partial: Partial<S>): void {
    for (const [key, value] of Object.entries(partial)) this.controls[key as keyof S]?.set(value as never);
    this.update(partial);
  }

  protected update(partial: Partial<S>): void {
    this.state = { ...this.state, ...partial };
    this.options.onStateChange?.(this.options.id, this.currentState);
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
    this.element.setAttribute('aria-busy', 'true');
    this.query.update(this.params(this.state));
  }

  private draw(result: ResultOf<Name>, params: ParamsOf<Name>): void {
    this.render(result);
    if (this.showingError) this.frame.setNotice('');
    this.showingError = false;
    // What is on screen now, for tests and for "copy link": the parameters this result was computed from.
    this.element.dataset.rendered = JSON.stringify(params);
    this.element.removeAttribute('aria-busy');
  }

  private fail(error: Error): void {
    this.frame.setNotice(`The core could not compute this view: ${error.message}`);
    this.showingError = true;
    this.element.removeAttribute('aria-busy');
  }
}
