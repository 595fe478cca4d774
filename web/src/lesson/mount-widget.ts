// The one way a widget gets onto a page (lesson, embed, web component): checked parameters, URL overrides, the view
// from the widget's folder, and "show me" from a question.
import { t } from '../i18n/messages.js';
import type { WidgetAction } from '../quiz/index.js';
import { views } from '../widgets/views.generated.js';
import { mountView, type MountedWidget, type WidgetRequest } from './mount-view.js';

export type { MountedWidget, WidgetRequest } from './mount-view.js';

/** Mounts a widget whose view is bundled with the caller (every view): for pages that show any widget at once. */
export function mountWidget(request: WidgetRequest): MountedWidget {
  return mountView(views[request.widget], request);
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
      textContent: t('question.backTo'),
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
