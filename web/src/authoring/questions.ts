// ::: question bodies → quiz Questions; numeric answers must come from (or be checked by) the core.
import { DEFAULT_ATOL, DEFAULT_RTOL, validateQuestion, withinTolerance } from '../quiz/index.js';
import type {
  AnticipatedAnswer,
  ChoiceOption,
  ChoiceQuestion,
  NumericQuestion,
  Question,
  Tolerance,
} from '../quiz/types.js';
import { formatCoreNumber } from './core-values.js';
import {
  htmlField,
  numberField,
  plainField,
  showField,
  toleranceField,
  type FieldContext,
  type NumberField,
} from './fields.js';
import { anticipatedFields, fieldsOfKind, optionFields, questionFields, type QuestionKind } from './question-fields.js';
import { readParams } from './question-params.js';
import { buildVariants } from './question-variants.js';
import { entriesOf, itemsOf, plainOf, type Entry, type Place, type YamlBlock } from './yaml-nodes.js';

const kinds = questionFields.kind.kinds;
const anticipatedNames = Object.keys(anticipatedFields);
const optionNames = Object.keys(optionFields);
// The check uses the quiz engine's own tolerance rule, so "the core agrees" means "a learner typing it is graded
// correct".
const defaultTolerance = { rtol: DEFAULT_RTOL, atol: DEFAULT_ATOL };

function describeTolerance(tolerance: Tolerance | undefined): string {
  const { rtol, atol } = { ...defaultTolerance, ...tolerance };
  return `rtol ${rtol}, atol ${atol}`;
}

type Fields = Map<string, Entry>;

/** Builds one question, every variant of it when it has params; null when it has problems (all of them reported). */
export function buildQuestion(ctx: FieldContext, id: string, header: Place, block: YamlBlock): Question | null {
  const paramsNode = entriesOf(block.root)?.find((entry) => entry.key === 'params')?.value;
  if (paramsNode === undefined) return buildOneQuestion(ctx, id, header, block);
  const declared = readParams(ctx, block, paramsNode);
  if (!declared) return null;
  return buildVariants(ctx, declared.combinations, (variantCtx) => buildOneQuestion(variantCtx, id, header, block));
}

function buildOneQuestion(ctx: FieldContext, id: string, header: Place, block: YamlBlock): Question | null {
  // A question with any problem is left out of the output.
  const before = ctx.problemCount();
  const entries = entriesOf(block.root);
  if (!entries) {
    ctx.report(
      block.root ? block.placeOf(block.root) : header,
      'bad-question',
      `question "${id}" must be a mapping of fields; allowed: kind, prompt, explanation and the fields of its kind`,
    );
    return null;
  }
  const fields: Fields = new Map(entries.map((entry) => [entry.key, entry]));
  const kind = plainOf(fields.get('kind')?.value);
  if (!(kinds as readonly unknown[]).includes(kind)) {
    const place = fields.has('kind') ? block.placeOf(fields.get('kind')?.value) : header;
    ctx.report(
      place,
      'bad-question',
      `question "${id}" has kind ${JSON.stringify(kind ?? null)}; allowed: ${kinds.join(', ')}`,
    );
    return null;
  }
  const allowed: readonly string[] = fieldsOfKind(kind as QuestionKind);
  for (const entry of entries) {
    if (!allowed.includes(entry.key)) {
      ctx.report(
        block.placeOf(entry.keyNode),
        'bad-question',
        `a ${String(kind)} question has no field "${entry.key}"; allowed: ${allowed.join(', ')}`,
      );
    }
  }
  const text = (field: string): string => {
    const entry = fields.get(field);
    if (entry) return htmlField(ctx, block, entry.value, field);
    ctx.report(header, 'bad-question', `question "${id}" has no ${field}; allowed: ${field}: followed by Markdown`);
    return '';
  };
  const prompt = text('prompt');
  const explanation = text('explanation');
  const show = fields.has('show') ? showField(ctx, block, fields.get('show')?.value) : undefined;
  const question =
    kind === 'numeric'
      ? numericQuestion(ctx, id, header, block, fields, prompt, explanation)
      : choiceQuestion(ctx, id, header, block, fields, kind as ChoiceQuestion['kind'], prompt, explanation);
  if (!question || ctx.problemCount() > before) return null;
  const complete: Question = show ? { ...question, show } : question;
  // The quiz engine has the last word on what it can grade.
  for (const problem of validateQuestion(complete)) ctx.report(header, 'bad-question', `question "${id}": ${problem}`);
  return ctx.problemCount() > before ? null : complete;
}

function answerOf(
  ctx: FieldContext,
  id: string,
  header: Place,
  block: YamlBlock,
  fields: Fields,
  tolerance: Tolerance | undefined,
): number | null {
  const answerEntry = fields.get('answer');
  if (!answerEntry) {
    ctx.report(
      header,
      'no-correct-answer',
      `question "${id}" has no answer; allowed: answer: { value: <core value>, … }`,
    );
    return null;
  }
  const answer = numberField(ctx, block, answerEntry.value, 'answer');
  const checkEntry = fields.get('check');
  const check: NumberField | null = checkEntry ? numberField(ctx, block, checkEntry.value, 'check') : null;
  if (!answer || (checkEntry && !check)) return null;
  if (checkEntry && check && check.computed === null) {
    ctx.report(
      block.placeOf(checkEntry.value),
      'answer-not-computed',
      'check must name a core value; allowed: check: { value: <core value>, … }',
    );
    return null;
  }
  if (answer.computed === null && !check) {
    ctx.report(
      block.placeOf(answerEntry.value),
      'answer-not-computed',
      'numeric answers must come from the core: use answer: { value: … } or add check:',
    );
    return null;
  }
  if (check && !withinTolerance(answer.value, check.value, tolerance)) {
    ctx.report(
      block.placeOf(answerEntry.value),
      'core-disagrees',
      `answer ${formatCoreNumber(answer.value)} disagrees with the core: ${check.computed} = ` +
        `${formatCoreNumber(check.value)} (tolerance ${describeTolerance(tolerance)}); allowed: an answer within ` +
        `the tolerance of the core's value`,
    );
    return null;
  }
  return answer.value;
}

function numericQuestion(
  ctx: FieldContext,
  id: string,
  header: Place,
  block: YamlBlock,
  fields: Fields,
  prompt: string,
  explanation: string,
): NumericQuestion | null {
  const toleranceEntry = fields.get('tolerance');
  const tolerance = toleranceEntry ? toleranceField(ctx, block, toleranceEntry.value) : undefined;
  const answer = answerOf(ctx, id, header, block, fields, tolerance);
  const question: NumericQuestion = { kind: 'numeric', id, prompt, answer: answer ?? Number.NaN, explanation };
  if (tolerance) question.tolerance = tolerance;
  const anticipatedEntry = fields.get('anticipated');
  if (anticipatedEntry) question.anticipated = anticipatedOf(ctx, block, anticipatedEntry.value, answer, tolerance);
  for (const field of ['correctFeedback', 'hint'] as const) {
    const entry = fields.get(field);
    if (entry) question[field] = plainField(ctx, block, entry.value, field);
  }
  return answer === null ? null : question;
}

function anticipatedOf(
  ctx: FieldContext,
  block: YamlBlock,
  node: unknown,
  answer: number | null,
  tolerance: Tolerance | undefined,
): AnticipatedAnswer[] {
  const items = itemsOf(node);
  if (!items) {
    ctx.report(block.placeOf(node), 'wrong-type', 'anticipated must be a list; allowed: - value: 512, feedback: …');
    return [];
  }
  return items.flatMap((item): AnticipatedAnswer[] => {
    const entries = entriesOf(item);
    const get = (key: string) => entries?.find((entry) => entry.key === key);
    const valueEntry = get('value');
    const feedbackEntry = get('feedback');
    if (!entries || !valueEntry || !feedbackEntry) {
      const allowed = anticipatedNames.join(', ');
      const message = `an anticipated answer needs value and feedback; allowed: ${allowed}`;
      ctx.report(block.placeOf(item), 'bad-question', message);
      return [];
    }
    for (const entry of entries) {
      if (!anticipatedNames.includes(entry.key)) {
        const allowed = anticipatedNames.join(', ');
        const message = `an anticipated answer has no field "${entry.key}"; allowed: ${allowed}`;
        ctx.report(block.placeOf(entry.keyNode), 'bad-question', message);
      }
    }
    const value = numberField(ctx, block, valueEntry.value, 'value');
    const own = get('tolerance') ? toleranceField(ctx, block, get('tolerance')?.value) : undefined;
    if (value && answer !== null && withinTolerance(value.value, answer, tolerance)) {
      ctx.report(
        block.placeOf(valueEntry.value),
        'bad-question',
        `anticipated ${formatCoreNumber(value.value)} would be graded correct (answer ` +
          `${formatCoreNumber(answer)}); allowed: a wrong value outside the tolerance`,
      );
    }
    const result: AnticipatedAnswer = {
      value: value?.value ?? Number.NaN,
      feedback: plainField(ctx, block, feedbackEntry.value, 'feedback'),
    };
    if (own) result.tolerance = own;
    const showEntry = get('show');
    const show = showEntry ? showField(ctx, block, showEntry.value) : undefined;
    if (show) result.show = show;
    return [result];
  });
}

function optionsOf(ctx: FieldContext, block: YamlBlock, node: unknown): ChoiceOption[] {
  const items = itemsOf(node);
  if (!items || items.length < 2) {
    ctx.report(
      block.placeOf(node),
      'wrong-type',
      'options must be a list of at least 2; allowed: - text: …, correct: true, feedback: …',
    );
    return [];
  }
  return items.map((item, index): ChoiceOption => {
    const entries = entriesOf(item) ?? [];
    const get = (key: string) => entries.find((entry) => entry.key === key);
    for (const entry of entries) {
      if (!optionNames.includes(entry.key)) {
        const allowed = optionNames.join(', ');
        const message = `an option has no field "${entry.key}"; allowed: ${allowed}`;
        ctx.report(block.placeOf(entry.keyNode), 'bad-question', message);
      }
    }
    const textEntry = get('text');
    if (!textEntry)
      ctx.report(
        block.placeOf(item),
        'bad-question',
        'an option needs text; allowed: text: followed by one line of Markdown',
      );
    const correct = plainOf(get('correct')?.value) ?? false;
    if (typeof correct !== 'boolean')
      ctx.report(
        block.placeOf(get('correct')?.value),
        'wrong-type',
        `correct must be true or false, got ${JSON.stringify(correct)}; allowed: true, false`,
      );
    const option: ChoiceOption = {
      // Letters keep option ids stable when an author does not name them.
      id: String(plainOf(get('id')?.value) ?? String.fromCharCode(97 + index)),
      text: textEntry ? htmlField(ctx, block, textEntry.value, 'text', true) : '',
      correct: correct === true,
    };
    const feedbackEntry = get('feedback');
    if (feedbackEntry) option.feedback = plainField(ctx, block, feedbackEntry.value, 'feedback');
    return option;
  });
}

function choiceQuestion(
  ctx: FieldContext,
  id: string,
  header: Place,
  block: YamlBlock,
  fields: Fields,
  kind: ChoiceQuestion['kind'],
  prompt: string,
  explanation: string,
): ChoiceQuestion | null {
  const optionsEntry = fields.get('options');
  if (!optionsEntry) {
    ctx.report(
      header,
      'no-correct-answer',
      `question "${id}" has no options; allowed: options: a list with at least one correct: true`,
    );
    return null;
  }
  const options = optionsOf(ctx, block, optionsEntry.value);
  const correct = options.filter((option) => option.correct).length;
  if (options.length > 0 && correct === 0) {
    ctx.report(
      block.placeOf(optionsEntry.value),
      'no-correct-answer',
      `question "${id}" has no correct option; allowed: mark ` +
        `${kind === 'choice' ? 'one option' : 'at least one option'} correct: true`,
    );
    return null;
  }
  if (kind === 'choice' && correct > 1) {
    ctx.report(
      block.placeOf(optionsEntry.value),
      'bad-question',
      `question "${id}" is kind choice with ${correct} correct options; allowed: exactly one, or kind: multi`,
    );
    return null;
  }
  const question: ChoiceQuestion = { kind, id, prompt, options, explanation };
  const hintEntry = fields.get('hint');
  if (hintEntry) question.hint = plainField(ctx, block, hintEntry.value, 'hint');
  return question;
}
