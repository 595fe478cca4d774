// Renders a compiled lesson: contents, progress, sections of prose, widgets (mounted as they near the viewport),
// questions.
import { t } from '../i18n/messages.js';
import type { Block, CompiledLesson } from '../authoring/compiled.js';
import type { CompiledPrediction } from '../predict/types.js';
import type { FlatWidgetParams, WidgetName } from '../authoring/widget-schema.js';
import { PredictionPanel } from '../predict/prediction-panel.js';
import { wrongQuestionIds, type Question, type WidgetAction } from '../quiz/index.js';
import { gradedOptions, type GradedSettings } from '../quiz-ui/graded-settings.js';
import { QuestionView } from '../quiz-ui/question-view.js';
import type { CoreClient } from '../worker/core-client.js';
import type { PremountedWidgets } from './first-widgets.js';
import type { LessonEvents } from './lesson-events.js';
import { mountWidget, showInWidget, type MountedWidget } from './mount-widget.js';
import { reportProgress, type Score } from './progress-report.js';
import { resultsDownload } from './results-download.js';
import type { ProgressStore } from './progress-store.js';
import { keepOverflowFocusable } from './scroll-regions.js';
import { hiddenFor, linkTo, withWidgetState, type UrlState } from './url-state.js';

/** How long the widgets stay still before the address bar is written (a slider dragged writes once, at the end). */
const addressPause = 1000;

export interface LessonContext {
  client: CoreClient;
  store: ProgressStore;
  url: UrlState;
  /** Polite notices for the whole page (storage blocked, progress reset, odd URL). */
  announce: (text: string) => void;
  events?: LessonEvents;
  /** A graded context's policy and learner (SCORM, a whole-lesson embed); the lesson page's own rules without it. */
  graded?: GradedSettings;
  /** Figures already live in the prerendered page: taken over as they are, not mounted again. */
  premounted?: PremountedWidgets;
}

interface ProgressPanel {
  text: HTMLElement;
  bar: HTMLProgressElement;
  retry: HTMLButtonElement;
}

interface WidgetSlot {
  id: string;
  widget: WidgetName;
  params: FlatWidgetParams;
  placeholder: HTMLElement;
  mounted?: MountedWidget;
  /** "Predict first", above the widget, when the lesson asks a prediction there. */
  panel?: PredictionPanel;
}

export class LessonView {
  readonly element = document.createElement('article');
  private readonly slots = new Map<string, WidgetSlot>();
  private readonly questions: QuestionView[] = [];
  private readonly panels: ProgressPanel[] = [];
  private observer?: IntersectionObserver;
  private stopReporting?: () => void;
  private readonly unsaved = new Map<string, Record<string, number | string | boolean>>();
  private saveTimer?: ReturnType<typeof setTimeout>;
  private changedAt = 0;

  constructor(
    private readonly lesson: CompiledLesson,
    private readonly context: LessonContext,
  ) {
    this.element.className = 'lesson';
    const header = document.createElement('header');
    const title = document.createElement('h1');
    title.innerHTML = lesson.titleHtml;
    const summary = Object.assign(document.createElement('p'), {
      className: 'lesson-summary',
      textContent: lesson.summary,
    });
    header.append(title, summary, this.progressPanel('lesson-progress'));
    const body = document.createElement('div');
    body.className = 'lesson-body';
    body.append(this.contents());
    for (const section of lesson.sections) body.append(this.section(section.id, section.titleHtml, section.blocks));
    // The same score again where the lesson ends, live, with its own retry: no scrolling back to the top.
    const closing = this.progressPanel('lesson-closing-progress', false);
    closing.classList.add('closing-progress');
    const questions = () => this.questions.map((q) => q.question);
    const predictions = () =>
      [...this.slots.values()].flatMap(({ id, panel }) => {
        if (!panel) return [];
        const record = Object.hasOwn(context.store.predictions, id) ? context.store.predictions[id] : undefined;
        return [{ widget: id, kind: panel.prediction.kind, ...(record && { record }) }];
      });
    closing.append(resultsDownload(lesson.slug, questions, context.store, predictions));
    (body.lastElementChild ?? body).append(closing);
    this.element.append(header, body);
    const ids = this.questions.map((q) => q.question.id);
    this.stopReporting = reportProgress(context.store, ids, lesson.slug, context.events, (score) =>
      this.showProgress(score, ids),
    );
    this.context.premounted?.handOver((id, state) => this.remember(id, state));
    this.observeWidgets();
    // Sizes are known only once the article is in the document.
    requestAnimationFrame(() => keepOverflowFocusable(this.element));
    context.events?.emit('ready', {
      lesson: lesson.slug,
      questions: this.questions.length,
      widgets: [...this.slots.keys()],
    });
  }

  /** Stops whatever the mounted widgets still run (the view is being removed). */
  dispose(): void {
    this.observer?.disconnect();
    this.stopReporting?.();
    this.slots.forEach((slot) => slot.mounted?.dispose());
  }

  /** Mounts (if needed) and returns a widget, e.g. for a question's "show me". */
  widget(id: string): MountedWidget | undefined {
    const slot = this.slots.get(id);
    return slot ? this.mount(slot) : undefined;
  }

  /** A question's "show me": `returnTo` (the question's button) gets focus back from the widget's back link. */
  show(action: WidgetAction, returnTo?: HTMLElement): void {
    const widget = this.widget(action.widget);
    if (widget) showInWidget(widget, action, 'start', returnTo);
  }

  private contents(): HTMLElement {
    const nav = document.createElement('nav');
    nav.className = 'contents';
    nav.setAttribute('aria-label', t('lesson.contents'));
    const heading = Object.assign(document.createElement('h2'), {
      textContent: t('lesson.contents'),
      className: 'contents-title',
    });
    const list = document.createElement('ol');
    for (const section of this.lesson.sections) {
      const link = Object.assign(document.createElement('a'), { href: `#${section.id}` });
      link.innerHTML = section.titleHtml;
      const item = document.createElement('li');
      item.append(link);
      list.append(item);
    }
    nav.append(heading, list);
    return nav;
  }

  private progressPanel(id: string, withReset = true): HTMLElement {
    const panel = Object.assign(document.createElement('div'), { className: 'progress-panel', id });
    const text = Object.assign(document.createElement('p'), { id: `${id}-text` });
    const bar = document.createElement('progress');
    bar.setAttribute('aria-labelledby', text.id);
    const retry = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'retry-missed',
      textContent: t('lesson.retryMissed'),
    });
    this.panels.push({ text, bar, retry });
    const reset = Object.assign(document.createElement('button'), { type: 'button', textContent: t('lesson.reset') });
    let armed = false;
    reset.addEventListener('click', () => {
      if (!armed) {
        armed = true;
        reset.textContent = t('lesson.resetConfirm');
        return;
      }
      armed = false;
      reset.textContent = t('lesson.reset');
      this.context.store.reset();
      this.questions.forEach((q) => q.clear());
      this.slots.forEach((slot) => this.askAgain(slot));
      this.context.announce(t('lesson.resetDone'));
    });
    reset.addEventListener('blur', () => {
      armed = false;
      reset.textContent = t('lesson.reset');
    });
    retry.addEventListener('click', () => {
      const wrong = new Set(wrongQuestionIds(this.context.store.current));
      const again = this.questions.filter((q) => wrong.has(q.question.id));
      again.forEach((q) => q.resetForRetry());
      again[0]?.element.scrollIntoView({ block: 'start' });
      again[0]?.focus();
    });
    panel.append(text, bar, retry);
    if (withReset) panel.append(reset);
    return panel;
  }

  private showProgress(score: Score, ids: string[]): void {
    const complete = score.correct === score.total && score.total > 0;
    const missed = wrongQuestionIds(this.context.store.current).filter((id) => ids.includes(id)).length;
    for (const { text, bar, retry } of this.panels) {
      bar.max = Math.max(1, score.total);
      bar.value = score.correct;
      const counted = t(complete ? 'lesson.progressComplete' : 'lesson.progress', {
        correct: score.correct,
        total: score.total,
      });
      text.textContent = `${counted}${this.gradedScore(score)}`;
      retry.hidden = missed === 0;
    }
    this.element.dataset.complete = String(complete);
  }

  // Where answers are graded, the score the LMS or host receives, and why it is lower than the count when it is.
  private gradedScore(score: Score): string {
    if (!this.context.graded?.policy.graded || score.total === 0) return '';
    const { afterSolution: after } = score;
    const why = after === 0 ? '' : t('lesson.afterSolution', { after });
    return t('lesson.score', { score: Math.round((100 * score.points) / score.total), why });
  }

  private section(id: string, titleHtml: string, blocks: Block[]): HTMLElement {
    const section = document.createElement('section');
    section.id = id;
    const heading = document.createElement('h2');
    heading.id = `${id}-title`;
    heading.innerHTML = titleHtml;
    section.setAttribute('aria-labelledby', heading.id);
    section.append(heading);
    for (const block of blocks) section.append(this.block(block));
    return section;
  }

  private block(block: Block): Node {
    if (block.kind === 'html') {
      const template = document.createElement('template');
      template.innerHTML = block.html; // compiled at build time from Markdown with raw HTML disabled
      return template.content;
    }
    if (block.kind === 'question') return this.question(block.question);
    const placeholder = document.createElement('div');
    placeholder.className = 'widget-slot';
    placeholder.dataset.widget = block.widget;
    placeholder.id = block.id;
    placeholder.tabIndex = -1;
    const slot: WidgetSlot = { id: block.id, widget: block.widget, params: block.params, placeholder };
    this.slots.set(block.id, slot);
    if (block.predict) slot.panel = this.predictionPanel(block.id, block.predict);
    const early = this.context.premounted?.widgets.get(block.id);
    if (early) this.adopt(slot, early);
    if (!slot.panel) return placeholder;
    const both = document.createDocumentFragment();
    both.append(slot.panel.element, placeholder);
    return both;
  }

  private predictionPanel(id: string, prediction: CompiledPrediction): PredictionPanel {
    const { store, events } = this.context;
    return new PredictionPanel(`${id}-predict`, prediction, {
      saved: Object.hasOwn(store.predictions, id) ? store.predictions[id] : undefined,
      widget: () => this.widget(id),
      onRecord: (record, final) => {
        store.recordPrediction(id, record);
        if (final) events?.emit('predicted', { lesson: this.lesson.slug, widget: id, prediction, record });
      },
    });
  }

  // After "Reset my progress" a prediction is asked again, from the widget as the lesson starts it.
  private askAgain(slot: WidgetSlot): void {
    if (!slot.panel) return;
    slot.mounted?.setState(slot.params);
    slot.panel.reset();
  }

  private question(question: Question): HTMLElement {
    const view = new QuestionView(question, {
      number: this.questions.length + 1,
      store: this.context.store,
      onShow: (a, back) => this.show(a, back),
      onAnswered: (questionId, correct, attempts, attempt) =>
        this.context.events?.emit('answered', {
          lesson: this.lesson.slug,
          questionId,
          correct,
          attempts,
          afterSolution: attempt.afterSolution,
          variant: attempt.variant,
          attempt,
        }),
      ...gradedOptions(question, this.context.graded),
    });
    this.questions.push(view);
    return view.element;
  }

  // Widgets far below the fold do no work until they come near (one screen ahead).
  private observeWidgets(): void {
    if (typeof IntersectionObserver === 'undefined') {
      this.slots.forEach((slot) => this.mount(slot));
      return;
    }
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const slot = this.slots.get((entry.target as HTMLElement).id);
          if (slot) this.mount(slot);
        }
      },
      { rootMargin: '100% 0px' },
    );
    this.slots.forEach((slot) => slot.mounted || this.observer?.observe(slot.placeholder));
    // A link to a widget (#id) mounts it at once.
    const target = this.slots.get(location.hash.slice(1));
    if (target) this.mount(target);
  }

  private mount(slot: WidgetSlot): MountedWidget {
    if (slot.mounted) return slot.mounted;
    this.observer?.unobserve(slot.placeholder);
    const widget = mountWidget({
      client: this.context.client,
      id: slot.id,
      widget: slot.widget,
      params: slot.params,
      overrides: this.context.url.widgets.get(slot.id),
      hidden: hiddenFor(this.context.url, slot.id),
      onStateChange: (state) => this.remember(slot.id, state),
    });
    this.adopt(slot, widget);
    return widget;
  }

  private adopt(slot: WidgetSlot, widget: MountedWidget): void {
    // A link that sets this figure's view (a shared view, a reload after moving it) shows that view as it is.
    slot.panel?.attach(widget.predict, !this.context.url.widgets.has(slot.id));
    widget.frame.linkButton.addEventListener('click', () => this.copyLink(slot.id, widget));
    slot.placeholder.replaceChildren(widget.element);
    slot.mounted = widget;
  }

  // The address bar follows the widgets (as TensorFlow Playground's does), so a reload or a bookmark keeps the view.
  // Browsers limit how often history may change: a drag writes at most once per interval, the last state last.
  private remember(id: string, state: Record<string, number | string | boolean>): void {
    this.unsaved.set(id, state);
    this.changedAt = performance.now();
    // Written once the learner pauses, not while a slider moves: each replaceState holds the page's thread for
    // longer than a frame on a phone (a new address makes the page recheck every link), and only the view where
    // the learner stopped is worth a reload or a link. One timer per pause: it waits on while steps keep coming.
    if (this.saveTimer === undefined) this.saveAfter(addressPause);
  }

  private saveAfter(wait: number): void {
    this.saveTimer = setTimeout(() => {
      const still = performance.now() - this.changedAt;
      if (still < addressPause) return this.saveAfter(addressPause - still);
      this.saveTimer = undefined;
      let url = new URL(location.href);
      for (const [widgetId, widgetState] of this.unsaved) url = new URL(withWidgetState(url, widgetId, widgetState));
      this.unsaved.clear();
      url.hash = location.hash;
      if (url.href === location.href) return; // moved back to where the address already is
      try {
        history.replaceState(history.state, '', url);
      } catch {
        // A sandboxed frame may refuse; the view still works, only a reload forgets it.
      }
    }, wait);
  }

  private copyLink(id: string, widget: MountedWidget): void {
    const link = linkTo(location, id, widget.currentState);
    const fallback = () => widget.frame.setNotice(t('link.copyThis', { link }));
    // Without a clipboard API (plain http, old browsers) the learner copies the link by hand.
    if (!navigator.clipboard) return fallback();
    navigator.clipboard.writeText(link).then(() => widget.frame.setNotice(t('link.copied', { link })), fallback);
  }
}
