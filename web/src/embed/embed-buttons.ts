// Puts "Embed this" on every widget and question of a rendered lesson, from outside LessonView: questions are there at
// once; widgets mount when they near the viewport, so each slot is watched until its figure appears.
import type { CompiledLesson } from '../authoring/compiled.js';
import type { LessonView } from '../lesson/render-lesson.js';
import { hiddenFor, type UrlState } from '../lesson/url-state.js';
import { embedThis } from './embed-this.js';
import { questionsOf } from '../lesson/lessons.js';
import { iframeSnippet } from './snippet.js';

export function addEmbedButtons(view: LessonView, lesson: CompiledLesson, url: UrlState): void {
  const page = () => location.href;
  questionsOf(lesson).forEach((question, i) => {
    const section = view.element.querySelector<HTMLElement>(`#question-${CSS.escape(question.id)}`);
    if (!section) return;
    const title = `Attention Lab: question ${i + 1} of “${lesson.title}”`;
    const { toggle, panel } = embedThis('HTML that embeds this question', () =>
      iframeSnippet(page(), { lesson: lesson.slug, question: question.id }, title),
    );
    section.append(toggle, panel);
  });
  for (const slot of view.element.querySelectorAll<HTMLElement>('.widget-slot')) {
    const attach = (figure: HTMLElement) => {
      const caption = figure.querySelector('figcaption')?.textContent ?? slot.id;
      const snippet = () => {
        const state = view.widget(slot.id)?.currentState ?? {};
        return iframeSnippet(
          page(),
          { lesson: lesson.slug, widget: { id: slot.id, state, hidden: hiddenFor(url, slot.id) } },
          `Attention Lab: ${caption}`,
        );
      };
      const { toggle, panel } = embedThis('HTML that embeds this widget with its current settings', snippet);
      (figure.querySelector('.widget-actions') ?? figure).append(toggle);
      figure.append(panel);
    };
    const mounted = () => slot.querySelector<HTMLElement>(':scope > figure.widget');
    const now = mounted();
    if (now) {
      attach(now);
      continue;
    }
    const observer = new MutationObserver(() => {
      const figure = mounted();
      if (!figure) return;
      observer.disconnect();
      attach(figure);
    });
    observer.observe(slot, { childList: true });
  }
}
