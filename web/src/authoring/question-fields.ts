// The fields a ::: question may hold, with their types and meanings: the compiler's allowed lists and
// docs/authoring.md are both read from these tables, so the reference cannot drift from what is accepted.

export type QuestionKind = 'numeric' | 'choice' | 'multi';

export interface FieldDoc {
  /** What an author writes, in words ("Markdown", "a number or a core value"). */
  type: string;
  /** True when leaving the field out is an error. */
  required: boolean;
  doc: string;
}

export interface QuestionFieldDoc extends FieldDoc {
  kinds: readonly QuestionKind[];
}

const allKinds = ['numeric', 'choice', 'multi'] as const;
const numericOnly = ['numeric'] as const;
const choiceKinds = ['choice', 'multi'] as const;
const numberOrValue = 'a number, a fraction such as 1/3, or { value: <core value>, argument: … }';

/** Top-level fields of a question, in the order error messages list them. */
export const questionFields = {
  kind: {
    kinds: allKinds,
    type: 'numeric, choice or multi',
    required: true,
    doc: 'numeric: the learner types a number; choice: pick exactly one option; multi: pick every correct option',
  },
  prompt: {
    kinds: allKinds,
    type: 'Markdown',
    required: true,
    doc: 'the question the learner reads; $…$ math and {{values}} allowed',
  },
  answer: {
    kinds: numericOnly,
    type: numberOrValue,
    required: true,
    doc: 'the correct number; a number typed by hand needs check: so the core confirms it',
  },
  check: {
    kinds: numericOnly,
    type: '{ value: <core value>, argument: … }',
    required: false,
    doc: 'a core value the typed answer must agree with, within the tolerance',
  },
  tolerance: {
    kinds: numericOnly,
    type: '{ rtol: …, atol: … }',
    required: false,
    doc: 'how close counts as correct: |x − answer| ≤ max(atol, rtol·|answer|); default rtol 0.01, atol 0',
  },
  anticipated: {
    kinds: numericOnly,
    type: 'a list of { value, feedback, tolerance, show }',
    required: false,
    doc: 'wrong answers learners are expected to give, each with feedback aimed at the mistake',
  },
  options: {
    kinds: choiceKinds,
    type: 'a list of { id, text, correct, feedback }, at least 2',
    required: true,
    doc: 'the choices; choice needs exactly one correct: true, multi at least one',
  },
  explanation: {
    kinds: allKinds,
    type: 'Markdown',
    required: true,
    doc: 'the worked reasoning, revealed once the learner has answered',
  },
  correctFeedback: { kinds: numericOnly, type: 'plain text', required: false, doc: 'shown on a correct answer' },
  hint: {
    kinds: allKinds,
    type: 'plain text',
    required: false,
    doc:
      'a nudge the learner can open with the Hint button at any time (also added to feedback on an unforeseen ' +
      'wrong answer)',
  },
  params: {
    kinds: allKinds,
    type: '{ name: [value, …], default: value }',
    required: false,
    doc:
      'makes the question parameterised: one variant per combination of values (at most 64), each checked ' +
      "against the core; default (or each list's first value) is the lesson's own variant",
  },
  show: {
    kinds: allKinds,
    type: '{ widget: <widget id>, state: { parameter: value } }',
    required: false,
    doc: 'sets a widget in this lesson to a state that shows the point once the learner has answered',
  },
} as const satisfies Record<string, QuestionFieldDoc>;

/** Fields of one item under anticipated:. */
export const anticipatedFields = {
  value: { type: numberOrValue, required: true, doc: 'the wrong number; must lie outside the tolerance of the answer' },
  feedback: { type: 'plain text', required: true, doc: 'what the learner sees when they give this value' },
  tolerance: {
    type: '{ rtol: …, atol: … }',
    required: false,
    doc: "how close matches this value; default: the question's",
  },
  show: {
    type: '{ widget: <widget id>, state: { … } }',
    required: false,
    doc: 'a widget state that shows the mistake',
  },
} as const satisfies Record<string, FieldDoc>;

/** Fields of one item under options:. */
export const optionFields = {
  id: { type: 'a name', required: false, doc: 'stable id of the option; default a, b, c … in order' },
  text: { type: 'one line of Markdown', required: true, doc: 'what the option says; $…$ math allowed' },
  correct: { type: 'true or false', required: false, doc: 'whether picking this option is right; default false' },
  feedback: { type: 'plain text', required: false, doc: 'shown when the learner picks this option' },
} as const satisfies Record<string, FieldDoc>;

/** Fields of a tolerance: mapping. */
export const toleranceFields = {
  rtol: { type: 'a number from 0 to 1 (below 1)', required: false, doc: 'relative tolerance, a share of |answer|' },
  atol: { type: 'a number from 0 to 1', required: false, doc: 'absolute tolerance; needed when the answer is 0' },
} as const satisfies Record<string, FieldDoc>;

/** Fields of a show: mapping. */
export const showFields = {
  widget: {
    type: 'a widget id',
    required: true,
    doc: 'the {#id} of a widget in this lesson (or its name when it has no id)',
  },
  state: {
    type: '{ parameter: value }',
    required: false,
    doc: "the widget parameters to set, checked against that widget's parameters",
  },
} as const satisfies Record<string, FieldDoc>;

/** The fields a question of this kind may hold, in table order. */
export function fieldsOfKind(kind: QuestionKind): string[] {
  return Object.entries(questionFields)
    .filter(([, field]) => (field.kinds as readonly QuestionKind[]).includes(kind))
    .map(([name]) => name);
}
