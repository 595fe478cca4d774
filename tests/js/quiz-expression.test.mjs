// The answer parser: every form the lesson promises to accept, every form it must refuse, and properties over random
// input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { MAX_ANSWER_LENGTH, MAX_NESTING, parseExpression, withinTolerance } from '../../dist/lib/src/quiz/index.js';

const valueOf = (text) => {
  const parsed = parseExpression(text);
  assert.equal(parsed.ok, true, `${JSON.stringify(text)} should parse, got ${JSON.stringify(parsed)}`);
  return parsed.value;
};

const refusal = (text) => {
  const parsed = parseExpression(text);
  assert.equal(parsed.ok, false, `${JSON.stringify(text)} should be refused, got ${JSON.stringify(parsed)}`);
  return parsed;
};

// The brief's numeric questions, each with the forms a learner may type for its answer.
const acceptedForms = [
  {
    answer: Math.sqrt(512),
    forms: [
      '22.6',
      '22.63',
      '22.627',
      '2.263e1',
      '2.263E+1',
      '2263e-2',
      'sqrt(512)',
      'SQRT(512)',
      '16*sqrt(2)',
      '16 sqrt 2',
      '16sqrt(2)',
      '16 * sqrt (2)',
      '512^0.5',
      '512**0.5',
      '512^(1/2)',
      '√512',
      '√(512)',
      '16√2',
      '16 √ 2',
      '16×√2',
      '16·√2',
      '≈22.6',
      '≈ 22.63',
      '~22.6',
      '  22.6  ',
      '(16)(sqrt(2))',
      '2^4.5',
      '+22.6',
      '32/sqrt(2)',
      '32÷√2',
      'exp(ln(512)/2)',
      '512^(1/2)',
    ],
  },
  {
    answer: 1,
    forms: [
      '1',
      '1.0',
      '1.00',
      '512/512',
      '64/8^2',
      'e^0',
      'exp(0)',
      'ln(e)',
      'log(e)',
      '−(−1)',
      '--1',
      '2−1',
      '1e0',
      '(1)',
    ],
  },
  {
    answer: 8,
    forms: [
      '8',
      '8.0',
      'sqrt(64)',
      '√64',
      '64^0.5',
      '64**(1/2)',
      '2^3',
      '2**3',
      '4*2',
      '2(4)',
      '16/2',
      '8e0',
      '0.8e1',
      '.8e1',
    ],
  },
  {
    answer: Math.log(297),
    forms: ['5.69', '5.694', '5.7', 'ln(297)', 'log(297)', 'ln 297', 'ln297', '≈5.69', '5.6937'],
  },
  {
    answer: Math.log(8),
    forms: [
      '2.079',
      '2.08',
      '2.1',
      'ln(8)',
      'log(8)',
      'ln 8',
      'LN(8)',
      '3ln(2)',
      '3 ln 2',
      '3*ln(2)',
      'ln(2^3)',
      'ln(2)*3',
      '≈2.08',
    ],
  },
];

describe('parseExpression accepts the equivalent forms of each answer in the brief', () => {
  for (const { answer, forms } of acceptedForms) {
    test(`forms of ${answer.toPrecision(5)} fall within 1%`, () => {
      for (const form of forms) {
        const value = valueOf(form);
        assert.ok(withinTolerance(value, answer, { rtol: 0.01 }), `${form} = ${value}, not within 1% of ${answer}`);
      }
    });
  }

  test('exact forms of √512 evaluate to Math.sqrt(512) exactly', () => {
    for (const form of ['sqrt(512)', '√512', '√(512)', '16√2', '16*sqrt(2)', '512^0.5', '512**0.5'])
      assert.equal(valueOf(form), Math.sqrt(512), form);
  });

  test('constants and functions: π, pi, e (Euler), ln = log (natural), exp', () => {
    assert.equal(valueOf('pi'), Math.PI);
    assert.equal(valueOf('π'), Math.PI);
    assert.equal(valueOf('2pi'), 2 * Math.PI);
    assert.equal(valueOf('2π'), 2 * Math.PI);
    assert.equal(valueOf('e'), Math.E);
    assert.equal(valueOf('2e'), 2 * Math.E);
    assert.equal(valueOf('log(100)'), Math.log(100));
    assert.equal(valueOf('exp(1)'), Math.E);
    assert.equal(valueOf('1/64'), 1 / 64);
  });
});

describe('parseExpression follows the usual precedence', () => {
  test('unary minus binds looser than ^, and ^ is right-associative', () => {
    assert.equal(valueOf('-2^2'), -4);
    assert.equal(valueOf('−2^2'), -4);
    assert.equal(valueOf('(-2)^2'), 4);
    assert.equal(valueOf('2^3^2'), 512);
    assert.equal(valueOf('2**3**2'), 512);
    assert.equal(valueOf('2^-1'), 0.5);
    assert.equal(valueOf('2*-3'), -6);
  });

  test('* and / before + and −, left to right', () => {
    assert.equal(valueOf('1+2*3'), 7);
    assert.equal(valueOf('8/4/2'), 1);
    assert.equal(valueOf('8−4−2'), 2);
    assert.equal(valueOf('2(3)+1'), 7);
  });

  test('an exponent after e is a number exponent only when digits follow', () => {
    assert.equal(valueOf('2e+1'), 20);
    assert.equal(valueOf('2E-1'), 0.2);
    assert.equal(valueOf('2e−1'), 0.2);
    assert.equal(valueOf('2e + 1'), 2 * Math.E + 1);
    assert.equal(valueOf('2exp(0)'), 2);
  });

  test('a function without parentheses takes the power after it; with them, the power applies to the result', () => {
    assert.equal(valueOf('ln 8^2'), Math.log(64));
    assert.equal(valueOf('ln(8)^2'), Math.log(8) ** 2);
    assert.equal(valueOf('sqrt 2 * 3'), Math.sqrt(2) * 3);
    assert.equal(valueOf('√(4)^3'), 8);
  });
});

describe('parseExpression refuses what it cannot read, saying why and where', () => {
  const cases = [
    ['abc', /unknown name 'abc'/, 1],
    ['2+', /missing/, 3],
    [')(', /unexpected '\)'/, 1],
    ['22.627)', /unexpected '\)'/, 7],
    ['1,000', /comma/, 2],
    ['22,6', /comma/, 3],
    ['50%', /percent/, 3],
    ['sqrt', /nothing after 'sqrt'/, 5],
    ['√', /nothing after '√'/, 2],
    ['22.6.3', /second decimal point/, 5],
    ['(2', /missing '\)'/, 3],
    ['2 3', /number right after/, 3],
    ['2 ≈ 3', /unexpected '≈'/, 3],
    ['1 = 1', /unexpected '='/, 3],
    ['1/0', /division by zero/, 2],
    ['0/0', /division by zero/, 2],
    ['1/(1/0)', /division by zero/, 5],
    ['sqrt(-1)', /square root of a negative/, 1],
    ['√-4', /square root of a negative/, 1],
    ['ln(0)', /logarithm of zero or a negative/, 1],
    ['log(-2)', /logarithm/, 1],
    ['(-8)^(1/3)', /negative number to a fractional power/, 5],
    ['0^-1', /zero to a negative power/, 2],
    ['exp(1000)', /too large/, 1],
    ['1e400', /too large/, 1],
    ['10^400', /too large/, 3],
    ['2 + x', /unknown name 'x'/, 5],
  ];
  for (const [text, reason, position] of cases) {
    test(`${JSON.stringify(text)} → ${reason} at position ${position}`, () => {
      const parsed = refusal(text);
      assert.match(parsed.reason, reason);
      assert.equal(parsed.position, position);
    });
  }

  test('a comma and a percent sign come with advice on what to write instead', () => {
    assert.match(refusal('1,000').advice, /1000/);
    assert.match(refusal('50%').advice, /0\.5/);
  });

  test('empty and whitespace-only input is refused', () => {
    for (const text of ['', '   ', '\t\n']) assert.match(refusal(text).reason, /empty/);
    assert.match(refusal('≈').reason, /missing/);
  });

  test(`input longer than ${MAX_ANSWER_LENGTH} characters is refused; ${MAX_ANSWER_LENGTH} is read`, () => {
    const longest = `${'1+'.repeat(MAX_ANSWER_LENGTH / 2 - 1)}11`;
    assert.equal(Array.from(longest).length, MAX_ANSWER_LENGTH);
    assert.equal(valueOf(longest), MAX_ANSWER_LENGTH / 2 - 1 + 11);
    const tooLong = '1+'.repeat(150);
    const parsed = refusal(tooLong);
    assert.match(parsed.reason, new RegExp(`more than ${MAX_ANSWER_LENGTH} characters`));
    assert.equal(parsed.position, MAX_ANSWER_LENGTH + 1);
  });

  test('length and positions count characters, not UTF-16 units', () => {
    assert.equal(refusal('𝟙').position, 1);
    assert.equal(refusal('𝟙𝟙+').position, 1);
    assert.equal(refusal('√2 🙂').position, 4);
  });

  test(`${MAX_NESTING} nested parentheses are read; one more is refused at the extra '('`, () => {
    assert.equal(valueOf(`${'('.repeat(MAX_NESTING)}7${')'.repeat(MAX_NESTING)}`), 7);
    const parsed = refusal(`${'('.repeat(MAX_NESTING + 1)}7${')'.repeat(MAX_NESTING + 1)}`);
    assert.match(parsed.reason, /nested parentheses/);
    assert.equal(parsed.position, MAX_NESTING + 1);
    assert.match(refusal(`${'√('.repeat(MAX_NESTING + 1)}1${')'.repeat(MAX_NESTING + 1)}`).reason, /nested/);
  });
});

describe('parseExpression properties (fast-check)', () => {
  const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });

  test('String(x) reads back as exactly x for any finite double', () => {
    fc.assert(
      fc.property(finiteDouble, (x) => valueOf(String(x)) === x),
      { numRuns: 2000 },
    );
  });

  test('exponent notation (e and E) reads back as exactly x', () => {
    fc.assert(
      fc.property(
        finiteDouble,
        (x) => valueOf(x.toExponential()) === x && valueOf(x.toExponential().toUpperCase()) === x,
      ),
      { numRuns: 2000 },
    );
  });

  test('arithmetic on integers agrees with JavaScript, Unicode operators included', () => {
    const int = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(int, int, int, (a, b, c) => {
        assert.equal(valueOf(`${a}+${b}*${c}`), a + b * c);
        assert.equal(valueOf(`${a}−(${b})×${c}`), a - b * c);
        if (c !== 0) assert.equal(valueOf(`(${a}-${b})÷${c}`), (a - b) / c);
      }),
      { numRuns: 500 },
    );
  });

  const assertWellFormed = (text) => {
    const parsed = parseExpression(text);
    if (parsed.ok) return Number.isFinite(parsed.value);
    const length = Array.from(text).length;
    return (
      typeof parsed.reason === 'string' &&
      parsed.reason.length > 0 &&
      Number.isInteger(parsed.position) &&
      parsed.position >= 1 &&
      parsed.position <= Math.min(length, MAX_ANSWER_LENGTH) + 1
    );
  };

  test('never throws on arbitrary strings, and a refusal points inside the input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 250 }), assertWellFormed), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ maxLength: 250 }), assertWellFormed), { numRuns: 2000 });
  });

  test('never throws on strings made of the parser’s own pieces', () => {
    const piece = fc.constantFrom(
      '1',
      '2.5',
      '0',
      '.',
      'e',
      'E',
      'pi',
      'π',
      'sqrt',
      'ln',
      'log',
      'exp',
      '√',
      '(',
      ')',
      '^',
      '**',
      '-',
      '−',
      '+',
      '*',
      '×',
      '/',
      '÷',
      ' ',
      ',',
      '%',
      '≈',
      '~',
      '1e308',
      'x',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }).map((pieces) => pieces.join('')),
        assertWellFormed,
      ),
      { numRuns: 2000 },
    );
  });
});

test('log2 and log10 are logarithms to their base, not log(2) times the rest', () => {
  assert.deepEqual(parseExpression('log2(8)'), { ok: true, value: 3 });
  assert.deepEqual(parseExpression('log10(100)'), { ok: true, value: 2 });
  assert.deepEqual(parseExpression('LOG2 8'), { ok: true, value: 3 });
  assert.equal(parseExpression('log(8)').value, Math.log(8));
  assert.equal(parseExpression('log2(0)').ok, false);
});

// Issue 22: what a Chinese keyboard types reads the same, in the engine the page and the LTI server share.
describe('parseExpression reads full-width input and Chinese punctuation where it can mean one thing', () => {
  test('full-width digits, point, signs, parentheses and letters read as their ASCII twins', () => {
    for (const [typed, plain] of [
      ['２２.６３', '22.63'],
      ['１６√２', '16√2'],
      ['２２．６', '22.6'],
      ['－０．５', '-0.5'],
      ['＋３', '3'],
      ['（１＋１）＊３', '(1+1)*3'],
      ['ｓｑｒｔ（５１２）', 'sqrt(512)'],
      ['２\u3000×\u3000８', '2 × 8'],
      ['√５１２', '√512'],
    ])
      assert.equal(valueOf(typed), valueOf(plain), typed);
  });

  test("'，' groups thousands or marks decimals only where the number allows one reading", () => {
    assert.equal(valueOf('1，000，000'), 1e6);
    assert.equal(valueOf('１，０００，０００'), 1e6);
    assert.equal(valueOf('1，000.5'), 1000.5);
    assert.equal(valueOf('1，5'), 1.5);
    assert.equal(valueOf('0，125'), 0.125);
    assert.equal(valueOf('22，63'), 22.63);
    assert.equal(valueOf('1234，567'), 1234.567);
    assert.equal(valueOf('1，5e3'), 1500);
    for (const [typed, position] of [
      ['1，000', 2],
      ['512，000', 4],
    ]) {
      const parsed = parseExpression(typed);
      assert.equal(parsed.ok, false, typed);
      assert.match(parsed.reason, /could group thousands or mark decimals/);
      assert.equal(parsed.position, position);
      assert.match(parsed.advice, /Write \d+ or \d+\.\d+\./);
    }
    for (const typed of ['1，5，3', '1，5.2', '，5', '2，']) assert.equal(parseExpression(typed).ok, false, typed);
  });

  test("'。' is a decimal point between digits and a full stop at the end, and unclear anywhere else", () => {
    assert.equal(valueOf('22。63'), 22.63);
    assert.equal(valueOf('16√2。'), valueOf('16√2'));
    assert.equal(valueOf('２２。６３。 '), 22.63);
    const unclear = parseExpression('。5');
    assert.equal(unclear.ok, false);
    assert.equal(unclear.position, 1);
    assert.match(unclear.advice, /point for decimals/);
    assert.equal(parseExpression('2。。').ok, false);
  });

  test('a superscript is not read as a digit, and positions count what the learner typed', () => {
    assert.equal(parseExpression('2²').ok, false);
    const parsed = parseExpression('１＋＋');
    assert.equal(parsed.ok, false);
    assert.equal(parsed.position, 4);
  });

  test('reasons and advice come in the locale asked for; English by default', () => {
    assert.match(parseExpression('50%').reason, /percent sign/);
    const zh = parseExpression('50%', 'zh-CN');
    assert.equal(zh.reason, '百分号');
    assert.match(zh.advice, /不接受百分数/);
    assert.equal(parseExpression('１，０００', 'zh-CN').advice, '请写 1000 或 1.000。');
  });
});
