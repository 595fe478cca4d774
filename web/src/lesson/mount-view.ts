// Mounting one widget from its view factory: checked parameters, URL overrides, hidden controls. Loads no view
// itself, so a page can fetch just the views it shows (view-loaders.generated.ts) and mount them through this.
import { pageLocale, t } from '../i18n/messages.js';
import {
  checkWidgetParam,
  limitWidgetParams,
  parseWidgetParams,
  type FlatWidgetParams,
  type WidgetName,
  type WidgetParams,
} from '../authoring/widget-schema.js';
import type { PredictTarget } from '../predict/target.js';
import type { WidgetState } from '../widgets/live-widget.js';
import type { WidgetFrame } from '../widgets/widget-frame.js';
import type { CoreClient } from '../worker/core-client.js';

export interface MountedWidget {
  element: HTMLElement;
  frame: WidgetFrame;
  currentState: WidgetState;
  /** The controls it shows: the state key `hide=` takes (`seed` is Resample) and the label learners read. */
  readonly hideable: readonly { name: string; label: string }[];
  setState(partial: WidgetState): void;
  /** Its side of a predict-first moment (every live widget has one; a lesson decides whether to ask). */
  readonly predict?: PredictTarget;
  /** Ends what the widget holds (a training run, chart observers, pending results); it leaves the page. */
  dispose(): void;
}

export interface WidgetRequest {
  client: CoreClient;
  /** The id of the widget's place in the lesson; the figure's element id is `<id>-widget`. */
  id: string;
  widget: WidgetName;
  /** The lesson's parameters (flat, as compiled) or already checked ones. */
  params: FlatWidgetParams | WidgetParams;
  /** Raw values from a URL, checked one by one: a bad one keeps the lesson's value and is reported. */
  overrides?: Record<string, string>;
  hidden?: ReadonlySet<string>;
  onStateChange?: (state: WidgetState) => void;
}

/** What a widget folder's view.ts exports as `view`. */
export type WidgetFactory = (options: {
  client: CoreClient;
  id: string;
  state: unknown;
  hidden: ReadonlySet<string>;
  onStateChange?: (state: WidgetState) => void;
}) => MountedWidget;

export function mountView(view: unknown, request: WidgetRequest): MountedWidget {
  if (typeof view !== 'function') throw new TypeError(`mountView: view must be a widget factory, got ${typeof view}`);
  // A bad setting is explained in the page's language, inside the page's notice.
  const locale = pageLocale();
  const { params, problems } = parseWidgetParams(request.widget, request.params, locale);
  for (const [name, raw] of Object.entries(request.overrides ?? {})) {
    const check = checkWidgetParam(request.widget, name, raw, locale);
    if (check.ok) params[name] = check.value;
    else problems.push(check.message);
  }
  // A combination the core cannot compute (too many keys for the dₖ) is lowered to the nearest one it can.
  const lowered = limitWidgetParams(request.widget, params);
  // Each view's options are typed by its own schema; parseWidgetParams has just checked them against it.
  const factory = view as WidgetFactory;
  const widget = factory({
    client: request.client,
    id: `${request.id}-widget`,
    state: params,
    hidden: request.hidden ?? new Set(),
    onStateChange: request.onStateChange,
  });
  const notices = [
    ...(problems.length ? [t('link.unusable', { problems: problems.join(t('list.semicolon')) })] : []),
    ...(lowered.length ? [t('link.lowered', { lowered: lowered.join(t('list.semicolon')) })] : []),
  ];
  if (notices.length) widget.frame.setNotice(notices.join(t('list.sentences')));
  return widget;
}
