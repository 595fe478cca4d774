// The prerendered lesson's figures, live before the rest of the lesson has loaded: a figure near the viewport fetches
// only its own folder (view-loaders.generated.ts), not the lesson's data, the quiz or the other widgets. The live
// lesson (LessonView) then takes these widgets over as they are, without mounting them again.
import type { WidgetName } from '../authoring/widget-schema.js';
import type { WidgetState } from '../widgets/live-widget.js';
import { viewLoaders } from '../widgets/view-loaders.generated.js';
import type { CoreClient } from '../worker/core-client.js';
import { mountView, type MountedWidget } from './mount-view.js';
import { hiddenFor, type UrlState } from './url-state.js';

type StateListener = (id: string, state: WidgetState) => void;

/** What LessonView takes over: the mounted widgets, and where their state changes go from now on. */
export interface PremountedWidgets {
  readonly widgets: ReadonlyMap<string, MountedWidget>;
  /** Stops mounting; state changes (the latest one of each widget at once) go to listener from now on. */
  handOver(listener: StateListener): void;
}

export class FirstWidgets implements PremountedWidgets {
  private readonly mounted = new Map<string, MountedWidget>();
  private readonly started = new Set<string>();
  private readonly latest = new Map<string, WidgetState>();
  private observer?: IntersectionObserver;
  private listener?: StateListener;
  private handedOver = false;
  private settle!: () => void;
  /** Settles when a figure in view has drawn, or at once when none is in view: the rest may load from then on. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  /** root: the element holding the prerendered lesson, whose `.widget-slot`s carry data-widget and data-params. */
  constructor(
    root: HTMLElement,
    private readonly context: { client: CoreClient; url: UrlState },
  ) {
    if (!(root instanceof HTMLElement)) throw new TypeError('FirstWidgets: root must be an HTMLElement');
    const slots = [...root.querySelectorAll<HTMLElement>('.widget-slot[data-widget][data-params]')];
    new MutationObserver((_, watcher) => {
      watcher.disconnect();
      this.settle();
    }).observe(root, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
    // A link to a figure (#id) starts it at once.
    const target = slots.find((slot) => slot.id === location.hash.slice(1));
    if (target) void this.mount(target);
    if (typeof IntersectionObserver === 'undefined') {
      this.settle();
      return;
    }
    // Only figures in view start here; those a screen away are LessonView's, once the lesson has loaded.
    this.observer = new IntersectionObserver((entries) => {
      entries.filter((e) => e.isIntersecting).forEach((e) => void this.mount(e.target as HTMLElement));
      if (this.started.size === 0) this.settle();
    });
    slots.forEach((slot) => this.observer?.observe(slot));
  }

  get widgets(): ReadonlyMap<string, MountedWidget> {
    return this.mounted;
  }

  handOver(listener: StateListener): void {
    if (typeof listener !== 'function') throw new TypeError('FirstWidgets.handOver: listener must be a function');
    this.handedOver = true;
    this.settle();
    this.observer?.disconnect();
    this.listener = listener;
    this.latest.forEach((state, id) => listener(id, state));
    this.latest.clear();
  }

  private async mount(slot: HTMLElement): Promise<void> {
    const { id } = slot;
    const name = slot.dataset.widget ?? '';
    if (this.handedOver || this.started.has(id) || !Object.hasOwn(viewLoaders, name)) return;
    this.started.add(id);
    this.observer?.unobserve(slot);
    const view = await viewLoaders[name as WidgetName]();
    // Too late: the live lesson has replaced the prerendered one and mounts this figure itself.
    if (this.handedOver) return;
    const widget = mountView(view, {
      client: this.context.client,
      id,
      widget: name as WidgetName,
      params: JSON.parse(slot.dataset.params ?? '{}'),
      overrides: this.context.url.widgets.get(id),
      hidden: hiddenFor(this.context.url, id),
      onStateChange: (state) => (this.listener ? this.listener(id, state) : this.latest.set(id, state)),
    });
    // A figure a prediction waits on holds its answer back from the start (the lesson's panel takes over later).
    if (slot.dataset.predict !== undefined && !this.context.url.widgets.has(id)) widget.predict?.hold();
    slot.replaceChildren(widget.element);
    this.mounted.set(id, widget);
  }
}
