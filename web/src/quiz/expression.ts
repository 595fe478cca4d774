// Reads a learner's typed answer ("16√2", "sqrt(512)", "2.263e1") as a number with our own parser:
// the page runs under a strict CSP, so eval and new Function are never an option.
//
// Grammar (evaluated while it is read):
//   answer  := ['≈' | '~'] sum
//   sum     := product (('+' | '-') product)*
//   product := signed (('*' | '/') signed | implicit power)*   implicit: before a name, '√' or '('
//   signed  := ('-' | '+') signed | power                      so −2^2 = −4
//   power   := primary ['^' signed]                             right-associative: 2^3^2 = 2^9
//   primary := number | constant | function argument | '√' argument | '(' sum ')'
//   argument:= '(' sum ')' | signed                             without parentheses, ln 8^2 = ln(64)
// Names are case-insensitive; log is the natural logarithm, the same as ln.
// A Chinese keyboard's full-width forms (０-９ ． － ＋ （ ） ×) read as their ASCII twins; '，' and '。' only where a
// number can mean one thing (see readNumber).
import { translate, type MessageKey } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';

/** Longest answer we read, in characters (code points). */
export const MAX_ANSWER_LENGTH = 200;
/** Deepest nesting of parentheses we read. */
export const MAX_NESTING = 50;

export type ParsedExpression =
  | { ok: true; value: number }
  /** position is 1-based, in characters; advice, when present, is a full sentence saying what to write instead. */
  | { ok: false; reason: string; position: number; advice?: string };

type TokenKind =
  'number' | 'name' | 'plus' | 'minus' | 'times' | 'divide' | 'power' | 'root' | 'open' | 'close' | 'approx' | 'end';

interface Token {
  kind: TokenKind;
  text: string;
  /** 1-based character position. */
  position: number;
  value: number;
}

type Words = [MessageKey, Record<string, string | number>?];

class Unreadable {
  constructor(
    readonly reason: Words,
    readonly position: number,
    readonly advice?: Words,
  ) {}
}

const symbols: Record<string, TokenKind> = {
  '+': 'plus',
  '-': 'minus',
  '−': 'minus',
  '*': 'times',
  '×': 'times',
  '·': 'times',
  '⋅': 'times',
  '/': 'divide',
  '÷': 'divide',
  '^': 'power',
  '√': 'root',
  '(': 'open',
  ')': 'close',
  '≈': 'approx',
  '~': 'approx',
};

const constants: Record<string, number> = { pi: Math.PI, π: Math.PI, e: Math.E };

interface MathFunction {
  apply: (x: number) => number;
  /** Why a finite argument gave no finite result. */
  failure: (x: number) => Words;
}

const logarithm: MathFunction = { apply: Math.log, failure: () => ['parse.logOfNegative'] };
const functions: Record<string, MathFunction> = {
  sqrt: { apply: Math.sqrt, failure: () => ['parse.rootOfNegative'] },
  ln: logarithm,
  log: logarithm,
  // Bits and decades: log2(8) = 3 must not read as log(2)·8.
  log2: { apply: Math.log2, failure: logarithm.failure },
  log10: { apply: Math.log10, failure: logarithm.failure },
  exp: { apply: Math.exp, failure: () => ['parse.tooLarge'] },
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

const fullWidthComma = '，';

// 1，000，000 and 1，000.5 group thousands; 1，5 and 0，125 have a decimal comma; 1，000 alone could be either.
function readGroupedDigits(chars: string[], start: number): { digits: string; end: number; decimal: boolean } {
  let end = start;
  while (isDigit(chars[end])) end++;
  const groups = [chars.slice(start, end).join('')];
  while (chars[end] === fullWidthComma && isDigit(chars[end + 1])) {
    let next = end + 1;
    while (isDigit(chars[next])) next++;
    groups.push(chars.slice(end + 1, next).join(''));
    end = next;
  }
  if (groups.length === 1) return { digits: groups[0] as string, end, decimal: false };
  const [lead = '', ...rest] = groups;
  const thousands = lead.length <= 3 && !/^0/.test(lead) && rest.every((group) => group.length === 3);
  const pointFollows = chars[end] === '.' && isDigit(chars[end + 1]);
  const commaAt = start + lead.length + 1;
  if (thousands && (groups.length > 2 || pointFollows)) return { digits: groups.join(''), end, decimal: false };
  if (groups.length === 2 && !thousands && !pointFollows) return { digits: `${lead}.${rest[0]}`, end, decimal: true };
  if (groups.length === 2 && thousands)
    throw new Unreadable(['parse.ambiguousComma'], commaAt, [
      'parse.ambiguousCommaAdvice',
      { lead, rest: rest[0] ?? '' },
    ]);
  throw new Unreadable(['parse.comma'], commaAt, ['parse.commaAdvice']);
}

function readNumber(chars: string[], start: number): { text: string; end: number } {
  const grouped = readGroupedDigits(chars, start);
  let end = grouped.end;
  if (grouped.decimal && chars[end] === '.') throw new Unreadable(['parse.secondPoint'], end + 1);
  if (chars[end] === '.' && !grouped.decimal) {
    end++;
    while (isDigit(chars[end])) end++;
  }
  const mark = chars[end];
  if (mark === 'e' || mark === 'E') {
    let digits = end + 1;
    const sign = chars[digits];
    if (sign === '+' || sign === '-' || sign === '−') digits++;
    // Without digits after it, the e is Euler's number: 2e is 2·e.
    if (isDigit(chars[digits])) {
      end = digits;
      while (isDigit(chars[end])) end++;
    }
  }
  if (chars[end] === '.') {
    const text = chars.slice(start, end).join('');
    throw new Unreadable(text.includes('.') ? ['parse.secondPoint'] : ['parse.unexpected', { text: '.' }], end + 1);
  }
  const text = grouped.digits + chars.slice(grouped.end, end).join('');
  return { text: text.replace('−', '-'), end };
}

function tokenize(chars: string[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] as string;
    const position = i + 1;
    if (/^\s$/u.test(c)) {
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(chars[i + 1]))) {
      const { text, end } = readNumber(chars, i);
      tokens.push({ kind: 'number', text, position, value: Number(text) });
      i = end;
    } else if (isLetter(c)) {
      let end = i;
      while (isLetter(chars[end])) end++;
      // A base written straight after log (log2, log10) belongs to the name.
      const word = chars.slice(i, end).join('').toLowerCase();
      if (word === 'log' && chars[end] === '2') end += 1;
      else if (word === 'log' && chars[end] === '1' && chars[end + 1] === '0') end += 2;
      tokens.push({ kind: 'name', text: chars.slice(i, end).join(''), position, value: NaN });
      i = end;
    } else if (c === 'π') {
      tokens.push({ kind: 'name', text: c, position, value: NaN });
      i++;
    } else if (c === '*' && chars[i + 1] === '*') {
      tokens.push({ kind: 'power', text: '**', position, value: NaN });
      i += 2;
    } else if (has(symbols, c)) {
      tokens.push({ kind: symbols[c] as TokenKind, text: c, position, value: NaN });
      i++;
    } else if (c === ',' || c === fullWidthComma) {
      throw new Unreadable(['parse.comma'], position, ['parse.commaAdvice']);
    } else if (c === '%' || c === '％') {
      throw new Unreadable(['parse.percent'], position, ['parse.percentAdvice']);
    } else if (c === '。') {
      throw new Unreadable(['parse.unexpected', { text: c }], position, ['parse.fullStopAdvice']);
    } else {
      throw new Unreadable(['parse.unexpected', { text: c }], position);
    }
  }
  tokens.push({ kind: 'end', text: '', position: chars.length + 1, value: NaN });
  return tokens;
}

function powerFailure(base: number, exponent: number): Words {
  if (base < 0 && !Number.isInteger(exponent)) return ['parse.fractionalPowerOfNegative'];
  if (base === 0 && exponent < 0) return ['parse.zeroToNegativePower'];
  return ['parse.tooLarge'];
}

/**
 * Recursive descent over the tokens; a value that stops being finite is remembered, not thrown, so syntax errors win.
 */
class Reader {
  private index = 0;
  private depth = 0;
  mathFailure: Unreadable | null = null;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    this.index++;
    return token;
  }

  private checked(value: number, at: Token, failure: () => Words): number {
    if (!Number.isFinite(value) && this.mathFailure === null) this.mathFailure = new Unreadable(failure(), at.position);
    return value;
  }

  readAnswer(): number {
    if (this.peek().kind === 'approx') this.next();
    const value = this.readSum();
    const after = this.peek();
    if (after.kind !== 'end') throw unexpected(after);
    return value;
  }

  private readSum(): number {
    let value = this.readProduct();
    for (;;) {
      const op = this.peek();
      if (op.kind !== 'plus' && op.kind !== 'minus') return value;
      this.next();
      const right = this.readProduct();
      value = this.checked(op.kind === 'plus' ? value + right : value - right, op, () => ['parse.tooLarge']);
    }
  }

  private readProduct(): number {
    let value = this.readSigned();
    for (;;) {
      const op = this.peek();
      if (op.kind === 'times') {
        this.next();
        value = this.checked(value * this.readSigned(), op, () => ['parse.tooLarge']);
      } else if (op.kind === 'divide') {
        this.next();
        const divisor = this.readSigned();
        value = this.checked(value / divisor, op, () =>
          divisor === 0 ? ['parse.divisionByZero'] : ['parse.tooLarge'],
        );
      } else if (op.kind === 'name' || op.kind === 'root' || op.kind === 'open') {
        value = this.checked(value * this.readPower(), op, () => ['parse.tooLarge']);
      } else if (op.kind === 'number') {
        throw new Unreadable(['parse.numberAfterValue'], op.position, ['parse.numberAfterValueAdvice']);
      } else {
        return value;
      }
    }
  }

  private readSigned(): number {
    const sign = this.peek();
    if (sign.kind === 'minus') {
      this.next();
      return -this.readSigned();
    }
    if (sign.kind === 'plus') {
      this.next();
      return this.readSigned();
    }
    return this.readPower();
  }

  private readPower(): number {
    const base = this.readPrimary();
    const op = this.peek();
    if (op.kind !== 'power') return base;
    this.next();
    const exponent = this.readSigned();
    return this.checked(base ** exponent, op, () => powerFailure(base, exponent));
  }

  private readPrimary(): number {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return this.checked(token.value, token, () => ['parse.numberTooLarge']);
      case 'root':
        return this.applyFunction(token, functions.sqrt as MathFunction);
      case 'open':
        return this.readParenthesised(token);
      case 'name': {
        const name = token.text.toLowerCase();
        if (has(constants, name)) return constants[name] as number;
        if (has(functions, name)) return this.applyFunction(token, functions[name] as MathFunction);
        throw new Unreadable(['parse.unknownName', { name: token.text }], token.position, ['parse.knownNames']);
      }
      case 'end':
        throw new Unreadable(['parse.valueMissing'], token.position);
      default:
        throw unexpected(token);
    }
  }

  private applyFunction(name: Token, fn: MathFunction): number {
    const start = this.peek();
    if (start.kind === 'end') {
      throw new Unreadable(['parse.nothingAfter', { name: name.text }], start.position, [
        'parse.nothingAfterAdvice',
        { example: name.text === '√' ? '√512' : `${name.text}(512)` },
      ]);
    }
    const argument = start.kind === 'open' ? this.readParenthesised(this.next()) : this.readSigned();
    return this.checked(fn.apply(argument), name, () => fn.failure(argument));
  }

  private readParenthesised(open: Token): number {
    if (++this.depth > MAX_NESTING) throw new Unreadable(['parse.tooDeep', { max: MAX_NESTING }], open.position);
    const value = this.readSum();
    const close = this.peek();
    if (close.kind === 'end')
      throw new Unreadable(['parse.missingClose'], close.position, ['parse.neverClosed', { position: open.position }]);
    if (close.kind !== 'close') throw unexpected(close);
    this.next();
    this.depth--;
    return value;
  }
}

function unexpected(token: Token): Unreadable {
  return token.kind === 'number'
    ? new Unreadable(['parse.unexpectedNumber', { text: token.text }], token.position)
    : new Unreadable(['parse.unexpected', { text: token.text }], token.position);
}

// Full-width ASCII forms (U+FF01–FF5E) map one to one, so positions stay the learner's; '，' stays for readNumber.
function halfWidth(chars: string[]): string[] {
  const mapped = chars.map((c) => {
    const code = c.codePointAt(0) ?? 0;
    if (c === fullWidthComma || c === '％' || code < 0xff01 || code > 0xff5e) return c;
    return String.fromCodePoint(code - 0xfee0);
  });
  // '。' is a decimal point between digits and a full stop at the very end; anywhere else it is unclear.
  let last = mapped.length - 1;
  while (last >= 0 && /^\s$/u.test(mapped[last] as string)) last--;
  return mapped.map((c, i) => {
    if (c !== '。') return c;
    if (isDigit(mapped[i - 1]) && isDigit(mapped[i + 1])) return '.';
    return i === last ? ' ' : c;
  });
}

/**
 * Reads a typed answer as a finite number, or says why not and where (1-based character position), in `locale`'s
 * words. Never throws.
 */
export function parseExpression(text: string, locale: Locale = defaultLocale): ParsedExpression {
  const say = ([key, values]: Words) => translate(locale, key, values);
  if (typeof text !== 'string') return { ok: false, reason: say(['parse.notText']), position: 1 };
  const chars = Array.from(text);
  if (chars.length > MAX_ANSWER_LENGTH) {
    return {
      ok: false,
      reason: say(['parse.tooLong', { max: MAX_ANSWER_LENGTH }]),
      position: MAX_ANSWER_LENGTH + 1,
      advice: say(['parse.shorten']),
    };
  }
  if (text.trim() === '') return { ok: false, reason: say(['parse.empty']), position: 1 };
  try {
    const reader = new Reader(tokenize(halfWidth(chars)));
    const value = reader.readAnswer();
    const failure = reader.mathFailure;
    if (failure !== null) return { ok: false, reason: say(failure.reason), position: failure.position };
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    const failure: ParsedExpression = { ok: false, reason: say(error.reason), position: error.position };
    if (error.advice !== undefined) failure.advice = say(error.advice);
    return failure;
  }
}

/** Plain text the UI can show next to an answer box, in `locale`'s words. */
export function answerFormatHelpIn(locale: Locale = defaultLocale): string {
  return translate(locale, 'parse.formatHelp');
}
