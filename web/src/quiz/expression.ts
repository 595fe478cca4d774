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

/** Longest answer we read, in characters (code points). */
export const MAX_ANSWER_LENGTH = 200;
/** Deepest nesting of parentheses we read. */
export const MAX_NESTING = 50;

export type ParsedExpression =
  | { ok: true; value: number }
  /** position is 1-based, in characters; advice, when present, is a full sentence saying what to write instead. */
  | { ok: false; reason: string; position: number; advice?: string };

/** Plain text the UI can show next to an answer box. */
export const answerFormatHelp =
  'Type a number (1.5, 1.5e3) or an expression: + − × ÷, ^ or ** for powers, parentheses, ' +
  'sqrt( ) or √, ln( ) or log( ) (both the natural logarithm), log2( ), log10( ), exp( ), pi or π, and e. ' +
  'You can write 3√2 or 2pi without a ×. No thousands separators or percent signs.';

type TokenKind =
  'number' | 'name' | 'plus' | 'minus' | 'times' | 'divide' | 'power' | 'root' | 'open' | 'close' | 'approx' | 'end';

interface Token {
  kind: TokenKind;
  text: string;
  /** 1-based character position. */
  position: number;
  value: number;
}

class Unreadable {
  constructor(
    readonly reason: string,
    readonly position: number,
    readonly advice?: string,
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
  failure: (x: number) => string;
}

const logarithm: MathFunction = { apply: Math.log, failure: () => 'the logarithm of zero or a negative number' };
const functions: Record<string, MathFunction> = {
  sqrt: { apply: Math.sqrt, failure: () => 'the square root of a negative number' },
  ln: logarithm,
  log: logarithm,
  // Bits and decades: log2(8) = 3 must not read as log(2)·8.
  log2: { apply: Math.log2, failure: logarithm.failure },
  log10: { apply: Math.log10, failure: logarithm.failure },
  exp: { apply: Math.exp, failure: () => 'a result too large to use' },
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

function readNumber(chars: string[], start: number): { text: string; end: number } {
  let end = start;
  while (isDigit(chars[end])) end++;
  if (chars[end] === '.') {
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
    throw new Unreadable(text.includes('.') ? 'a second decimal point' : "unexpected '.'", end + 1);
  }
  return { text: chars.slice(start, end).join('').replace('−', '-'), end };
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
    } else if (c === ',') {
      throw new Unreadable('a comma', position, 'Write 1000, not 1,000, and use a point for decimals (1.5).');
    } else if (c === '%') {
      throw new Unreadable('a percent sign', position, 'Percentages are not accepted: write 0.5 rather than 50%.');
    } else {
      throw new Unreadable(`unexpected '${c}'`, position);
    }
  }
  tokens.push({ kind: 'end', text: '', position: chars.length + 1, value: NaN });
  return tokens;
}

function powerFailure(base: number, exponent: number): string {
  if (base < 0 && !Number.isInteger(exponent)) return 'a negative number to a fractional power';
  if (base === 0 && exponent < 0) return 'zero to a negative power';
  return 'a result too large to use';
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

  private checked(value: number, at: Token, failure: () => string): number {
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
      value = this.checked(op.kind === 'plus' ? value + right : value - right, op, () => 'a result too large to use');
    }
  }

  private readProduct(): number {
    let value = this.readSigned();
    for (;;) {
      const op = this.peek();
      if (op.kind === 'times') {
        this.next();
        value = this.checked(value * this.readSigned(), op, () => 'a result too large to use');
      } else if (op.kind === 'divide') {
        this.next();
        const divisor = this.readSigned();
        value = this.checked(value / divisor, op, () =>
          divisor === 0 ? 'division by zero' : 'a result too large to use',
        );
      } else if (op.kind === 'name' || op.kind === 'root' || op.kind === 'open') {
        value = this.checked(value * this.readPower(), op, () => 'a result too large to use');
      } else if (op.kind === 'number') {
        throw new Unreadable(
          'a number right after another value',
          op.position,
          'Put an operator such as * between them.',
        );
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
        return this.checked(token.value, token, () => 'a number too large to use');
      case 'root':
        return this.applyFunction(token, functions.sqrt as MathFunction);
      case 'open':
        return this.readParenthesised(token);
      case 'name': {
        const name = token.text.toLowerCase();
        if (has(constants, name)) return constants[name] as number;
        if (has(functions, name)) return this.applyFunction(token, functions[name] as MathFunction);
        throw new Unreadable(
          `unknown name '${token.text}'`,
          token.position,
          'You can use sqrt, ln, log, log2, log10, exp, pi and e.',
        );
      }
      case 'end':
        throw new Unreadable('a value is missing', token.position);
      default:
        throw unexpected(token);
    }
  }

  private applyFunction(name: Token, fn: MathFunction): number {
    const start = this.peek();
    if (start.kind === 'end') {
      throw new Unreadable(
        `nothing after '${name.text}'`,
        start.position,
        `Give it a value, as in ${name.text === '√' ? '√512' : `${name.text}(512)`}.`,
      );
    }
    const argument = start.kind === 'open' ? this.readParenthesised(this.next()) : this.readSigned();
    return this.checked(fn.apply(argument), name, () => fn.failure(argument));
  }

  private readParenthesised(open: Token): number {
    if (++this.depth > MAX_NESTING) throw new Unreadable(`more than ${MAX_NESTING} nested parentheses`, open.position);
    const value = this.readSum();
    const close = this.peek();
    if (close.kind === 'end')
      throw new Unreadable("a missing ')'", close.position, `The '(' at position ${open.position} is never closed.`);
    if (close.kind !== 'close') throw unexpected(close);
    this.next();
    this.depth--;
    return value;
  }
}

function unexpected(token: Token): Unreadable {
  return token.kind === 'number'
    ? new Unreadable(`unexpected number '${token.text}'`, token.position)
    : new Unreadable(`unexpected '${token.text}'`, token.position);
}

/** Reads a typed answer as a finite number, or says why not and where (1-based character position). Never throws. */
export function parseExpression(text: string): ParsedExpression {
  if (typeof text !== 'string') return { ok: false, reason: 'the answer is not text', position: 1 };
  const chars = Array.from(text);
  if (chars.length > MAX_ANSWER_LENGTH) {
    return {
      ok: false,
      reason: `more than ${MAX_ANSWER_LENGTH} characters`,
      position: MAX_ANSWER_LENGTH + 1,
      advice: 'Shorten the answer.',
    };
  }
  if (text.trim() === '') return { ok: false, reason: 'the answer is empty', position: 1 };
  try {
    const reader = new Reader(tokenize(chars));
    const value = reader.readAnswer();
    const failure = reader.mathFailure;
    if (failure !== null) return { ok: false, reason: failure.reason, position: failure.position };
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    const failure: ParsedExpression = { ok: false, reason: error.reason, position: error.position };
    if (error.advice !== undefined) failure.advice = error.advice;
    return failure;
  }
}
