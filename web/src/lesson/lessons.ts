// Every compiled lesson, bundled at build time, in course order, and its translations, loaded for a page in their
// language; an unknown slug falls back to the first with a notice, a missing translation to the original.
import type { CompiledLesson, LessonIndexEntry, Question } from '../authoring/compiled.js';
import { defaultLocale, locales, toLocale, type Locale } from '../i18n/locales.js';
import { loadPageWords, t } from '../i18n/messages.js';

// The lti build, for graded LTI launches, bundles none: the tool sends the placement's lesson without its answers.
// `<slug>.json` is the original, bundled; `<slug>.<locale>.json` its translation (the same slug, ids and numbers),
// loaded only by a page in that language.
const compiled: Record<string, CompiledLesson | LessonIndexEntry[]> =
  import.meta.env.MODE === 'lti'
    ? {}
    : import.meta.glob<CompiledLesson | LessonIndexEntry[]>(
        ['../../generated/lessons/*.json', '!../../generated/lessons/*.*.json'],
        { eager: true, import: 'default' },
      );
// A single file built for English (VITE_LESSON_LOCALE=en) holds no translation at all.
const translationFiles: Record<string, () => Promise<CompiledLesson>> =
  import.meta.env.MODE === 'lti' || import.meta.env.VITE_LESSON_LOCALE === 'en'
    ? {}
    : import.meta.glob<CompiledLesson>('../../generated/lessons/*.*.json', { import: 'default' });
const index = (Object.entries(compiled).find(([path]) => path.endsWith('/index.json'))?.[1] ??
  []) as LessonIndexEntry[];
const bySlug = new Map(
  Object.entries(compiled)
    // <slug>.<locale>.json files are translations of a lesson, not other lessons.
    .filter(([path]) => !path.endsWith('/index.json') && /\/[^/.]+\.json$/.test(path))
    .map(([, lesson]) => [(lesson as CompiledLesson).slug, lesson as CompiledLesson]),
);
const byLocale = new Map<Locale, Map<string, CompiledLesson>>([[defaultLocale, bySlug]]);
const loading = new Map<Locale, Promise<void>>();
const settled = new Set<Locale>();

/**
 * Brings in the page's words in `locale` and the lessons' translations into it (once; the original has none), before
 * findLesson asks; a failure leaves the original's words or lesson, and rejects for a notice.
 */
export function loadLocale(locale: Locale): Promise<void> {
  if (!locales.includes(locale)) throw new RangeError(`loadLocale: locale must be one of ${locales.join(', ')}`);
  const files = Object.entries(translationFiles).filter(([path]) => path.endsWith(`.${locale}.json`));
  const translations = async () => {
    if (locale === defaultLocale) return;
    try {
      const found = await Promise.all(files.map(([, file]) => file()));
      byLocale.set(locale, new Map(found.map((lesson) => [lesson.slug, lesson])));
    } catch (error) {
      byLocale.set(locale, new Map()); // what failed shows the original, as a lesson not translated yet does
      throw error;
    }
  };
  const load = async () => {
    try {
      await Promise.all([loadPageWords(locale), translations()]);
    } finally {
      settled.add(locale);
    }
  };
  return loading.get(locale) ?? loading.set(locale, load()).get(locale)!;
}

/** Whether `locale`'s words and translations are in, or failed and left the original's. */
export const localeLoaded = (locale: Locale): boolean => settled.has(locale);

export const lessons: CompiledLesson[] = [
  ...index.map((entry) => bySlug.get(entry.slug)).filter((lesson): lesson is CompiledLesson => lesson !== undefined),
  ...[...bySlug.values()].filter((lesson) => !index.some((entry) => entry.slug === lesson.slug)),
];

/** The page's language, as its `<html lang>` says (set by the build, or by an embed's `lang` before it mounts). */
export const documentLocale = (): Locale =>
  (typeof document === 'undefined' ? undefined : toLocale(document.documentElement.lang)) ?? defaultLocale;

// Lessons the LTI tool sent already in a translation (the lti build bundles none to load).
const sent = new Map<Locale, Map<string, CompiledLesson>>();

/** The lesson in `locale` when it has been translated, else undefined. */
export function translationOf(lesson: CompiledLesson, locale: Locale): CompiledLesson | undefined {
  return locale === defaultLocale
    ? lesson
    : (byLocale.get(locale)?.get(lesson.slug) ?? sent.get(locale)?.get(lesson.slug));
}

/**
 * A lesson that came at run time (the LTI tool's placement, see embed/tool-launch.ts), in `locale`: found first from
 * now on.
 */
export function addLesson(lesson: CompiledLesson, locale: Locale = defaultLocale): void {
  lessons.unshift(lesson);
  if (locale !== defaultLocale) sent.set(locale, (sent.get(locale) ?? new Map()).set(lesson.slug, lesson));
}

/**
 * The lesson named `wanted` (the first when none is, or with a notice when there is no such lesson), in `locale` when
 * it has been translated into it (the page's language by default), else in the original with a notice; `locale` is
 * the language of the lesson found.
 */
export function findLesson(
  wanted: string | null,
  locale: Locale = documentLocale(),
): { lesson: CompiledLesson | undefined; locale: Locale; problem?: string } {
  const original = lessons.find((l) => l.slug === wanted) ?? lessons[0];
  const translated = original && translationOf(original, locale);
  const lesson = translated ?? original;
  const problems: string[] = [];
  if (wanted && original?.slug !== wanted)
    problems.push(t('lesson.missing', { wanted: wanted.slice(0, 60), title: lesson?.title ?? '' }));
  if (original && !translated) problems.push(t('lesson.untranslated', { title: original.title, locale }));
  const found = translated ? locale : defaultLocale;
  return problems.length ? { lesson, locale: found, problem: problems.join(' ') } : { lesson, locale: found };
}

export const blocksOf = (lesson: CompiledLesson) => lesson.sections.flatMap((section) => section.blocks);

export function questionsOf(lesson: CompiledLesson): Question[] {
  return blocksOf(lesson).flatMap((block) => (block.kind === 'question' ? [block.question] : []));
}

export function widgetBlocksOf(lesson: CompiledLesson) {
  return blocksOf(lesson).flatMap((block) => (block.kind === 'widget' ? [block] : []));
}
