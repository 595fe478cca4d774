// Grades one answer: a typed number or expression, or a set of selected options. Pure; the UI shows the result.
import { translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';
import { parseExpression } from './expression.js';
import { multiSelectCredit } from './partial-credit.js';
import type { AnticipatedAnswer, ChoiceQuestion, Grade, NumericQuestion, Tolerance } from './types.js';

export const DEFAULT_RTOL = 0.01;
export const DEFAULT_ATOL = 0;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  return typeof value;
}

function toleranceTerm(fn: string, name: 'rtol' | 'atol', value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${fn}: tolerance.${name} must be a finite number ≥ 0, got ${String(value)}`);
  }
  return value;
}

// Decimal answers are not exact in binary: 7.92 − 8 is 0.0800…07, just over 0.01·8. A few ulps of slack fix that.
const ROUNDING_SLACK = 4 * Number.EPSILON;

/** |x − t| ≤ max(atol, rtol·|t|) up to rounding; rtol 0.01, atol 0 unless given; a non-finite x never matches. */
export function withinTolerance(x: number, t: number, tol?: Tolerance): boolean {
  if (typeof x !== 'number') throw new TypeError(`withinTolerance: x must be a number, got ${describe(x)}`);
  if (typeof t !== 'number' || !Number.isFinite(t))
    throw new RangeError(`withinTolerance: t must be a finite number, got ${String(t)}`);
  if (tol !== undefined && (typeof tol !== 'object' || tol === null))
    throw new TypeError(`withinTolerance: tol must be an object, got ${describe(tol)}`);
  const rtol = toleranceTerm('withinTolerance', 'rtol', tol?.rtol, DEFAULT_RTOL);
  const atol = toleranceTerm('withinTolerance', 'atol', tol?.atol, DEFAULT_ATOL);
  if (!Number.isFinite(x)) return false;
  const bound = Math.max(atol, rtol * Math.abs(t));
  return Math.abs(x - t) <= bound + ROUNDING_SLACK * Math.max(Math.abs(x), Math.abs(t), bound);
}

/** The anticipated wrong answer closest to x among those it matches, if any. */
export function anticipatedMatch(q: NumericQuestion, x: number): AnticipatedAnswer | undefined {
  let best: AnticipatedAnswer | undefined;
  for (const candidate of q.anticipated ?? []) {
    if (!withinTolerance(x, candidate.value, candidate.tolerance ?? q.tolerance)) continue;
    if (best === undefined || Math.abs(x - candidate.value) < Math.abs(x - best.value)) best = candidate;
  }
  return best;
}

function unreadable(feedback: string): Grade {
  return { status: 'unreadable', counted: false, feedback };
}

/** Counted grades carry the explanation, and a widget action only when there is one. */
function counted(
  status: 'correct' | 'incorrect',
  feedback: string,
  explanation: string,
  show: Grade['show'],
  value?: number,
): Grade {
  const grade: Grade = { status, counted: true, feedback, explanation };
  if (value !== undefined) grade.value = value;
  if (show !== undefined) grade.show = show;
  return grade;
}

/**
 * Correct beats anticipated; unreadable input (empty, unparseable, not finite) is not an attempt and says why, in
 * `locale`'s words (the lesson's own feedback is already in its language).
 */
export function gradeNumeric(q: NumericQuestion, text: string, locale: Locale = defaultLocale): Grade {
  if (q === null || typeof q !== 'object' || q.kind !== 'numeric')
    throw new TypeError(`gradeNumeric: q must be a numeric question, got ${describe(q)}`);
  if (typeof text !== 'string') throw new TypeError(`gradeNumeric: text must be a string, got ${describe(text)}`);
  if (text.trim() === '') return unreadable(translate(locale, 'grade.empty'));
  const parsed = parseExpression(text, locale);
  if (!parsed.ok) {
    const { reason, position, advice = '' } = parsed;
    return unreadable(translate(locale, 'grade.unreadable', { reason, position, advice }).trim());
  }
  const x = parsed.value;
  if (withinTolerance(x, q.answer, q.tolerance))
    return counted('correct', q.correctFeedback ?? translate(locale, 'grade.correct'), q.explanation, q.show, x);
  const mistake = anticipatedMatch(q, x);
  if (mistake !== undefined) return counted('incorrect', mistake.feedback, q.explanation, mistake.show ?? q.show, x);
  const notQuite = translate(locale, q.hint === undefined ? 'grade.notQuite' : 'grade.notQuiteHint', {
    hint: q.hint ?? '',
  });
  return counted('incorrect', notQuite, q.explanation, q.show, x);
}

/** 'choice' takes exactly one id; 'multi' is correct iff the selected set equals the correct set. */
export function gradeChoice(q: ChoiceQuestion, selectedIds: string[], locale: Locale = defaultLocale): Grade {
  if (q === null || typeof q !== 'object' || (q.kind !== 'choice' && q.kind !== 'multi')) {
    throw new TypeError(`gradeChoice: q must be a choice or multi question, got ${describe(q)}`);
  }
  if (!Array.isArray(selectedIds))
    throw new TypeError(`gradeChoice: selectedIds must be an Array of option ids, got ${describe(selectedIds)}`);
  const selected = new Set(selectedIds);
  for (const id of selected) {
    if (!q.options.some((option) => option.id === id))
      throw new RangeError(`gradeChoice: question '${q.id}' has no option '${String(id)}'`);
  }
  if (selected.size === 0)
    return unreadable(translate(locale, q.kind === 'choice' ? 'grade.choose' : 'grade.selectSome'));
  if (q.kind === 'choice') {
    if (selected.size > 1) return unreadable(translate(locale, 'grade.chooseOne'));
    const chosen = q.options.find((option) => selected.has(option.id)) as (typeof q.options)[number];
    const status = chosen.correct ? 'correct' : 'incorrect';
    const verdict = translate(locale, chosen.correct ? 'grade.correct' : 'grade.notQuite');
    return counted(status, chosen.feedback ?? verdict, q.explanation, q.show);
  }
  const wronglySelected = q.options.filter((option) => selected.has(option.id) && !option.correct);
  const missed = q.options.filter((option) => !selected.has(option.id) && option.correct);
  if (wronglySelected.length === 0 && missed.length === 0)
    return { ...counted('correct', translate(locale, 'grade.correct'), q.explanation, q.show), credit: 1 };
  // Only the learner's own picks are discussed: naming a missed option would give the answer away.
  const lines = [multiSummary(wronglySelected.length, missed.length, locale)];
  for (const option of wronglySelected) if (option.feedback !== undefined) lines.push(option.feedback);
  const credit = multiSelectCredit(q, [...selected]);
  const wrongChoices = wronglySelected.map((option) => option.id);
  return { ...counted('incorrect', lines.join('\n'), q.explanation, q.show), credit, wrongChoices };
}

function multiSummary(wrong: number, missed: number, locale: Locale): string {
  const key = wrong > 0 && missed > 0 ? 'grade.multiBoth' : wrong > 0 ? 'grade.multiWrong' : 'grade.multiMissed';
  return translate(locale, key, { wrong, missed });
}
