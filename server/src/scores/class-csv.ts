// The class's answers as CSV, written like the learner's own results CSV (docs/results-record.md): UTF-8, CRLF, one
// header row, cells that could start a formula shown as text. One row per counted answer; a learner on the class list
// who never answered a question has one row for it with result "unanswered".
import { csvCell } from 'attention-lab/quiz';
import type { ClassResults } from './class-results.js';

export const classCsvColumns = [
  'learner',
  'name',
  'question',
  'variant',
  'seed',
  'attempt',
  'response',
  'result',
  'mistake',
  'seconds',
  'time',
  'after_solution',
] as const;

export function classCsv(results: ClassResults): string {
  const rows: (string | number | null)[][] = [[...classCsvColumns]];
  for (const learner of results.learners) {
    for (const question of results.questions) {
      const answers = learner.answers[question.id] ?? [];
      if (!answers.length) {
        const row = [learner.userId, learner.name ?? null, question.id, null, null, null, null, 'unanswered'];
        rows.push([...row, null, null, null, null]);
      }
      answers.forEach((a, i) => {
        rows.push([
          learner.userId,
          learner.name ?? null,
          question.id,
          a.variant,
          a.seed,
          i + 1,
          a.typed,
          a.correct ? 'correct' : 'wrong',
          a.mistake,
          a.seconds,
          a.answeredAt.toISOString(),
          a.afterSolution ? 'yes' : 'no',
        ]);
      });
    }
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
