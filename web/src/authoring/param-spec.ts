// Parameter specs shared by widgets and core values: one checker, so a lesson file, a URL and the build agree.
// Its messages take a locale: authors read them in English at build time, learners in the page's language.
import { t, translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';

interface SpecBase {
  /** A parameter without a default that may still be left out (e.g. given scores, sampled when absent). */
  optional?: true;
  /** One line for the authoring reference (docs/authoring.md is generated from it). */
  doc?: string;
}
export interface IntSpec extends SpecBase {
  type: 'int';
  min: number;
  max: number;
  default?: number;
  /** A lower maximum set by another int parameter's value: above it the combination cannot be computed. */
  maxGiven?: JointMax;
}
export interface JointMax {
  /** The other parameter. */
  param: string;
  /** This parameter's largest value given the other's, from min to max. */
  max: (other: number) => number;
  /** Why, in words a learner reads after "keys lowered from 64 to 46: ". */
  why: (other: number) => string;
}
export interface NumberSpec extends SpecBase {
  type: 'number';
  min: number;
  max: number;
  /** True when min itself is not allowed (a temperature must be greater than 0). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  default?: number;
}
export interface BooleanSpec extends SpecBase {
  type: 'boolean';
  default?: boolean;
}
export interface EnumSpec extends SpecBase {
  type: 'enum';
  values: readonly string[];
  /** Also accept a number in this range (a scale may be a mode name or a temperature). */
  orNumber?: NumberSpec;
  default?: string;
}
export interface ListSpec extends SpecBase {
  type: 'list';
  minLength: number;
  maxLength: number;
  /** Also accept −∞ (written -inf): a masked score, where the core's softmax gives it weight 0. */
  minusInfinity?: true;
  default?: readonly number[];
}
export type ParamSpec = IntSpec | NumberSpec | BooleanSpec | EnumSpec | ListSpec;

export type ParamValue = number | string | boolean | readonly number[];

export type ParamCheck =
  { ok: true; value: ParamValue } | { ok: false; problem: 'wrong-type' | 'out-of-range'; message: string };

// Each part of the pattern can match only one way, so it runs in linear time (the old `\d+\.?\d*` was quadratic).
const numeral = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
// Longer text is no numeral a lesson needs (a double is exact in 17 digits): refused before any pattern runs.
const maxNumeralLength = 64;
// Shown values are cut here, so a 120,000-character URL value cannot make a 120,000-character message.
const maxShownLength = 40;

function quoted(raw: string, locale: Locale): string {
  const cut = { start: raw.slice(0, maxShownLength), length: raw.length };
  return JSON.stringify(raw.length > maxShownLength ? translate(locale, 'param.cut', cut) : raw);
}

function describeValue(raw: unknown, locale: Locale): string {
  if (raw === null || raw === undefined) return translate(locale, 'param.gotNothing');
  if (typeof raw === 'string') return translate(locale, 'param.gotString', { text: quoted(raw, locale) });
  if (Array.isArray(raw)) return translate(locale, 'param.gotList');
  if (typeof raw === 'object') return translate(locale, 'param.gotMapping');
  return String(raw);
}

function describeNumberRange(spec: NumberSpec, locale: Locale): string {
  const low = translate(locale, spec.minExclusive ? 'param.greaterThan' : 'param.atLeast', { x: spec.min });
  const high = translate(locale, spec.maxExclusive ? 'param.lessThan' : 'param.atMost', { x: spec.max });
  if (spec.min === -Infinity) {
    return spec.max === Infinity
      ? translate(locale, 'param.finiteNumber')
      : translate(locale, 'param.numberBound', { bound: high });
  }
  return spec.max === Infinity
    ? translate(locale, 'param.numberBound', { bound: low })
    : translate(locale, 'param.numberBetween', { low, high });
}

/** What a parameter accepts, in words read after "allowed:" (by an author in English, by a learner in theirs). */
export function describeAllowed(spec: ParamSpec, locale: Locale = defaultLocale): string {
  switch (spec.type) {
    case 'int':
      return translate(locale, 'param.integerRange', { min: spec.min, max: spec.max });
    case 'number':
      return describeNumberRange(spec, locale);
    case 'boolean':
      return translate(locale, 'param.trueOrFalse');
    case 'enum': {
      const values = spec.values.join(translate(locale, 'list.comma'));
      return spec.orNumber
        ? translate(locale, 'param.oneOfOrNumber', { values, range: describeNumberRange(spec.orNumber, locale) })
        : translate(locale, 'param.oneOf', { values });
    }
    case 'list': {
      const range = { minLength: spec.minLength, maxLength: spec.maxLength, most: maxListMagnitude };
      return translate(locale, spec.minusInfinity ? 'param.listMasked' : 'param.list', range);
    }
  }
}

// URL state arrives as strings: accept exact numerals, never Number('') === 0 or Number('0x10').
function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.length <= maxNumeralLength && numeral.test(raw.trim())) return Number(raw.trim());
  return undefined;
}

function inNumberRange(x: number, spec: NumberSpec): boolean {
  if (!Number.isFinite(x)) return false;
  const aboveMin = spec.minExclusive ? x > spec.min : x >= spec.min;
  const belowMax = spec.maxExclusive ? x < spec.max : x <= spec.max;
  return aboveMin && belowMax;
}

/** What a value must be, as the catalog's param.wrongType selects it. */
type Kind = 'integer' | 'number' | 'boolean' | 'list' | 'name' | 'nameOrNumber';

function wrongType(name: string, kind: Kind, raw: unknown, spec: ParamSpec, locale: Locale): ParamCheck {
  const got = describeValue(raw, locale);
  return {
    ok: false,
    problem: 'wrong-type',
    message: translate(locale, 'param.wrongType', { name, kind, got, allowed: describeAllowed(spec, locale) }),
  };
}

function outOfRange(name: string, shown: string, spec: ParamSpec, locale: Locale): ParamCheck {
  return {
    ok: false,
    problem: 'out-of-range',
    message: translate(locale, 'param.outOfRange', { name, shown, allowed: describeAllowed(spec, locale) }),
  };
}

// Scores beyond this make no lesson clearer and overflow the charts' arithmetic (1e308 − (−1e308) is Infinity).
const maxListMagnitude = 1e6;

// How −∞ may be written: YAML's -.inf arrives as a number, -inf as text; − is the typeset minus.
const minusInfinityWords = /^[-−](inf|infinity|∞)$/i;

function toListEntry(raw: unknown, spec: ListSpec): number | undefined {
  if (spec.minusInfinity && typeof raw === 'string' && minusInfinityWords.test(raw.trim())) return -Infinity;
  return toNumber(raw);
}

function checkList(name: string, spec: ListSpec, raw: unknown, locale: Locale): ParamCheck {
  const items = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(items)) return wrongType(name, 'list', raw, spec, locale);
  const values: number[] = [];
  for (const [i, item] of items.entries()) {
    const x = toListEntry(item, spec);
    if (x === -Infinity && spec.minusInfinity) {
      values.push(x);
      continue;
    }
    if (x === undefined) return wrongType(`${name}[${i}]`, 'number', item, spec, locale);
    if (!Number.isFinite(x) || Math.abs(x) > maxListMagnitude) {
      return outOfRange(`${name}[${i}]`, String(x), spec, locale);
    }
    values.push(x);
  }
  if (values.length < spec.minLength || values.length > spec.maxLength) {
    return outOfRange(translate(locale, 'param.listLength', { name }), String(values.length), spec, locale);
  }
  return { ok: true, value: values };
}

/**
 * Checks one raw value (from YAML, a URL or `{{… name=value}}`) against its spec; the message is in `locale` (English
 * for the build, the page's language for a learner's link).
 */
export function checkParam(name: string, spec: ParamSpec, raw: unknown, locale: Locale = defaultLocale): ParamCheck {
  const outside = (x: number | string) => outOfRange(name, String(x), spec, locale);
  switch (spec.type) {
    case 'int': {
      const x = toNumber(raw);
      if (x === undefined || !Number.isInteger(x)) return wrongType(name, 'integer', raw, spec, locale);
      return x >= spec.min && x <= spec.max ? { ok: true, value: x } : outside(x);
    }
    case 'number': {
      const x = toNumber(raw);
      if (x === undefined) return wrongType(name, 'number', raw, spec, locale);
      return inNumberRange(x, spec) ? { ok: true, value: x } : outside(x);
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return wrongType(name, 'boolean', raw, spec, locale);
    case 'enum': {
      if (typeof raw === 'string' && spec.values.includes(raw)) return { ok: true, value: raw };
      const x = spec.orNumber ? toNumber(raw) : undefined;
      if (x !== undefined && spec.orNumber)
        return inNumberRange(x, spec.orNumber) ? { ok: true, value: x } : outside(x);
      if (typeof raw === 'string') return outside(quoted(raw, locale));
      return wrongType(name, spec.orNumber ? 'nameOrNumber' : 'name', raw, spec, locale);
    }
    case 'list':
      return checkList(name, spec, raw, locale);
  }
}

/** True when leaving the parameter out is an error. */
export function isRequired(spec: ParamSpec): boolean {
  return spec.default === undefined && !spec.optional;
}

/** The largest value of an int parameter given the others (its maxGiven), or its own max. */
export function maxOf(spec: ParamSpec, params: Record<string, unknown>): number {
  if (spec.type !== 'int' && spec.type !== 'number') return Infinity;
  if (spec.type !== 'int' || !spec.maxGiven) return spec.max;
  const other = params[spec.maxGiven.param];
  return typeof other === 'number' ? Math.min(spec.max, spec.maxGiven.max(other)) : spec.max;
}

/** A parameter lowered to the maximum another parameter sets for it. */
export interface Lowered {
  name: string;
  from: number;
  to: number;
  /** The parameter that sets the maximum, and its value. */
  given: string;
  givenValue: number;
  why: string;
}

/**
 * Lowers each parameter above the maximum another sets (IntSpec.maxGiven) to that maximum, in place, so that no state
 * a link, an embed or a "show me" asks for is one the core cannot compute; says what it lowered and why.
 */
export function limitParams(specs: Record<string, ParamSpec>, params: Record<string, unknown>): Lowered[] {
  const lowered: Lowered[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const value = params[name];
    const given = spec.type === 'int' ? spec.maxGiven : undefined;
    const givenValue = given && params[given.param];
    if (!given || typeof value !== 'number' || typeof givenValue !== 'number') continue;
    const most = maxOf(spec, params);
    if (value <= most) continue;
    params[name] = most;
    lowered.push({ name, from: value, to: most, given: given.param, givenValue, why: given.why(givenValue) });
  }
  return lowered;
}

/** What a learner reads when a link's setting was lowered: "keys lowered from 64 to 46: <why>". */
export const loweredNotice = (l: Lowered): string =>
  t('control.lowered', { name: l.name, from: l.from, to: l.to, why: l.why });
