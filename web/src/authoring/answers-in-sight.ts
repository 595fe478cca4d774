// Whether a text gives a numeric question's answer away: every number or expression in it that a learner could copy
// into the answer box and be marked right. The compiler warns with it; the page's e2e test scans the screen with it.
import { parseExpression } from '../quiz/expression.js';
import { withinTolerance } from '../quiz/grade.js';
import type { Tolerance } from '../quiz/types.js';

/** What the check needs of a numeric question. */
export interface AnswerToHide {
  answer: number;
  tolerance?: Tolerance;
}

/** A copyable form found in a text: what it says and where it starts (0-based, in the text given). */
export interface ShownAnswer {
  form: string;
  index: number;
}

const number = String.raw`\d+(?:\.\d+)?(?:e-?\d+)?`;
// Forms a learner types as they read them: √512, 16√2, √(512), sqrt(512), ln 8, ln(8), log 8, 512^0.5, 3/4, numbers.
// A number glued to a letter before it is a label or an exponent (k1, σ2 for σ²), and one hyphened to a word is a
// name (GPT-3): neither is a value.
const copyable = new RegExp(
  [
    String.raw`(?:${number}\s*)?√\s*\(?\s*${number}\s*\)?`,
    String.raw`\b(?:sqrt|ln|log)\s*\(?\s*${number}\s*\)?`,
    String.raw`(?<![\p{L}\d.])${number}\s*\^\s*\(?-?${number}\)?`,
    // A ratio is read whole: 3/4 is 0.75, and the 1 of 1/dₖ is no value at all.
    String.raw`(?<![\p{L}\p{M}\d.])-?${number}\s*/\s*(?:${number}|[\p{L}√][\p{L}\p{M}\d]*)`,
    String.raw`(?<![\p{L}\p{M}\d.]|[\p{L}\d]-)-?${number}`,
  ].join('|'),
  'giu',
);

// How the page writes numbers (−, thin and no-break spaces, 1.2 × 10⁻³ stays out) turned into what a learner types.
const typed = (text: string) => text.replace(/[−–]/g, '-').replace(/[\u00a0\u2009\u202f]/g, ' ');

/** A form gives the answer away when the grader would mark it right: √512 and ln 8 as much as 22.63 or 4. */
function givesAway(form: string, question: AnswerToHide): boolean {
  const parsed = parseExpression(form);
  return parsed.ok && withinTolerance(parsed.value, question.answer, question.tolerance);
}

/** Every form in `text` a learner could type as the answer and be marked right, in reading order. */
export function answersShown(text: string, question: AnswerToHide): ShownAnswer[] {
  const found: ShownAnswer[] = [];
  for (const match of typed(text).matchAll(copyable)) {
    const form = match[0].trim();
    if (givesAway(form, question)) found.push({ form, index: match.index ?? 0 });
  }
  return found;
}
