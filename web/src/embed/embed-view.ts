// Draws what an embed asked for: the whole lesson (LessonView), or one widget and/or one question in compact form.
import type { Question } from '../authoring/compiled.js';
import type { LessonEvents } from '../lesson/lesson-events.js';
import { questionsOf, widgetBlocksOf } from '../lesson/lessons.js';
import { mountWidget, showInWidget, type MountedWidget } from '../lesson/mount-widget.js';
import { reportProgress } from '../lesson/progress-report.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import { LessonView } from '../lesson/render-lesson.js';
import type { WidgetAction } from '../quiz/index.js';
import { gradedOptions } from '../quiz-ui/graded-settings.js';
import { QuestionView } from '../quiz-ui/question-view.js';
import type { RemoteGrader } from '../quiz-ui/remote-grader.js';
import type { CoreClient } from '../worker/core-client.js';
import type { EmbedRequest, WidgetPick } from './embed-request.js';

export interface EmbedContext {
  client: CoreClient;
  store: ProgressStore;
  events: LessonEvents;
  announce: (text: string) => void;
  /** A seed kept for this learner: needed only for variant=learner. */
  learner?: string;
  /** Under the LTI tool in a graded launch: the server that grades (see quiz-ui/remote-grader.ts). */
  server?: RemoteGrader;
}

export interface RenderedEmbed {
  element: HTMLElement;
  dispose(): void;
}

/** The heading of a question embedded on its own, where its number in the lesson means nothing to the learner. */
export const loneQuestionHeading = (lessonTitle: string): string => `A question from “${lessonTitle}”`;

export function renderEmbed(request: EmbedRequest, context: EmbedContext): RenderedEmbed {
  if (request.whole) {
    const graded = { policy: request.policy, learner: context.learner, server: context.server };
    const view = new LessonView(request.lesson, { ...context, url: request.url, graded });
    return { element: view.element, dispose: () => view.dispose() };
  }
  const parts = new EmbedParts(request, context);
  return { element: parts.element, dispose: () => parts.dispose() };
}

class EmbedParts {
  readonly element = document.createElement('div');
  private readonly widgets = new Map<string, MountedWidget>();
  private readonly questionIds: string[] = [];
  private stopReporting?: () => void;

  constructor(
    private readonly request: EmbedRequest,
    private readonly context: EmbedContext,
  ) {
    this.element.className = 'embed-parts';
    if (request.widget) this.element.append(this.mountWidget(request.widget));
    if (request.question) this.element.append(this.question(request.question));
    const lesson = request.lesson.slug;
    context.events.emit('ready', { lesson, questions: this.questionIds.length, widgets: [...this.widgets.keys()] });
    if (this.questionIds.length)
      this.stopReporting = reportProgress(context.store, this.questionIds, lesson, context.events);
  }

  dispose(): void {
    this.stopReporting?.();
    this.widgets.forEach((widget) => widget.dispose());
  }

  private mountWidget(pick: WidgetPick): HTMLElement {
    const widget = mountWidget({
      client: this.context.client,
      id: pick.id,
      widget: pick.widget,
      params: pick.params,
      hidden: pick.hidden,
    });
    // A link to the frame itself is no use to a learner; the chrome links the lesson.
    widget.frame.linkButton.hidden = true;
    this.widgets.set(pick.id, widget);
    return widget.element;
  }

  private question(question: Question): HTMLElement {
    const lesson = this.request.lesson.slug;
    this.questionIds.push(question.id);
    const graded = { policy: this.request.policy, learner: this.context.learner, server: this.context.server };
    const view = new QuestionView(question, {
      number: questionsOf(this.request.lesson).indexOf(question) + 1,
      // Alone in a course page, "Question 2" says nothing: the lesson it comes from does.
      heading: loneQuestionHeading(this.request.lesson.title),
      store: this.context.store,
      onShow: (action) => this.show(action),
      onAnswered: (questionId, correct, attempts, attempt) =>
        this.context.events.emit('answered', {
          lesson,
          questionId,
          correct,
          attempts,
          afterSolution: attempt.afterSolution,
          variant: attempt.variant,
        }),
      ...gradedOptions(question, graded),
    });
    return view.element;
  }

  // "Show me in the widget" from a lone question brings the widget in below it.
  private show(action: WidgetAction): void {
    if (!this.widgets.has(action.widget)) {
      const block = widgetBlocksOf(this.request.lesson).find((b) => b.id === action.widget);
      if (!block) return;
      this.element.append(
        this.mountWidget({ id: block.id, widget: block.widget, params: block.params, hidden: new Set() }),
      );
    }
    const widget = this.widgets.get(action.widget);
    if (widget) showInWidget(widget, action, 'nearest');
  }
}
