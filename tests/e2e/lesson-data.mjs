// The compiled lesson the page renders, read by the tests so they follow the lesson as authors change it.
import { readFileSync } from 'node:fs';

const compiledFile = (name) =>
  JSON.parse(readFileSync(new URL(`../../web/generated/lessons/${name}.json`, import.meta.url), 'utf8'));

/** Every lesson in course order (index.json): slug, title, summary, questions. The site root is the first. */
export const courseIndex = compiledFile('index');
/** The compiled lesson of a slug in the index. */
export const compiledLesson = (slug) => compiledFile(slug);
/** A lesson's questions, in page order. */
export const questionsOf = (compiled) =>
  compiled.sections.flatMap((s) => s.blocks).flatMap((b) => (b.kind === 'question' ? [b.question] : []));

export const lesson = compiledFile('why-sqrt-dk');
export const blocks = lesson.sections.flatMap((section) => section.blocks);
export const questions = blocks.filter((b) => b.kind === 'question').map((b) => b.question);
export const widgets = blocks.filter((b) => b.kind === 'widget');
export const widgetOf = (name) => widgets.find((w) => w.widget === name);

/** What a learner who knows the answer types or picks. */
export function rightAnswer(question) {
  if (question.kind === 'numeric') return String(question.answer);
  return question.options.filter((o) => o.correct).map((o) => o.id);
}

/** A numeric answer that is wrong and matches no anticipated mistake. */
export function plainWrongNumber(question) {
  return String(question.answer * 3 + 7.5);
}

/** The variant a question shows by default, as host messages name it: the lesson's own numbers. */
export function ownVariant(question) {
  const params = question.variants?.[0]?.params ?? {};
  const key = Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');
  return { index: 0, key, params };
}
