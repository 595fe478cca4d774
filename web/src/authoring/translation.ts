// A translation, lessons/<slug>/lesson.<locale>.md, is a complete lesson checked against its original lesson.md:
// prose is free, structure and numbers are not. Both files go through compileLesson; their compiled parts are compared,
// and each difference is placed in the translation through the compiler's record of where each part was written.
import { defaultLocale, locales } from '../i18n/locales.js';
import { compileLesson, type CompileResult } from './compile.js';
import type { ValuesCore } from './core-values.js';
import { collectProblems } from './problems.js';
import { TranslationCheck } from './translation-check.js';

/** The locales a lesson may be translated into: every language the page has a catalog for, but the original's. */
export const translationLocales: readonly string[] = locales.filter((locale) => locale !== defaultLocale);

/** lesson.zh-CN.md → 'zh-CN'; null for lesson.md and other names. */
export function translationLocale(fileName: string): string | null {
  return /^lesson\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.md$/.exec(fileName)?.[1] ?? null;
}

/** What a translation keeps and what it may change; the authoring reference is generated from this table. */
export const translationRules: readonly { part: string; keep: string; free: string }[] = [
  {
    part: 'front matter',
    keep: 'slug and order',
    free: 'title and summary',
  },
  {
    part: 'sections',
    keep:
      'as many `## ` sections, in the same order, each holding the same widgets and questions; a text block ' +
      "wherever the original has one (the reader's place is counted in blocks). Section ids are the original's",
    free: 'headings and the text itself, paragraph by paragraph',
  },
  {
    part: 'widgets',
    keep:
      "name, `{#id}`, every parameter; `predict:` kind, `at`, `ask`, `range`, `scale`, each band's `from`/`to`, " +
      "each choice option's `id` and `when`",
    free: '`predict:` prompt, `unit`, band texts, option texts and feedback',
  },
  {
    part: 'questions',
    keep:
      'id, kind, answer, tolerance, params, `show:`, each anticipated value (with its tolerance and show), ' +
      "each option's id and correctness; whether a hint, correctFeedback or option feedback is given",
    free: 'prompt, explanation, hint, correctFeedback, feedback and option texts',
  },
  {
    part: '`{{core values}}`',
    keep: 'the same calls with the same arguments in each text block and field (in any order there)',
    free: 'the words around them',
  },
];

export interface TranslationOptions {
  /** How problems name the translation, e.g. lessons/why-sqrt-dk/lesson.zh-CN.md. */
  file: string;
  /** How messages name the original, e.g. lessons/why-sqrt-dk/lesson.md. */
  originalFile: string;
  core: ValuesCore;
  locale: string;
  /** The folder name; both front matters' slug must equal it. */
  expectedSlug?: string;
  /** The original as already compiled with the same core, so a build compiles it once. */
  original?: CompileResult;
}

/**
 * Compiles a translation and checks it against its original. The lesson returned (null on any problem) has the
 * original's section ids and slug, so anchors, the reader's place and saved progress agree across languages.
 */
export function compileTranslation(
  originalSource: string,
  translationSource: string,
  options: TranslationOptions,
): CompileResult {
  const { file, originalFile, core, locale, expectedSlug } = options;
  const { problems, report } = collectProblems(file);
  const start = { line: 1, column: 1 };
  if (!translationLocales.includes(locale))
    report(
      start,
      'unknown-locale',
      `unknown locale "${locale}"; allowed: ${translationLocales.join(', ')} (a new language also needs its catalog)`,
    );
  const original = options.original ?? compileLesson(originalSource, { file: originalFile, core, expectedSlug });
  if (!original.lesson || !original.sources) {
    report(
      start,
      'original-broken',
      `the original ${originalFile} does not compile (${original.problems.length} problems); allowed: a ` +
        'translation of a lesson that builds',
    );
    return { lesson: null, problems, warnings: [] };
  }
  const sectionIds = original.lesson.sections.map((section) => section.id);
  const translated = compileLesson(translationSource, { file, core, expectedSlug, sectionIds });
  problems.push(...translated.problems);
  if (translated.lesson && translated.sources) {
    const o = { lesson: original.lesson, sources: original.sources, order: original.order };
    const t = { lesson: translated.lesson, sources: translated.sources, order: translated.order };
    new TranslationCheck(o, t, shortName(originalFile), report).run();
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  const { warnings } = translated;
  if (problems.length > 0) return { lesson: null, problems, warnings };
  return { ...translated, problems, warnings };
}

const shortName = (path: string) => path.split('/').at(-1) ?? path;
