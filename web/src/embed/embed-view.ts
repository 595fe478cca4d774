// Draws what an embed asked for: the whole lesson (LessonView), or one widget and/or one question in compact form.
import type { Question } from '../authoring/compiled.js';
import { parseWidgetParams } from '../authoring/widget-schema.js';
import type { LessonEvents } from '../lesson/lesson-events.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import { LessonView } from '../lesson/render-lesson.js';
import { widgetFactories, type MountedWidget } from '../lesson/widget-registry.js';
import { scoreOf, type WidgetAction } from '../quiz/index.js';
import { QuestionView } from '../quiz-ui/question-view.js';
import type { WidgetState } from '../widgets/live-widget.js';
import type { CoreClient } from '../worker/core-client.js';
import type { EmbedRequest, WidgetPick } from './embed-request.js';
import { questionsOf, widgetBlocksOf } from './lessons.js';

export interface EmbedContext {
  client: CoreClient;
  store: ProgressStore;
  events: LessonEvents;
  announce: (text: string) => void;
}

export interface RenderedEmbed {
  element: HTMLElement;
  dispose(): void;
}

export function renderEmbed(request: EmbedRequest, context: EmbedContext): RenderedEmbed {
  if (request.whole) {
    const view = new LessonView(request.lesson, { ...context, url: request.url });
    return { element: view.element, dispose: () => view.dispose() };
  }
  const parts = new EmbedParts(request, context);
  return { element: parts.element, dispose: () => parts.dispose() };
}

class EmbedParts {
  readonly element = document.createElement('div');
  private readonly widgets = new Map<string, MountedWidget>();
  private readonly questionIds: string[] = [];
  private complete = false;

  constructor(private readonly request: EmbedRequest, private readonly context: EmbedContext) {
    this.element.className = 'embed-parts';
    if (request.widget) this.element.append(this.mountWidget(request.widget));
    if (request.question) this.element.append(this.question(request.question));
    const lesson = request.lesson.slug;
    context.events.emit('ready', { lesson, questions: this.questionIds.length, widgets: [...this.widgets.keys()] });
    if (this.questionIds.length) {
      this.reportProgress();
      context.store.subscribe(() => this.reportProgress());
    }
  }

  dispose(): void {
    this.widgets.forEach((widget) => widget.dispose?.());
  }

  private mountWidget(pick: WidgetPick): HTMLElement {
    const factory = widgetFactories[pick.widget];
    if (!factory) {
      this.context.announce(`The widget “${pick.widget}” is not available yet.`);
      return Object.assign(document.createElement('p'), { textContent: `The widget “${pick.widget}” is not available yet.` });
    }
    const widget = factory({ client: this.context.client, id: `${pick.id}-widget`, state: pick.params as WidgetState, hidden: pick.hidden });
    widget.frame.linkButton.hidden = true; // a link to the frame itself is no use to a learner; the chrome links the lesson
    this.widgets.set(pick.id, widget);
    return widget.element;
  }

  private question(question: Question): HTMLElement {
    const lesson = this.request.lesson.slug;
    this.questionIds.push(question.id);
    const view = new QuestionView(question, {
      number: questionsOf(this.request.lesson).indexOf(question) + 1,
      store: this.context.store,
      onShow: (action) => this.show(action),
      onAnswered: (questionId, correct, attempts) => this.context.events.emit('answered', { lesson, questionId, correct, attempts }),
    });
    return view.element;
  }

  // "Show me in the widget" from a lone question brings the widget in below it.
  private show(action: WidgetAction): void {
    let widget = this.widgets.get(action.widget);
    if (!widget) {
      const block = widgetBlocksOf(this.request.lesson).find((b) => b.id === action.widget);
      if (!block) return;
      this.element.append(this.mountWidget({ id: block.id, widget: block.widget, params: parseWidgetParams(block.widget, block.params).params, hidden: new Set() }));
      widget = this.widgets.get(action.widget);
    }
    if (!widget) return;
    widget.setState(action.state);
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    widget.element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'nearest' });
    widget.element.tabIndex = -1; // so the next Tab continues inside the widget that now shows the answer
    widget.element.focus({ preventScroll: true });
  }

  private reportProgress(): void {
    const lesson = this.request.lesson.slug;
    const score = scoreOf(this.context.store.current, this.questionIds);
    this.context.events.emit('progress', { lesson, ...score });
    const complete = score.total > 0 && score.correct === score.total;
    if (complete && !this.complete) this.context.events.emit('completed', { lesson, score: score.correct / score.total, correct: score.correct, total: score.total });
    this.complete = complete;
  }
}
