// The one way a widget gets onto a page (lesson, embed, web component): checked parameters, URL overrides, the view
// from the widget's folder, and "show me" from a question.
import {
  checkWidgetParam,
  parseWidgetParams,
  type FlatWidgetParams,
  type WidgetName,
  type WidgetParams,
} from '../authoring/widget-schema.js';
import type { WidgetAction } from '../quiz/index.js';
import type { WidgetState } from '../widgets/live-widget.js';
import type { WidgetFrame } from '../widgets/widget-frame.js';
import { views } from '../widgets/views.generated.js';
import type { CoreClient } from '../worker/core-client.js';

export interface MountedWidget {
  element: HTMLElement;
  frame: WidgetFrame;
  currentState: WidgetState;
  setState(partial: WidgetState): void;
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

type Factory = (options: {
  client: CoreClient;
  id: string;
  state: unknown;
  hidden: ReadonlySet<string>;
  onStateChange?: (state: WidgetState) => void;
}) => MountedWidget;

export function mountWidget(request: WidgetRequest): MountedWidget {
  const { params, problems } = parseWidgetParams(request.widget, request.params);
  for (const [name, raw] of Object.entries(request.overrides ?? {})) {
    const check = checkWidgetParam(request.widget, name, raw);
    if (check.ok) params[name] = check.value;
    else problems.push(check.message);
  }
  // Each view's options are typed by its own schema; parseWidgetParams has just checked them against it.
  const factory = views[request.widget] as unknown as Factory;
  const widget = factory({
    client: request.client,
    id: `${request.id}-widget`,
    state: params,
    hidden: request.hidden ?? new Set(),
    onStateChange: request.onStateChange,
  });
  if (problems.length)
    widget.frame.setNotice(
      `Some settings in the link were not usable and were reset to defaults: ${problems.join('; ')}.`,
    );
  return widget;
}

/**
 * "Show me in the widget": set the state, bring the figure into view and give it focus for the next Tab. With
 * `returnTo`, a "Back to the question" link near the figure's top brings the learner and focus back there.
 */
export function showInWidget(
  widget: MountedWidget,
  action: WidgetAction,
  block: ScrollLogicalPosition,
  returnTo?: HTMLElement,
): void {
  if (widget === null || typeof widget !== 'object' || !(widget.element instanceof HTMLElement)) {
    throw new TypeError('showInWidget: widget must be a MountedWidget');
  }
  if (action === null || typeof action !== 'object' || typeof action.state !== 'object' || action.state === null) {
    throw new TypeError('showInWidget: action must be a WidgetAction {widget, state}');
  }
  if (returnTo !== undefined && !(returnTo instanceof HTMLElement)) {
    throw new TypeError('showInWidget: returnTo must be an HTMLElement');
  }
  widget.setState(action.state);
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (returnTo) backLink(widget.element, returnTo, reduce);
  else widget.element.querySelector(':scope > .back-to-question')?.remove();
  widget.element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block });
  widget.element.tabIndex = -1;
  widget.element.focus({ preventScroll: true });
}

// One link per figure, just under its caption, pointing at the latest question that sent the learner here.
function backLink(figure: HTMLElement, returnTo: HTMLElement, reduce: boolean): void {
  const question = returnTo.closest<HTMLElement>('.question') ?? returnTo;
  let link = figure.querySelector<HTMLAnchorElement>(':scope > .back-to-question');
  if (!link) {
    link = Object.assign(document.createElement('a'), {
      className: 'back-to-question',
      textContent: 'Back to the question',
    });
    const caption = figure.querySelector(':scope > figcaption');
    if (caption) caption.after(link);
    else figure.prepend(link);
  }
  if (question.id) link.href = `#${question.id}`;
  link.onclick = (event) => {
    event.preventDefault();
    question.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    returnTo.focus({ preventScroll: true });
    link?.remove();
  };
}
