// Writes web/generated/lti-lessons/: the compiled lessons with every question reduced to what a learner may see
// before the LTI tool's server releases anything (answerFreeQuestion in web/src/quiz/answer-free.ts). The `lti` build
// of the page (vite --mode lti, for graded launches) bundles these instead of web/generated/lessons.
// Usage: node scripts/answer-free-lessons.mjs [--lessons DIR] [--out DIR]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerFreeQuestion } from '../dist/lib/src/quiz/index.js';

/** The lesson with each question block answer-free; prose, widgets and everything else as they were. */
export function answerFreeLesson(lesson) {
  return {
    ...lesson,
    sections: lesson.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) =>
        block.kind === 'question' ? { kind: 'question', question: answerFreeQuestion(block.question) } : block,
      ),
    })),
  };
}

export function writeAnswerFreeLessons(from = 'web/generated/lessons', to = 'web/generated/lti-lessons') {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(to)) if (name.endsWith('.json')) rmSync(join(to, name));
  const names = readdirSync(from).filter((name) => name.endsWith('.json'));
  for (const name of names) {
    const data = JSON.parse(readFileSync(join(from, name), 'utf8'));
    writeFileSync(join(to, name), `${JSON.stringify(name === 'index.json' ? data : answerFreeLesson(data))}\n`);
  }
  return names.length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) =>
    process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
  const count = writeAnswerFreeLessons(option('--lessons', undefined), option('--out', undefined));
  console.log(`answer-free-lessons: ${count - 1} lesson${count === 2 ? '' : 's'} written without answers`);
}
