// The compiled lessons the server grades with. The lesson build computed every variant's answer and anticipated
// values with the core (scripts/compile-lessons.mjs), so grading needs the engine and these numbers, not the core.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledLesson } from 'attention-lab/authoring';
import { defaultLocale, toLocale, type Locale } from 'attention-lab/quiz';

/** The original lessons by slug, each with its translations (same ids and numbers, other prose) by locale. */
export class LessonBank extends Map<string, CompiledLesson> {
  readonly translations = new Map<Locale, Map<string, CompiledLesson>>();

  /** The lesson in `locale` when it is translated into it, else the original, and its locale; undefined if unknown. */
  inLocale(slug: string, locale: Locale): { lesson: CompiledLesson; locale: Locale } | undefined {
    const original = this.get(slug);
    const translated = locale === defaultLocale ? undefined : this.translations.get(locale)?.get(slug);
    if (translated) return { lesson: translated, locale };
    return original && { lesson: original, locale: defaultLocale };
  }
}

/** web/generated/lessons, from dist/server/grading where this file runs. */
export const compiledLessonsFolder = fileURLToPath(new URL('../../../web/generated/lessons/', import.meta.url));

/** Every compiled lesson in the folder, by slug, and its translations; a folder without any is an error, named. */
export function readLessonBank(folder: string = compiledLessonsFolder): LessonBank {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'index.json');
  } catch (error) {
    throw new Error(`readLessonBank: cannot read ${folder} (${(error as Error).message}); build the lessons first`, {
      cause: error,
    });
  }
  const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as CompiledLesson;
  const bank = new LessonBank();
  // <slug>.json is an original; <slug>.<locale>.json its translation, not another lesson.
  for (const name of names.filter((name) => /^[^.]+\.json$/.test(name))) {
    const lesson = read(name);
    bank.set(lesson.slug, lesson);
  }
  if (bank.size === 0) throw new Error(`readLessonBank: ${folder} holds no compiled lesson; build the lessons first`);
  for (const name of names) {
    const locale = toLocale(/^[^.]+\.([^.]+)\.json$/.exec(name)?.[1]);
    if (!locale || locale === defaultLocale) continue;
    const lesson = read(name);
    if (!bank.has(lesson.slug)) continue; // a translation of no lesson here is nothing to grade
    const translated = bank.translations.get(locale) ?? new Map<string, CompiledLesson>();
    bank.translations.set(locale, translated.set(lesson.slug, lesson));
  }
  return bank;
}
