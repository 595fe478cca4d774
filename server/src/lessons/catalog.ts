// What an instructor can place, read from the compiled lessons (web/generated/lessons): each lesson's sections,
// widgets and questions, with the points a placement is worth (one per question, as the page scores it). Answers are
// in those files too; nothing here sends them anywhere.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Placement } from '../lti/launch.js';

interface CompiledBlock {
  kind: 'html' | 'widget' | 'question';
  id?: string;
  widget?: string;
  question?: { id: string; prompt: string };
}

interface CompiledLessonFile {
  slug: string;
  title: string;
  sections: { id: string; title: string; blocks: CompiledBlock[] }[];
}

export interface CatalogQuestion {
  id: string;
  /** The prompt as plain text, for a label. */
  text: string;
}

export interface CatalogSection {
  id: string;
  title: string;
  widgets: { id: string; widget: string }[];
  questions: CatalogQuestion[];
}

export interface CatalogLesson {
  slug: string;
  title: string;
  sections: CatalogSection[];
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** HTML (with KaTeX's MathML) as one line of plain text: the TeX annotations dropped, tags removed. */
export function plainText(html: string): string {
  return html
    .replace(/<annotation[\s\S]*?<\/annotation>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The lessons in course order (index.json), each read from its compiled file. */
export function loadCatalog(folder: string): CatalogLesson[] {
  const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as { slug: string }[];
  return index.map(({ slug }) => {
    const lesson = JSON.parse(readFileSync(join(folder, `${slug}.json`), 'utf8')) as CompiledLessonFile;
    return {
      slug: lesson.slug,
      title: lesson.title,
      sections: lesson.sections.map((section) => ({
        id: section.id,
        title: section.title,
        widgets: section.blocks.flatMap((b) =>
          b.kind === 'widget' && b.id ? [{ id: b.id, widget: b.widget ?? '' }] : [],
        ),
        questions: section.blocks.flatMap((b) =>
          b.kind === 'question' && b.question ? [{ id: b.question.id, text: plainText(b.question.prompt) }] : [],
        ),
      })),
    };
  });
}

export interface PlacedActivity {
  lesson: CatalogLesson;
  /** For a content item's title and the line item's label. */
  title: string;
  /** The questions it asks: the line item's scoreMaximum is their count. */
  questionIds: string[];
}

/** What a placement shows, or a sentence saying what it names that does not exist. */
export function findPlacement(catalog: CatalogLesson[], placement: Placement): PlacedActivity | { problem: string } {
  const lesson = catalog.find((l) => l.slug === placement.lesson);
  if (!lesson) {
    const slugs = catalog.map((l) => l.slug).join(', ');
    return { problem: `There is no lesson “${placement.lesson}” in this tool (its lessons: ${slugs}).` };
  }
  const all = lesson.sections.flatMap((s) => s.questions.map((q) => q.id));
  if (placement.what === 'lesson') return { lesson, title: lesson.title, questionIds: all };
  if (placement.what === 'section') {
    const section = lesson.sections.find((s) => s.id === placement.id);
    if (!section) return { problem: `The lesson “${lesson.title}” has no section “${placement.id}”.` };
    return { lesson, title: `${lesson.title}: ${section.title}`, questionIds: section.questions.map((q) => q.id) };
  }
  if (placement.what === 'widget') {
    const widget = lesson.sections.flatMap((s) => s.widgets).find((w) => w.id === placement.id);
    if (!widget) return { problem: `The lesson “${lesson.title}” has no widget “${placement.id}”.` };
    return { lesson, title: `${lesson.title}: ${widget.id}`, questionIds: [] };
  }
  const question = lesson.sections.flatMap((s) => s.questions).find((q) => q.id === placement.id);
  if (!question) return { problem: `The lesson “${lesson.title}” has no question “${placement.id}”.` };
  return { lesson, title: `${lesson.title}: question ${question.id}`, questionIds: [question.id] };
}
