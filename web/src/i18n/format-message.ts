// A small formatter for the subset of ICU MessageFormat the catalogs use: {name}, {n, plural, …} with #, and
// {key, select, …}. Built on the platform's Intl.PluralRules, so it needs no parser library and no eval.
import type { Locale } from './locales.js';

export type MessageValues = Record<string, string | number>;

type Part = string | { name: string } | { name: string; kind: 'plural' | 'select'; cases: Record<string, Part[]> };

const parsed = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** Formats `message` with `values`; a missing value is an error, so a catalog typo cannot reach the page silently. */
export function formatMessage(locale: Locale, message: string, values: MessageValues = {}): string {
  let parts = parsed.get(message);
  if (!parts) parsed.set(message, (parts = parseMessage(message)));
  return render(locale, parts, values, undefined);
}

/** The argument names a message uses, nested ones included: translations must use the same set. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      names.add(part.name);
      if ('cases' in part) Object.values(part.cases).forEach(walk);
    }
  };
  walk(parseMessage(message));
  return [...names].sort();
}

function render(locale: Locale, parts: Part[], values: MessageValues, count: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += count === undefined ? part : part.replace(/#/g, String(count));
      continue;
    }
    if (!(part.name in values)) throw new RangeError(`message value '${part.name}' is missing`);
    const value = values[part.name] as string | number;
    if (!('cases' in part)) {
      out += String(value);
    } else if (part.kind === 'plural') {
      const n = Number(value);
      let rules = pluralRules.get(locale);
      if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
      const chosen = part.cases[`=${n}`] ?? part.cases[rules.select(n)] ?? part.cases.other ?? [];
      out += render(locale, chosen, values, n);
    } else {
      out += render(locale, part.cases[String(value)] ?? part.cases.other ?? [], values, count);
    }
  }
  return out;
}

function parseMessage(message: string): Part[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new SyntaxError(`message "${message}": ${why} at ${at + 1}`);
  };
  const readParts = (nested: boolean): Part[] => {
    const parts: Part[] = [];
    let text = '';
    while (at < message.length) {
      const c = message[at] as string;
      if (c === '}') {
        if (!nested) fail("unmatched '}'");
        break;
      }
      if (c !== '{') {
        text += c;
        at++;
        continue;
      }
      if (text) parts.push(text);
      text = '';
      at++;
      parts.push(readArgument());
    }
    if (text) parts.push(text);
    return parts;
  };
  const readWord = (): string => {
    const match = /^\s*([=\w.-]+)\s*/.exec(message.slice(at));
    if (!match) return fail('a name is missing');
    at += match[0].length;
    return match[1] as string;
  };
  const readArgument = (): Part => {
    const name = readWord();
    if (message[at] === '}') {
      at++;
      return { name };
    }
    if (message[at] !== ',') fail("expected ',' or '}'");
    at++;
    const kind = readWord();
    if (kind !== 'plural' && kind !== 'select') fail(`unknown argument kind '${kind}'`);
    if (message[at] !== ',') fail("expected ','");
    at++;
    const cases: Record<string, Part[]> = {};
    for (;;) {
      while (/\s/.test(message[at] ?? '')) at++;
      if (message[at] === '}') break;
      const key = readWord();
      if (message[at] !== '{') fail(`expected '{' after '${key}'`);
      at++;
      cases[key] = readParts(true);
      if (message[at] !== '}') fail("expected '}'");
      at++;
    }
    if (!cases.other) fail("a plural or select needs an 'other' case");
    at++;
    return { name, kind: kind as 'plural' | 'select', cases };
  };
  const parts = readParts(false);
  return parts;
}
