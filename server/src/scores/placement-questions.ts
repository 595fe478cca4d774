// The questions a placement asks (the whole lesson, a section, or one question), read from the compiled lesson, and
// the anticipated mistakes of each: a numeric question's anticipated values, a choice question's wrong options.
import { readFileSync } from 'node:fs';
import type { CompiledLesson } from 'attention-lab/authoring';
import { variantKey, type Question } from 'attention-lab/quiz';
import type { Placement } from '../lti/launch.js';

export type LessonOf = (slug: string) => CompiledLesson | undefined;

const lessonsFolder = new URL('../../../web/generated/lessons/', import.meta.url);

/** Reads web/generated/lessons/<slug>.json; undefined for a slug that names no compiled lesson. */
export const compiledLesson: LessonOf = (slug) => {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) return undefined;
  try {
    return JSON.parse(readFileSync(new URL(`${slug}.json`, lessonsFolder), 'utf8')) as CompiledLesson;
  } catch {
    return undefined;
  }
};

export function placementQuestions(lesson: CompiledLesson | undefined, placement: Placement): Question[] {
  if (!lesson || placement.what === 'widget') return [];
  const sections =
    placement.what === 'section' ? lesson.sections.filter((s) => s.id === placement.id) : lesson.sections;
  const questions = sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : [])));
  return placement.what === 'question' ? questions.filter((q) => q.id === placement.id) : questions;
}

export interface AnticipatedMistake {
  /** What the learner gave: the value, or the option's text. */
  label: string;
  /** The feedback the lesson gives for it. */
  feedback: string;
}

const plain = (html: string) =>
  html
    .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The question's anticipated mistakes, in lesson order; the same mistake in every variant counts as one. */
export function anticipatedMistakes(question: Question): AnticipatedMistake[] {
  if (question.kind === 'numeric') {
    return (question.anticipated ?? []).map((a) => ({ label: String(a.value), feedback: a.feedback }));
  }
  return question.options
    .filter((o) => !o.correct)
    .map((o) => ({ label: plain(o.text) || o.id, feedback: o.feedback ?? '' }));
}

const sameNumber = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/**
 * Which anticipated mistakes (indices into anticipatedMistakes) a recorded mistake names: a value matched in the
 * numbers of the variant answered (its key, e.g. "dk=384"), else in the lesson's or any variant's; a wrong option's
 * id, or several, comma-separated (a multi-select's wrong picks). Empty when it names none of them.
 */
export function mistakeIndices(question: Question, recorded: string, variant = ''): number[] {
  if (question.kind !== 'numeric') {
    const wrong = question.options.filter((o) => !o.correct);
    return recorded
      .split(',')
      .map((id) => wrong.findIndex((o) => o.id === id.trim()))
      .filter((index) => index >= 0);
  }
  const value = Number(recorded);
  if (recorded.trim() === '' || !Number.isFinite(value)) return [];
  const variants = question.variants ?? [];
  const answered = variants.filter((v) => variantKey(v.params) === variant).map((v) => v.question);
  for (const version of [...answered, question, ...variants.map((v) => v.question)]) {
    if (version.kind !== 'numeric') continue;
    const index = (version.anticipated ?? []).findIndex((a) => sameNumber(a.value, value));
    if (index >= 0) return [index];
  }
  return [];
}
