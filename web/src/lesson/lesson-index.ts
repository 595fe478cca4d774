// The list of every lesson (title, summary, number of questions, a link to its page), written at build time at the end
// of each lesson's page, the site root included: readable without scripts, and the only place its markup is built.
import type { LessonIndexEntry } from '../authoring/compiled.js';
import { translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';
import { escapeHtml as escape } from './escape-html.js';

/** The heading above the list, as a learner reads it. */
export const lessonIndexTitle = (locale: Locale = defaultLocale) => translate(locale, 'lesson.all');

const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

function checkEntry(entry: unknown, i: number): LessonIndexEntry {
  const bad = (what: string, value: unknown) =>
    new TypeError(`lessonIndexHtml: entries[${i}].${what}, got ${describe(value)}`);
  if (typeof entry !== 'object' || entry === null)
    throw new TypeError(`lessonIndexHtml: entries[${i}] must be an object, got ${describe(entry)}`);
  const { slug, title, summary, questions } = entry as Record<string, unknown>;
  if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(slug))
    throw bad('slug must be lowercase letters, digits and hyphens', slug);
  if (typeof title !== 'string' || title === '') throw bad('title must be a non-empty string', title);
  if (typeof summary !== 'string') throw bad('summary must be a string', summary);
  if (typeof questions !== 'number' || !Number.isInteger(questions) || questions < 0)
    throw bad('questions must be a whole number ≥ 0', questions);
  return { slug, title, summary, questions };
}

/**
 * `<nav aria-label="Lessons">` listing the lessons in the order given (index.json's course order); the entry of
 * `current` (a slug among them) is marked aria-current="page"; its words are in `locale` (the build's, in Node).
 */
export function lessonIndexHtml(
  entries: readonly LessonIndexEntry[],
  current?: string,
  locale: Locale = defaultLocale,
): string {
  if (!Array.isArray(entries))
    throw new TypeError(`lessonIndexHtml: entries must be an Array of lesson index entries, got ${describe(entries)}`);
  const lessons = entries.map(checkEntry);
  if (current !== undefined && !lessons.some((lesson) => lesson.slug === current))
    throw new RangeError(`lessonIndexHtml: current must be the slug of a listed lesson, got ${describe(current)}`);
  const count = (questions: number) => translate(locale, 'lesson.questionCount', { count: questions });
  const items = lessons.map((lesson) => {
    const mark = lesson.slug === current ? ' aria-current="page"' : '';
    return (
      `<li class="lesson-card" data-slug="${escape(lesson.slug)}">` +
      `<h3><a href="./${encodeURIComponent(lesson.slug)}.html"${mark}>${escape(lesson.title)}</a></h3>` +
      `<p class="lesson-card-summary">${escape(lesson.summary)}</p>` +
      `<p class="lesson-questions">${escape(count(lesson.questions))}</p>` +
      '</li>'
    );
  });
  return (
    `<nav class="lesson-index" aria-label="${escape(translate(locale, 'lesson.list'))}">` +
    `<h2 class="lesson-index-title">${escape(lessonIndexTitle(locale))}</h2>` +
    `<ol class="lesson-list">${items.join('')}</ol></nav>`
  );
}

/** Marks the lesson on screen in the page's list, when ?lesson=… shows another than the page was built for. */
export function markCurrentLesson(page: ParentNode, slug: string): void {
  if (typeof slug !== 'string') throw new TypeError(`markCurrentLesson: slug must be a string, got ${describe(slug)}`);
  for (const card of page.querySelectorAll<HTMLElement>('nav.lesson-index .lesson-card')) {
    const link = card.querySelector('a');
    if (card.dataset.slug === slug) link?.setAttribute('aria-current', 'page');
    else link?.removeAttribute('aria-current');
  }
}
