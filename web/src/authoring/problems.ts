// Every problem names its place in the lesson file and says what is wrong and what is allowed.
import type { Place } from './yaml-nodes.js';

export type ProblemKind =
  | 'front-matter'
  | 'bad-yaml'
  | 'unclosed-directive'
  | 'bad-directive'
  | 'misplaced-heading'
  | 'content-before-section'
  | 'unknown-widget'
  | 'widget-not-available'
  | 'unknown-parameter'
  | 'wrong-type'
  | 'out-of-range'
  | 'bad-question'
  | 'no-correct-answer'
  | 'answer-not-computed'
  | 'core-disagrees'
  | 'duplicate-id'
  | 'unknown-value'
  | 'bad-arguments'
  | 'unclosed-value'
  | 'bad-math'
  | 'unknown-show-target'
  | 'bad-prediction'
  /** A translation (translation.ts): its file name, its original, and what it must keep of the original. */
  | 'unknown-locale'
  | 'original-broken'
  | 'missing-in-translation'
  | 'extra-in-translation'
  | 'moved-in-translation'
  | 'differs-from-original'
  /** A warning, never fatal: an answer printed within a screen of its question. */
  | 'answer-in-sight';

export interface LessonProblem extends Place {
  /** As given to the compiler, e.g. lessons/why-sqrt-dk/lesson.md. */
  file: string;
  kind: ProblemKind;
  message: string;
}

/** The line the build prints: file:line:column: message. */
export function formatProblem(problem: LessonProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}

export type Report = (place: Place, kind: ProblemKind, message: string) => void;

export function collectProblems(file: string): { problems: LessonProblem[]; report: Report } {
  const problems: LessonProblem[] = [];
  return { problems, report: (place, kind, message) => problems.push({ file, ...place, kind, message }) };
}
