// The lesson as plain HTML, written into the served page at build time: prose, headings, tables, KaTeX math (HTML and
// MathML) and question prompts read at first paint and with scripts off; the script then renders the live lesson.
import type { Block, CompiledLesson, LessonIndexEntry } from '../authoring/compiled.js';
import { lessonIndexHtml } from './lesson-index.js';
import { escapeHtml as escape } from './escape-html.js';

/** What a reader without scripts is told where a live figure or a question would be. */
export const needsScript = {
  figure: 'This interactive figure needs JavaScript.',
  question: 'Answering this question needs JavaScript.',
  prediction: 'Predicting needs JavaScript.',
  lesson: 'The figures and questions of this lesson need JavaScript; the text reads without it.',
} as const;

function block(item: Block, questionNumber: () => number): string {
  if (item.kind === 'html') return item.html; // compiled at build time from Markdown with raw HTML disabled
  if (item.kind === 'widget') {
    // The prompt of a prediction reads before any script, as a question's does; data-predict tells the figure to hold.
    const predict = item.predict
      ? `<section class="predict" id="${escape(item.id)}-predict" aria-labelledby="${escape(item.id)}-predict-title">` +
        `<h3 id="${escape(item.id)}-predict-title">Predict first</h3>` +
        `<div class="predict-prompt">${item.predict.prompt}</div>` +
        `<p class="static-note">${needsScript.prediction}</p></section>`
      : '';
    // The slot keeps the figure's place (and its reserved height) until the script mounts the widget.
    return (
      predict +
      // data-params lets the page start this figure before the lesson's data has loaded (first-widgets.ts).
      `<div class="widget-slot" id="${escape(item.id)}" data-widget="${escape(item.widget)}" ` +
      `data-params="${escape(JSON.stringify(item.params))}"${item.predict ? ' data-predict' : ''}>` +
      `<p class="static-note">${needsScript.figure}</p></div>`
    );
  }
  const { question } = item;
  const id = `question-${escape(question.id)}`;
  return (
    `<section class="question" id="${id}" aria-labelledby="${id}-title">` +
    `<h3 id="${id}-title">Question ${questionNumber()}</h3>` +
    `<div class="prompt">${question.prompt}</div>` +
    `<p class="static-note">${needsScript.question}</p></section>`
  );
}

export function staticLessonHtml(lesson: CompiledLesson): string {
  let questions = 0;
  const next = () => ++questions;
  const contents = lesson.sections.map((s) => `<li><a href="#${escape(s.id)}">${s.titleHtml}</a></li>`).join('');
  const sections = lesson.sections
    .map(
      (s) =>
        `<section id="${escape(s.id)}" aria-labelledby="${escape(s.id)}-title">` +
        `<h2 id="${escape(s.id)}-title">${s.titleHtml}</h2>` +
        s.blocks.map((item) => block(item, next)).join('') +
        '</section>',
    )
    .join('');
  return (
    `<article class="lesson" data-prerendered="${escape(lesson.slug)}"><header><h1>${lesson.titleHtml}</h1>` +
    `<p class="lesson-summary">${escape(lesson.summary)}</p><p class="static-note">${needsScript.lesson}</p></header>` +
    `<div class="lesson-body"><nav class="contents" aria-label="Contents"><h2 class="contents-title">Contents</h2>` +
    `<ol>${contents}</ol></nav>${sections}</div></article>`
  );
}

/**
 * The lesson page with one lesson written into its main element, which also names the lesson for the script. Given
 * the lesson index, the list of all lessons follows the main element (the live lesson replaces only what is inside).
 */
export function prerenderPage(template: string, lesson: CompiledLesson, index?: readonly LessonIndexEntry[]): string {
  if (typeof template !== 'string') throw new TypeError('prerenderPage: template must be the HTML of the lesson page');
  const main = /<main id="lesson"([^>]*)>[\s\S]*?<\/main>/;
  if (!main.test(template)) throw new Error('prerenderPage: the page has no <main id="lesson">');
  const title = `<title>${escape(lesson.title)} · Attention Lab</title>`;
  const list = index === undefined ? '' : lessonIndexHtml(index, lesson.slug);
  return template
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(
      main,
      (_, attributes: string) =>
        `<main id="lesson"${attributes} data-lesson="${escape(lesson.slug)}">${staticLessonHtml(lesson)}</main>` + list,
    );
}
