// Warns an author whose lesson prints a question's answer within a screen of it, in any variant: in the prose just
// above or below the question, or in its own hint and feedback (shown while the learner may still try again).
import type { NumericQuestion, Question } from '../quiz/types.js';
import { variantKey } from '../quiz/variants.js';
import { answersShown } from './answers-in-sight.js';
import type { Place } from './yaml-nodes.js';

/**
 * About one screen of lesson text, in characters of its source: measured on the page, a screen of plain paragraphs
 * holds about 1,850 characters on a 375 × 812 phone and 3,450 at 1280 × 800; headings, formulas and tables hold fewer.
 */
export const screenCharacters = 2000;
/** What a question's box, buttons and hint line take on the screen, in characters of prose. */
const questionChrome = 400;

// Chinese, Japanese and Korean characters and full-width forms are set about twice as wide as a Latin letter.
const wide = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/gu;

/** How much of a screen a text takes, in Latin characters: a translation's screen is as tall as its original's. */
export function screenWidth(text: string): number {
  return text.length + (text.match(wide)?.length ?? 0);
}

/** One line of prose with its {{values}} written in, and how its columns map back to the author's. */
export interface ProseLine {
  line: number;
  text: string;
  /** 1-based column in the lesson file of a 0-based column of text. */
  column(at: number): number;
}

/** The lesson body in reading order, as far as what is in sight is concerned. */
export type LaidOut =
  | { kind: 'heading'; length: number }
  | { kind: 'prose'; lines: ProseLine[] }
  | { kind: 'widget' }
  | {
      kind: 'question';
      question: Question;
      place: Place;
      promptLength: number;
      /** Where the hint and each anticipated feedback are written (their order is the question's). */
      hintPlace?: Place;
      feedbackPlaces: (Place | undefined)[];
    };

export interface AnswerWarning extends Place {
  message: string;
}

// TeX read as the page shows it, enough to find what a learner could type: \sqrt{512} is √512, \ln 8 is ln 8,
// \frac{3}{4} is 3/4; an index or a power (q_1, σ^2) is no value, and any other command is a space. Each character
// read keeps the source column it came from.
const texForms: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\\[dt]?frac\{\s*(-?\d+(?:\.\d+)?)\s*\}\{\s*(\d+(?:\.\d+)?)\s*\}/y, (m) => `${m[1]}/${m[2]}`],
  [/\\sqrt\s*\{\s*(\d+(?:\.\d+)?)\s*\}/y, (m) => `√${m[1]}`],
  [/\\(ln|log)\s*\{?\s*(\d+(?:\.\d+)?)\s*\}?/y, (m) => `${m[1]} ${m[2]}`],
  [/[_^](?:\{[^{}]*\}|\\?[A-Za-z0-9])/y, () => ''],
  [/\\[A-Za-z]+|\\./y, () => ' '],
  [/[{}$]/y, () => ''],
];

function reading(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length;) {
    let matched = false;
    for (const [pattern, read] of texForms) {
      pattern.lastIndex = i;
      const m = pattern.exec(text);
      if (!m) continue;
      const written = read(m);
      out += written;
      for (let k = 0; k < written.length; k++) from.push(i);
      i += m[0].length;
      matched = true;
      break;
    }
    if (!matched) {
      out += text[i];
      from.push(i);
      i += 1;
    }
  }
  return { text: out, from };
}

interface Variant {
  question: NumericQuestion;
  label: string;
}

function numericVariants(question: Question): Variant[] {
  const all = question.variants
    ? question.variants.map((v) => ({ question: v.question, label: ` (variant ${variantKey(v.params)})` }))
    : [{ question, label: '' }];
  return all.filter((v): v is Variant => v.question.kind === 'numeric');
}

const describe = (answer: number) => String(Number(answer.toPrecision(4)));

/** Prose lines within a screen of block `at`, before and after it; a widget is a screen on its own. */
function linesInSight(body: LaidOut[], at: number): { line: ProseLine; side: 'above' | 'below' }[] {
  const found: { line: ProseLine; side: 'above' | 'below' }[] = [];
  for (const [step, side] of [
    [-1, 'above'],
    [1, 'below'],
  ] as const) {
    let used = 0;
    for (let i = at + step; i >= 0 && i < body.length && used < screenCharacters; i += step) {
      const block = body[i] as LaidOut;
      if (block.kind === 'widget') break;
      if (block.kind === 'heading') used += block.length;
      if (block.kind === 'question') used += block.promptLength + questionChrome;
      if (block.kind !== 'prose') continue;
      const lines = step > 0 ? block.lines : [...block.lines].reverse();
      for (const line of lines) {
        if (used >= screenCharacters) break;
        found.push({ line, side });
        used += screenWidth(line.text);
      }
    }
  }
  return found;
}

/** Every place that prints a numeric question's answer (any variant) within a screen of it or in its own help. */
export function answerWarnings(body: LaidOut[]): AnswerWarning[] {
  const warnings: AnswerWarning[] = [];
  body.forEach((block, at) => {
    if (block.kind !== 'question') return;
    const name = `question "${block.question.id}"`;
    const inSight = linesInSight(body, at).map(({ line, side }) => ({ line, side, read: reading(line.text) }));
    for (const { question, label } of numericVariants(block.question)) {
      const whose = `${name}${label}`;
      const answer = describe(question.answer);
      for (const { line, side, read } of inSight) {
        for (const shown of answersShown(read.text, question)) {
          warnings.push({
            line: line.line,
            column: line.column(read.from[shown.index] ?? 0),
            message:
              `warning: "${shown.form}" gives away ${answer}, the answer of ${whose}, within a screen ${side} ` +
              `it; allowed: about ${screenCharacters} characters of text or a widget between a question and its answer`,
          });
        }
      }
      const help = [
        { text: question.hint, place: block.hintPlace, what: 'hint' },
        ...(question.anticipated ?? []).map((a, i) => ({
          text: a.feedback,
          place: block.feedbackPlaces[i],
          what: `feedback on ${describe(a.value)}`,
        })),
      ];
      for (const { text, place, what } of help) {
        const [shown] = answersShown(text ?? '', question);
        if (shown)
          warnings.push({
            ...(place ?? block.place),
            message:
              `warning: the ${what} of ${whose} gives away its answer ${answer} as "${shown.form}", while the ` +
              `learner may still try again; allowed: help that leads to the answer without giving it`,
          });
      }
    }
  });
  // A line that prints a number twice is said once.
  const seen = new Set<string>();
  return warnings
    .filter((w) => {
      const key = `${w.line}:${w.column}:${w.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
