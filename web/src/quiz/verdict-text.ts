// The words a learner reads after an answer, the same wherever it was graded: in the page or by the LTI tool's server.
import type { Grade } from './types.js';

/** What a graded context adds to the verdict of a right answer given after the worked solution was shown. */
export const noPointsAfterSolution = 'It came after the worked solution was shown, so it earns no points.';

/**
 * The verdict first, for screen readers (unless the feedback already starts with it), then the feedback, and for a
 * right answer given after the worked solution of its numbers, that it earns no points.
 */
export function verdictText(grade: Pick<Grade, 'status' | 'feedback'>, afterSolution: boolean): string {
  const verdict = grade.status === 'correct' ? 'Correct' : grade.status === 'incorrect' ? 'Not quite' : '';
  const prefix = verdict && !grade.feedback.startsWith(verdict) ? `${verdict}. ` : '';
  const noPoints = afterSolution && grade.status === 'correct' ? `\n${noPointsAfterSolution}` : '';
  return `${prefix}${grade.feedback}${noPoints}`;
}
