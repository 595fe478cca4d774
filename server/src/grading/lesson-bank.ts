// The compiled lessons the server grades with. The lesson build computed every variant's answer and anticipated
// values with the core (scripts/compile-lessons.mjs), so grading needs the engine and these numbers, not the core.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledLesson } from 'attention-lab/authoring';

export type LessonBank = ReadonlyMap<string, CompiledLesson>;

/** web/generated/lessons, from dist/server/grading where this file runs. */
export const compiledLessonsFolder = fileURLToPath(new URL('../../../web/generated/lessons/', import.meta.url));

/** Every compiled lesson in the folder, by slug; a folder without any is an error, named. */
export function readLessonBank(folder: string = compiledLessonsFolder): LessonBank {
  let names: string[];
  try {
    // <slug>.<locale>.json files are translations (same answers, other prose), not other lessons.
    names = readdirSync(folder).filter((name) => /^[^.]+\.json$/.test(name) && name !== 'index.json');
  } catch (error) {
    throw new Error(`readLessonBank: cannot read ${folder} (${(error as Error).message}); build the lessons first`, {
      cause: error,
    });
  }
  if (names.length === 0)
    throw new Error(`readLessonBank: ${folder} holds no compiled lesson; build the lessons first`);
  const lessons = names.map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as CompiledLesson);
  return new Map(lessons.map((lesson) => [lesson.slug, lesson]));
}
