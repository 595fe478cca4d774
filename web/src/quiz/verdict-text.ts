// The words a learner reads after an answer, the same wherever it was graded: in the page or by the LTI tool's server.
import { translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';
import type { Grade } from './types.js';

/**
 * The verdict first, for screen readers (unless the feedback already starts with it), then the feedback, and for a
 * right answer given after the worked solution of its numbers, that it earns no points.
 */
export function verdictText(
  grade: Pick<Grade, 'status' | 'feedback'>,
  afterSolution: boolean,
  locale: Locale = defaultLocale,
): string {
  const verdict =
    grade.status === 'correct'
      ? translate(locale, 'verdict.right')
      : grade.status === 'incorrect'
        ? translate(locale, 'verdict.wrong')
        : '';
  const prefix = verdict && !grade.feedback.startsWith(verdict) ? translate(locale, 'verdict.prefix', { verdict }) : '';
  const noPoints =
    afterSolution && grade.status === 'correct' ? `\n${translate(locale, 'verdict.noPointsAfterSolution')}` : '';
  return `${prefix}${grade.feedback}${noPoints}`;
}
