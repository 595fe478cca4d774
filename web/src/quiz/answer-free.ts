// A question as a learner may see it before anything is released: the prompt, the options' texts, each variant's
// numbers and a hint that does not give the answer away. What a server that grades keeps to itself is everything else:
// the answer, tolerances, anticipated mistakes and their feedback, which options are correct, the worked solution.
import { withinTolerance } from './grade.js';
import type { Question } from './types.js';

interface AnswerFreeBase {
  id: string;
  /** HTML, as the lesson compiler wrote it. */
  prompt: string;
  /** Plain text; absent when the lesson has none or it would give the answer away. */
  hint?: string;
  variants?: AnswerFreeVariant[];
}

export interface AnswerFreeNumeric extends AnswerFreeBase {
  kind: 'numeric';
}

export interface AnswerFreeChoice extends AnswerFreeBase {
  kind: 'choice' | 'multi';
  /** Each option's id and HTML text, without whether it is correct. */
  options: { id: string; text: string }[];
}

export type AnswerFreeQuestion = AnswerFreeNumeric | AnswerFreeChoice;

export interface AnswerFreeVariant {
  params: Record<string, number>;
  question: AnswerFreeQuestion;
}

// Every number written in a text, and how many significant digits it was written with.
function numbersIn(text: string): { value: number; significant: number }[] {
  return [...text.replace(/−/g, '-').matchAll(/-?\d+(?:\.\d+)?/g)].map(([token]) => ({
    value: Number(token),
    significant: token.replace(/^-?0*\.?0*/, '').replace('.', '').length,
  }));
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Whether the hint gives the answer away: it writes a number the grader would accept (two significant digits or
 * more, or a whole answer exactly), its square root form (√512), or the text of a correct option.
 */
export function hintGivesAway(question: Question): boolean {
  const hint = question.hint;
  if (hint === undefined) return false;
  if (question.kind !== 'numeric') {
    const text = plain(hint);
    return question.options.some(
      (option) => option.correct && plain(option.text).length >= 3 && text.includes(plain(option.text)),
    );
  }
  const answer = question.answer;
  const whole = Math.round(answer);
  const isWhole = Math.abs(answer - whole) <= 1e-9 * Math.max(1, Math.abs(answer));
  const written = numbersIn(hint).some(({ value, significant }) =>
    isWhole ? value === whole : significant >= 2 && withinTolerance(value, answer, question.tolerance),
  );
  const square = Math.round(answer * answer);
  const isRoot = square > 0 && Math.abs(square - answer * answer) < 1e-6 * square;
  return written || (isRoot && (hint.includes(`√${square}`) || hint.includes(`sqrt(${square})`)));
}

/** The question without anything that answers it, its variants likewise (see the file's first lines). */
export function answerFreeQuestion(question: Question): AnswerFreeQuestion {
  const base: AnswerFreeBase = { id: question.id, prompt: question.prompt };
  if (question.hint !== undefined && !hintGivesAway(question)) base.hint = question.hint;
  if (question.variants && question.variants.length > 0)
    base.variants = question.variants.map((variant) => ({
      params: { ...variant.params },
      question: answerFreeQuestion(variant.question),
    }));
  if (question.kind === 'numeric') return { kind: 'numeric', ...base };
  return { kind: question.kind, ...base, options: question.options.map(({ id, text }) => ({ id, text })) };
}
