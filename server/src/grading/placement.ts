// What a placement asks: its lesson's questions (all, a section's, or one), and the graded policy it was placed with.
import type { CompiledLesson } from 'attention-lab/authoring';
import { gradedVariant, readGradedPolicy, variantAt } from 'attention-lab/quiz';
import type { GradedPolicy, GradedVariant, Locale, Question } from 'attention-lab/quiz';
import type { Launch, Placement } from '../lti/launch.js';
import type { LessonBank } from './lesson-bank.js';
import { Refusal } from './refusal.js';

export interface PlacedQuestion {
  question: Question;
  /** Its place among the lesson's questions, from 1, as the lesson page numbers it. */
  number: number;
}

export interface PlacedLesson {
  lesson: CompiledLesson;
  /** The lesson's language: the launch's when the lesson is translated into it, else the original's. */
  locale: Locale;
  questions: PlacedQuestion[];
  policy: GradedPolicy;
}

/** The lesson's questions the placement asks, in lesson order: a widget asks none. */
export function placedQuestions(lesson: CompiledLesson, placement: Placement): PlacedQuestion[] {
  const numbered = lesson.sections.flatMap((section) =>
    section.blocks.flatMap((block) =>
      block.kind === 'question' ? [{ section: section.id, question: block.question }] : [],
    ),
  );
  const all = numbered.map(({ section, question }, i) => ({ section, question, number: i + 1 }));
  const picked =
    placement.what === 'lesson'
      ? all
      : placement.what === 'section'
        ? all.filter((q) => q.section === placement.id)
        : placement.what === 'question'
          ? all.filter((q) => q.question.id === placement.id)
          : [];
  return picked.map(({ question, number }) => ({ question, number }));
}

/**
 * The policy the placement set. A graded launch always pins a variant, so that the server, not the page, decides the
 * numbers: without `variant=` that is the lesson's own.
 */
export function placementPolicy(placement: Placement): GradedPolicy {
  const search = new URLSearchParams();
  for (const name of ['variant', 'attempts', 'explain'] as const) {
    const value = placement[name];
    if (value !== undefined) search.set(name, value);
  }
  const { policy } = readGradedPolicy(search);
  policy.graded = true;
  if (policy.variant.kind === 'practice') policy.variant = { kind: 'fixed' };
  return policy;
}

/** The policy as the page's readGradedPolicy reads it back: variant=…&attempts=…&explain=…. */
export function policyQuery(policy: GradedPolicy): string {
  const variant = policy.variant;
  const search = new URLSearchParams({
    variant: variant.kind === 'seed' ? String(variant.seed) : variant.kind,
    attempts: Number.isFinite(policy.attempts) ? String(policy.attempts) : 'unlimited',
    explain: policy.explain,
  });
  return search.toString();
}

/**
 * The launch's lesson (in the launch's language where it is translated: the same ids, answers and variants), its
 * questions and policy; an unknown lesson is refused, named.
 */
export function placedLesson(lessons: LessonBank, launch: Launch): PlacedLesson {
  const found = lessons.inLocale(launch.placement.lesson, launch.locale);
  if (!found)
    throw new Refusal(
      404,
      `This activity names the lesson “${launch.placement.lesson.slice(0, 60)}”, which this tool does not have; ` +
        `its lessons are ${[...lessons.keys()].join(', ')}.`,
    );
  const { lesson, locale } = found;
  const policy = placementPolicy(launch.placement);
  return { lesson, locale, questions: placedQuestions(lesson, launch.placement), policy };
}

/** The learner's numbers for a question: drawn from a seed of the learner and placement under variant=learner. */
export function assignedVariant(question: Question, policy: GradedPolicy, launch: Launch): GradedVariant {
  const learner = [launch.platformId, launch.contextId, launch.resourceLinkId, launch.userId].join('\u0000');
  return gradedVariant(question, policy.variant, learner) ?? { ...variantAt(question, 0), seed: 0 };
}

/** Variant keys as the tables store them: 'lesson' for a question without params (whose key is empty). */
export const storedKey = (key: string): string => (key === '' ? 'lesson' : key);
export const engineKey = (stored: string): string => (stored === 'lesson' ? '' : stored);
