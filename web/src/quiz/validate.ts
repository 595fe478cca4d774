// Checks a question authored in a lesson file before it reaches a learner; the lesson compiler reports the problems.
import { withinTolerance } from './grade.js';
import type { Tolerance } from './types.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const numericFields = [
  'kind',
  'id',
  'prompt',
  'answer',
  'tolerance',
  'anticipated',
  'explanation',
  'correctFeedback',
  'hint',
  'show',
  'variants',
];
const choiceFields = ['kind', 'id', 'prompt', 'options', 'explanation', 'hint', 'show', 'variants'];
const optionFields = ['id', 'text', 'correct', 'feedback'];
const anticipatedFields = ['value', 'feedback', 'tolerance', 'show'];

/** Typos in field names would otherwise be silently ignored. */
function unknownFields(value: Fields, allowed: string[], where: string, problems: string[]): void {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) problems.push(`${where}: unknown field '${key}'`);
}

function requireText(value: Fields, key: string, where: string, problems: string[], optional = false): void {
  const text = value[key];
  if (text === undefined && optional) return;
  if (typeof text !== 'string' || text.trim() === '') problems.push(`${where}.${key} must be non-empty text`);
}

function checkTolerance(tolerance: unknown, where: string, problems: string[]): tolerance is Tolerance | undefined {
  if (tolerance === undefined) return true;
  if (!isObject(tolerance)) {
    problems.push(`${where} must be an object such as {rtol: 0.01}`);
    return false;
  }
  unknownFields(tolerance, ['rtol', 'atol'], where, problems);
  let valid = true;
  for (const key of ['rtol', 'atol']) {
    const term = tolerance[key];
    if (term !== undefined && !(isFiniteNumber(term) && term >= 0)) {
      problems.push(`${where}.${key} must be a finite number ≥ 0, got ${String(term)}`);
      valid = false;
    }
  }
  // rtol ≥ 1 accepts 0 and, beyond 2, answers of the wrong sign.
  if (isFiniteNumber(tolerance.rtol) && tolerance.rtol >= 1)
    problems.push(`${where}.rtol is ${tolerance.rtol}: at 1 or more it accepts 0 as correct`);
  return valid;
}

function checkWidgetAction(show: unknown, where: string, problems: string[]): void {
  if (show === undefined) return;
  if (!isObject(show)) {
    problems.push(`${where} must be an object {widget, state}`);
    return;
  }
  unknownFields(show, ['widget', 'state'], where, problems);
  requireText(show, 'widget', where, problems);
  if (!isObject(show.state)) {
    problems.push(`${where}.state must be an object of numbers, strings and booleans`);
    return;
  }
  for (const [key, value] of Object.entries(show.state)) {
    if (!(isFiniteNumber(value) || typeof value === 'string' || typeof value === 'boolean')) {
      problems.push(`${where}.state.${key} must be a finite number, a string or a boolean`);
    }
  }
}

function checkNumeric(q: Fields, where: string, problems: string[]): void {
  unknownFields(q, numericFields, where, problems);
  requireText(q, 'correctFeedback', where, problems, true);
  requireText(q, 'hint', where, problems, true);
  const answerIsFinite = isFiniteNumber(q.answer);
  if (!answerIsFinite) problems.push(`${where}.answer must be a finite number, got ${String(q.answer)}`);
  const toleranceIsValid = checkTolerance(q.tolerance, `${where}.tolerance`, problems);
  if (
    answerIsFinite &&
    q.answer === 0 &&
    toleranceIsValid &&
    !(isObject(q.tolerance) && isFiniteNumber(q.tolerance.atol) && q.tolerance.atol > 0)
  ) {
    problems.push(`${where}: the answer is 0 and tolerance.atol is not set, so only exactly 0 is accepted`);
  }
  if (q.anticipated === undefined) return;
  if (!Array.isArray(q.anticipated)) {
    problems.push(`${where}.anticipated must be an Array`);
    return;
  }
  const seen: number[] = [];
  q.anticipated.forEach((entry: unknown, i) => {
    const at = `${where}.anticipated[${i}]`;
    if (!isObject(entry)) {
      problems.push(`${at} must be an object {value, feedback}`);
      return;
    }
    unknownFields(entry, anticipatedFields, at, problems);
    requireText(entry, 'feedback', at, problems);
    checkTolerance(entry.tolerance, `${at}.tolerance`, problems);
    checkWidgetAction(entry.show, `${at}.show`, problems);
    if (!isFiniteNumber(entry.value)) {
      problems.push(`${at}.value must be a finite number, got ${String(entry.value)}`);
      return;
    }
    // The correct answer is matched first, so this feedback could never be shown.
    if (
      answerIsFinite &&
      toleranceIsValid &&
      withinTolerance(entry.value, q.answer as number, q.tolerance as Tolerance | undefined)
    ) {
      problems.push(
        `${at}.value ${entry.value} is within tolerance of the answer ${String(q.answer)}: it would be graded correct`,
      );
    }
    if (seen.includes(entry.value)) problems.push(`${at}.value ${entry.value} is anticipated twice`);
    seen.push(entry.value);
  });
}

function checkChoice(q: Fields, where: string, problems: string[]): void {
  unknownFields(q, choiceFields, where, problems);
  requireText(q, 'hint', where, problems, true);
  if (!Array.isArray(q.options) || q.options.length < 2) {
    problems.push(`${where}.options must be an Array of at least 2 options`);
    return;
  }
  const ids = new Set<string>();
  let correctCount = 0;
  q.options.forEach((option: unknown, i) => {
    const at = `${where}.options[${i}]`;
    if (!isObject(option)) {
      problems.push(`${at} must be an object {id, text, correct}`);
      return;
    }
    unknownFields(option, optionFields, at, problems);
    requireText(option, 'id', at, problems);
    requireText(option, 'text', at, problems);
    requireText(option, 'feedback', at, problems, true);
    if (typeof option.correct !== 'boolean') problems.push(`${at}.correct must be true or false`);
    if (option.correct === true) correctCount++;
    if (typeof option.id === 'string') {
      if (ids.has(option.id)) problems.push(`${at}.id '${option.id}' is used by an earlier option`);
      ids.add(option.id);
    }
  });
  if (correctCount === 0) problems.push(`${where}: no option is correct`);
  if (q.kind === 'choice' && correctCount > 1)
    problems.push(`${where}: ${correctCount} options are correct in a 'choice' question (use 'multi' for several)`);
}

// Each variant is a whole question of the same id and kind, without variants of its own.
function checkVariants(q: Fields, where: string, problems: string[]): void {
  if (q.variants === undefined) return;
  if (!Array.isArray(q.variants) || q.variants.length === 0) {
    problems.push(`${where}.variants must be a non-empty Array of {params, question}`);
    return;
  }
  q.variants.forEach((variant: unknown, i) => {
    const at = `${where}.variants[${i}]`;
    if (!isObject(variant) || !isObject(variant.params) || !isObject(variant.question)) {
      problems.push(`${at} must be an object {params, question}`);
      return;
    }
    unknownFields(variant, ['params', 'question'], at, problems);
    for (const [name, value] of Object.entries(variant.params)) {
      if (!isFiniteNumber(value)) problems.push(`${at}.params.${name} must be a finite number`);
    }
    const inner = variant.question;
    if (inner.id !== q.id || inner.kind !== q.kind)
      problems.push(`${at}.question must have the id and kind of ${where}`);
    if (inner.variants !== undefined) problems.push(`${at}.question must not have variants of its own`);
    else problems.push(...validateQuestion(inner).map((problem) => `${at}: ${problem}`));
  });
}

/** Every problem with an authored question, each naming where it is; an empty list means the question is usable. */
export function validateQuestion(q: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(q))
    return [`a question must be an object, got ${q === null ? 'null' : Array.isArray(q) ? 'an Array' : typeof q}`];
  const where = typeof q.id === 'string' && q.id.trim() !== '' ? `question '${q.id}'` : 'question';
  requireText(q, 'id', where, problems);
  requireText(q, 'prompt', where, problems);
  requireText(q, 'explanation', where, problems);
  checkWidgetAction(q.show, `${where}.show`, problems);
  if (q.kind === 'numeric') checkNumeric(q, where, problems);
  else if (q.kind === 'choice' || q.kind === 'multi') checkChoice(q, where, problems);
  else
    problems.push(`${where}.kind must be 'numeric', 'choice' or 'multi', got ${JSON.stringify(q.kind) ?? 'nothing'}`);
  checkVariants(q, where, problems);
  return problems;
}
