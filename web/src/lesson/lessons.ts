// Every compiled lesson, bundled at build time, in course order; an unknown slug falls back to the first with a notice.
import type { CompiledLesson, LessonIndexEntry, Question } from '../authoring/compiled.js';

// The lti build, for graded LTI launches, bundles none: the tool sends the placement's lesson without its answers.
const compiled: Record<string, CompiledLesson | LessonIndexEntry[]> =
  import.meta.env.MODE === 'lti'
    ? {}
    : import.meta.glob<CompiledLesson | LessonIndexEntry[]>('../../generated/lessons/*.json', {
        eager: true,
        import: 'default',
      });
const index = (Object.entries(compiled).find(([path]) => path.endsWith('/index.json'))?.[1] ??
  []) as LessonIndexEntry[];
const bySlug = new Map(
  Object.entries(compiled)
    // <slug>.<locale>.json files are translations of a lesson, not other lessons.
    .filter(([path]) => !path.endsWith('/index.json') && /\/[^/.]+\.json$/.test(path))
    .map(([, lesson]) => [(lesson as CompiledLesson).slug, lesson as CompiledLesson]),
);

export const lessons: CompiledLesson[] = [
  ...index.map((entry) => bySlug.get(entry.slug)).filter((lesson): lesson is CompiledLesson => lesson !== undefined),
  ...[...bySlug.values()].filter((lesson) => !index.some((entry) => entry.slug === lesson.slug)),
];

/** A lesson that came at run time (the LTI tool's placement, see embed/tool-launch.ts): found first from now on. */
export function addLesson(lesson: CompiledLesson): void {
  lessons.unshift(lesson);
}

export function findLesson(wanted: string | null): { lesson: CompiledLesson | undefined; problem?: string } {
  const lesson = lessons.find((l) => l.slug === wanted) ?? lessons[0];
  if (wanted && lesson?.slug !== wanted) {
    return {
      lesson,
      problem: `There is no lesson called “${wanted.slice(0, 60)}”; showing “${lesson?.title ?? ''}” instead.`,
    };
  }
  return { lesson };
}

export const blocksOf = (lesson: CompiledLesson) => lesson.sections.flatMap((section) => section.blocks);

export function questionsOf(lesson: CompiledLesson): Question[] {
  return blocksOf(lesson).flatMap((block) => (block.kind === 'question' ? [block.question] : []));
}

export function widgetBlocksOf(lesson: CompiledLesson) {
  return blocksOf(lesson).flatMap((block) => (block.kind === 'widget' ? [block] : []));
}
