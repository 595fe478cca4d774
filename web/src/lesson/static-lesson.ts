// The lesson as plain HTML, written into the served page at build time: prose, headings, tables, KaTeX math (HTML and
// MathML) and question prompts read at first paint and with scripts off; the script then renders the live lesson.
// It runs in Node at build time, where no page has a language: the locale is the build's, passed in.
import type { Block, CompiledLesson, LessonIndexEntry } from '../authoring/compiled.js';
import { translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';
import { lessonIndexHtml } from './lesson-index.js';
import { escapeHtml as escape } from './escape-html.js';

/** What a reader without scripts is told where a live figure or a question would be, in `locale`. */
export const needsScript = (locale: Locale = defaultLocale) => ({
  figure: translate(locale, 'static.figure'),
  question: translate(locale, 'static.question'),
  prediction: translate(locale, 'static.prediction'),
  lesson: translate(locale, 'static.lesson'),
});

function block(item: Block, questionNumber: () => number, locale: Locale): string {
  const notes = needsScript(locale);
  if (item.kind === 'html') return item.html; // compiled at build time from Markdown with raw HTML disabled
  if (item.kind === 'widget') {
    // The prompt of a prediction reads before any script, as a question's does; data-predict tells the figure to hold.
    const predict = item.predict
      ? `<section class="predict" id="${escape(item.id)}-predict" aria-labelledby="${escape(item.id)}-predict-title">` +
        `<h3 id="${escape(item.id)}-predict-title">${escape(translate(locale, 'predict.title'))}</h3>` +
        `<div class="predict-prompt">${item.predict.prompt}</div>` +
        `<p class="static-note">${notes.prediction}</p></section>`
      : '';
    // The slot keeps the figure's place (and its reserved height) until the script mounts the widget.
    return (
      predict +
      // data-params lets the page start this figure before the lesson's data has loaded (first-widgets.ts).
      `<div class="widget-slot" id="${escape(item.id)}" data-widget="${escape(item.widget)}" ` +
      `data-params="${escape(JSON.stringify(item.params))}"${item.predict ? ' data-predict' : ''}>` +
      `<p class="static-note">${notes.figure}</p></div>`
    );
  }
  const { question } = item;
  const id = `question-${escape(question.id)}`;
  return (
    `<section class="question" id="${id}" aria-labelledby="${id}-title">` +
    `<h3 id="${id}-title">${escape(translate(locale, 'question.heading', { number: questionNumber() }))}</h3>` +
    `<div class="prompt">${question.prompt}</div>` +
    `<p class="static-note">${notes.question}</p></section>`
  );
}

export function staticLessonHtml(lesson: CompiledLesson, locale: Locale = defaultLocale): string {
  let questions = 0;
  const next = () => ++questions;
  const contents = lesson.sections.map((s) => `<li><a href="#${escape(s.id)}">${s.titleHtml}</a></li>`).join('');
  const sections = lesson.sections
    .map(
      (s) =>
        `<section id="${escape(s.id)}" aria-labelledby="${escape(s.id)}-title">` +
        `<h2 id="${escape(s.id)}-title">${s.titleHtml}</h2>` +
        s.blocks.map((item) => block(item, next, locale)).join('') +
        '</section>',
    )
    .join('');
  const contentsTitle = escape(translate(locale, 'lesson.contents'));
  return (
    `<article class="lesson" data-prerendered="${escape(lesson.slug)}"><header><h1>${lesson.titleHtml}</h1>` +
    `<p class="lesson-summary">${escape(lesson.summary)}</p>` +
    `<p class="static-note">${needsScript(locale).lesson}</p></header>` +
    `<div class="lesson-body"><nav class="contents" aria-label="${contentsTitle}">` +
    `<h2 class="contents-title">${contentsTitle}</h2>` +
    `<ol>${contents}</ol></nav>${sections}</div></article>`
  );
}

/**
 * The lesson page with one lesson written into its main element, which also names the lesson for the script. Given
 * the lesson index, the list of all lessons follows the main element (the live lesson replaces only what is inside).
 * The page's words are in `locale`, the language of the lesson given.
 */
export function prerenderPage(
  template: string,
  lesson: CompiledLesson,
  index?: readonly LessonIndexEntry[],
  locale: Locale = defaultLocale,
): string {
  if (typeof template !== 'string') throw new TypeError('prerenderPage: template must be the HTML of the lesson page');
  const main = /<main id="lesson"([^>]*)>[\s\S]*?<\/main>/;
  if (!main.test(template)) throw new Error('prerenderPage: the page has no <main id="lesson">');
  const title = `<title>${escape(translate(locale, 'page.title', { lesson: lesson.title }))}</title>`;
  const list = index === undefined ? '' : lessonIndexHtml(index, lesson.slug, locale);
  const skip = escape(translate(locale, 'lesson.skipTo'));
  return template
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(/(<a class="skip-link"[^>]*>)[^<]*(<\/a>)/, (_, open: string, close: string) => open + skip + close)
    .replace(
      main,
      (_, attributes: string) =>
        `<main id="lesson"${attributes} data-lesson="${escape(lesson.slug)}">` +
        `${staticLessonHtml(lesson, locale)}</main>` +
        list,
    );
}
