// Questions as data, and what grading returns: shared by the quiz UI, the lesson compiler and the tests.

/** Sets a widget to a state that shows the point of the feedback (e.g. the variance explorer at dₖ = 512). */
export interface WidgetAction {
  widget: string;
  state: Record<string, number | string | boolean>;
}

/** An answer x matches a target t when |x − t| ≤ max(atol, rtol·|t|); rtol defaults to 0.01, atol to 0. */
export interface Tolerance {
  rtol?: number;
  atol?: number;
}

/** A wrong value we expect learners to give, with feedback aimed at the mistake behind it. */
export interface AnticipatedAnswer {
  value: number;
  /** Plain text. */
  feedback: string;
  /** Defaults to the question's tolerance. */
  tolerance?: Tolerance;
  show?: WidgetAction;
}

export interface NumericQuestion {
  kind: 'numeric';
  id: string;
  /** HTML, already rendered by the lesson compiler. */
  prompt: string;
  answer: number;
  tolerance?: Tolerance;
  anticipated?: AnticipatedAnswer[];
  /** HTML. */
  explanation: string;
  /** Plain text. */
  correctFeedback?: string;
  /** Plain text, shown when the learner asks for it and added to the feedback on an unanticipated wrong answer. */
  hint?: string;
  show?: WidgetAction;
  /** Set when the question has params: every variant, the lesson's own numbers first (see variants.ts). */
  variants?: QuestionVariant[];
}

export interface ChoiceOption {
  id: string;
  /** HTML. */
  text: string;
  correct: boolean;
  /** Plain text. */
  feedback?: string;
}

/**
 * 'choice': exactly one option is correct. 'multi': correct when the selected set equals the set of correct options.
 */
export interface ChoiceQuestion {
  kind: 'choice' | 'multi';
  id: string;
  prompt: string;
  options: ChoiceOption[];
  explanation: string;
  /** Plain text, shown when the learner asks for it. */
  hint?: string;
  show?: WidgetAction;
  /** Set when the question has params: every variant, the lesson's own numbers first (see variants.ts). */
  variants?: QuestionVariant[];
}

export type Question = NumericQuestion | ChoiceQuestion;

/**
 * One variant of a parameterised question: its parameter values and the question as it reads and grades with them,
 * rendered and checked against the core at build time. Its own `question` has no `variants`.
 */
export interface QuestionVariant {
  params: Record<string, number>;
  question: Question;
}

/** 'unreadable': nothing to grade (empty, unparseable, not a finite number); never counted as an attempt. */
export type GradeStatus = 'correct' | 'incorrect' | 'unreadable';

export interface Grade {
  status: GradeStatus;
  /** Whether this counts as an attempt: false exactly when status is 'unreadable'. */
  counted: boolean;
  /** Plain text for the UI to escape; a multi-select grade may hold several lines separated by '\n'. */
  feedback: string;
  /** The number the answer evaluated to (numeric questions). */
  value?: number;
  show?: WidgetAction;
  /** The question's HTML explanation, on counted grades; the UI decides when to reveal it. */
  explanation?: string;
  /** Multi-select only: the share of credit this answer earns, 0 to 1 (see partial-credit.ts). */
  credit?: number;
  /** Multi-select only: the learner's own picks that are not correct (a missed option is never named). */
  wrongChoices?: string[];
}
