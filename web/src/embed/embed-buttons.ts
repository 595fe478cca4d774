// Puts "Embed this" on every widget and question of a rendered lesson, from outside LessonView: questions are there at
// once; widgets mount when they near the viewport, so each slot is watched until its figure appears.
import { t } from '../i18n/messages.js';
import type { CompiledLesson, Question } from '../authoring/compiled.js';
import { widgetSchemas, type WidgetParams } from '../authoring/widget-schema.js';
import type { LessonView } from '../lesson/render-lesson.js';
import { hiddenFor, type UrlState } from '../lesson/url-state.js';
import { documentLocale, questionsOf, widgetBlocksOf } from '../lesson/lessons.js';
import { EmbedOptions } from './embed-options.js';
import { embedThis } from './embed-this.js';
import { measureEmbedHeight } from './measure-height.js';
import { embedUrl, iframeSnippet } from './snippet.js';

// Chrome around the content in embed.html: its footer link and padding, on top of what the page shows.
const frameChrome = 80;

// The question's own words for the frame's title (what a screen reader announces for it): the prompt as read aloud.
function promptWords(section: HTMLElement): string {
  const prompt = section.querySelector('.prompt')?.cloneNode(true) as HTMLElement | undefined;
  if (!prompt) return '';
  // KaTeX writes each formula twice (MathML to read, HTML to see) and keeps its TeX source: keep the MathML alone.
  prompt.querySelectorAll('.katex-html, annotation').forEach((part) => part.remove());
  const words = (prompt.textContent ?? '').replace(/\s+/g, ' ').trim();
  return words.length > 110 ? `${words.slice(0, 109)}…` : words;
}

function addQuestionButton(view: LessonView, lesson: CompiledLesson, question: Question): void {
  const section = view.element.querySelector<HTMLElement>(`#question-${CSS.escape(question.id)}`);
  if (!section) return;
  const words = promptWords(section);
  const title = words ? t('embed.questionTitle', { words }) : t('embed.questionFrom', { lesson: lesson.title });
  const target = (choices: EmbedOptions['choices']) => ({
    lesson: lesson.slug,
    locale: documentLocale(),
    question: question.id,
    graded: choices.graded,
    origin: choices.origin,
  });
  const { toggle, panel } = embedThis({
    label: t('embed.questionLabel'),
    options: new EmbedOptions({ question }),
    src: (choices) => embedUrl(location.href, target(choices)),
    snippet: (choices, height) => iframeSnippet(location.href, target(choices), title, height),
    tallest: t('embed.questionTallest'),
    measure: (src, signal) => measureEmbedHeight(src, question, signal),
    roughHeight: () => Math.ceil(section.getBoundingClientRect().height) + frameChrome + 240,
  });
  section.append(toggle, panel);
}

function addWidgetButton(view: LessonView, lesson: CompiledLesson, slot: HTMLElement, url: UrlState): void {
  const block = widgetBlocksOf(lesson).find((b) => b.id === slot.id);
  const attach = (figure: HTMLElement) => {
    const widget = view.widget(slot.id);
    const caption = figure.querySelector('figcaption')?.textContent ?? slot.id;
    // The controls learners see, as the widget's schema names them: what hide= can take.
    const schema = block ? widgetSchemas[block.widget] : {};
    const controls = (widget?.hideable ?? []).filter((control) => control.name in schema);
    const options = new EmbedOptions({ controls, hidden: hiddenFor(url, slot.id) });
    const target = (choices: EmbedOptions['choices']) => ({
      lesson: lesson.slug,
      locale: documentLocale(),
      widget: {
        id: slot.id,
        state: (view.widget(slot.id)?.currentState ?? {}) as WidgetParams,
        hidden: choices.hidden,
      },
      origin: choices.origin,
    });
    const { toggle, panel } = embedThis({
      label: t('embed.widgetLabel'),
      options,
      src: (choices) => embedUrl(location.href, target(choices)),
      snippet: (choices, height) =>
        iframeSnippet(location.href, target(choices), t('embed.widgetTitle', { caption }), height),
      tallest: t('embed.widgetTallest'),
      measure: (src, signal) => measureEmbedHeight(src, undefined, signal),
      roughHeight: () => Math.ceil(figure.getBoundingClientRect().height) + frameChrome,
    });
    (figure.querySelector('.widget-actions') ?? figure).append(toggle);
    figure.append(panel);
  };
  const mounted = () => slot.querySelector<HTMLElement>(':scope > figure.widget');
  const now = mounted();
  if (now) return attach(now);
  const observer = new MutationObserver(() => {
    const figure = mounted();
    if (!figure) return;
    observer.disconnect();
    attach(figure);
  });
  observer.observe(slot, { childList: true });
}

export function addEmbedButtons(view: LessonView, lesson: CompiledLesson, url: UrlState): void {
  questionsOf(lesson).forEach((question) => addQuestionButton(view, lesson, question));
  for (const slot of view.element.querySelectorAll<HTMLElement>('.widget-slot'))
    addWidgetButton(view, lesson, slot, url);
}
