// Which variant of a parameterised question a learner sees: pure functions of the question and a seed, so the page,
// an embed and an LMS package all draw the same variant from the same seed.
import type { Question, QuestionVariant } from './types.js';

/** A variant as hosts and records name it: its place in the list, its parameters and a short stable key. */
export interface Variant {
  /** 0 is the lesson's own numbers. */
  index: number;
  params: Readonly<Record<string, number>>;
  /** Parameters in declaration order, e.g. "dk=384" or "dk=384,n=16"; "" for a question without params. */
  key: string;
}

/** Seed 0 always gives the lesson's own numbers (variant 0). */
export const lessonSeed = 0;
/** Seeds that "Another like this" draws stay short enough to read aloud: 1 to this. */
export const maxDrawnSeed = 9999;

function requireQuestion(fn: string, question: unknown): asserts question is Question {
  const id = (question as { id?: unknown } | null)?.id;
  if (typeof question !== 'object' || question === null || typeof id !== 'string') {
    throw new TypeError(`${fn}: question must be a Question with a string id`);
  }
}

function requireSeed(fn: string, seed: unknown): asserts seed is number {
  if (!Number.isSafeInteger(seed) || (seed as number) < 0 || (seed as number) > 0xffffffff) {
    throw new RangeError(`${fn}: seed must be an integer from 0 to ${0xffffffff}, got ${String(seed)}`);
  }
}

const listOf = (question: Question): QuestionVariant[] | undefined =>
  question.variants && question.variants.length > 0 ? question.variants : undefined;

/** "dk=384,n=16": parameters in the order the question declares them. */
export function variantKey(params: Readonly<Record<string, number>>): string {
  if (typeof params !== 'object' || params === null) throw new TypeError('variantKey: params must be an object');
  return Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');
}

/** How many variants the question has: 1 when it has no params. */
export function variantCount(question: Question): number {
  requireQuestion('variantCount', question);
  return listOf(question)?.length ?? 1;
}

/** The variant at index (0 to variantCount − 1). */
export function variantAt(question: Question, index: number): Variant {
  requireQuestion('variantAt', question);
  const count = variantCount(question);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`variantAt: index must be an integer from 0 to ${count - 1}, got ${String(index)}`);
  }
  const params = listOf(question)?.[index]?.params ?? {};
  return { index, params, key: variantKey(params) };
}

/** The question as the learner reads and is graded on it in that variant (the question itself without params). */
export function questionOfVariant(question: Question, index: number): Question {
  variantAt(question, index);
  return listOf(question)?.[index]?.question ?? question;
}

/** The index whose key is `key`, or −1: how saved records find their variant again. */
export function variantIndexOfKey(question: Question, key: string): number {
  requireQuestion('variantIndexOfKey', question);
  if (typeof key !== 'string') throw new TypeError(`variantIndexOfKey: key must be a string, got ${typeof key}`);
  const list = listOf(question);
  if (!list) return key === '' ? 0 : -1;
  return list.findIndex((variant) => variantKey(variant.params) === key);
}

// FNV-1a over UTF-16 code units: small, exactly specified, the same in every browser.
function hashText(text: string, start = 0x811c9dc5): number {
  let h = start >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// A 32-bit integer mixer (the finaliser of MurmurHash3), so neighbouring seeds land far apart.
function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A seed from any text (e.g. an LMS learner id): 1 to 2³² − 1, never the lesson's own seed 0. */
export function seedFromText(text: string): number {
  if (typeof text !== 'string' || text === '') {
    throw new TypeError(`seedFromText: text must be a non-empty string, got ${JSON.stringify(text)}`);
  }
  return mix(hashText(text)) || 1;
}

/**
 * The variant a seed gives for this question: seed 0 is variant 0 (the lesson's own numbers); any other seed is mixed
 * with the question id, so one learner seed gives different variants of different questions.
 */
export function variantForSeed(question: Question, seed: number): Variant {
  requireQuestion('variantForSeed', question);
  requireSeed('variantForSeed', seed);
  const count = variantCount(question);
  if (seed === lessonSeed || count === 1) return variantAt(question, 0);
  return variantAt(question, mix(hashText(question.id) ^ mix(seed)) % count);
}

/**
 * The seed "Another like this" moves to from `seed`: 1 to maxDrawnSeed, reproducible, and giving a variant other
 * than the current one whenever the question has more than one.
 */
export function anotherSeed(question: Question, seed: number): number {
  requireQuestion('anotherSeed', question);
  requireSeed('anotherSeed', seed);
  const current = variantForSeed(question, seed).index;
  let next = seed;
  for (let step = 1; step <= 1000; step += 1) {
    next = (mix(next + step * 0x9e3779b9) % maxDrawnSeed) + 1;
    if (variantCount(question) === 1 || variantForSeed(question, next).index !== current) return next;
  }
  // Unreachable for any real list; kept so the function always ends.
  throw new Error(`anotherSeed: found no seed for another variant of question "${question.id}"`);
}
