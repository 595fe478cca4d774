// Numbers from URLs and lesson files: long hostile values are refused by a length cap before any pattern runs,
// and what is accepted agrees with a hand-written linear reader of the numeral grammar.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkParam } from '../../dist/lib/src/authoring/param-spec.js';

const maxNumeralLength = 64; // the documented cap: no double needs more characters to be written exactly enough
const spec = { type: 'number', min: -1e300, max: 1e300 };

// [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?, read left to right once.
function isNumeral(text) {
  let i = 0;
  const digits = () => {
    const start = i;
    while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
    return i - start;
  };
  if (text[i] === '+' || text[i] === '-') i++;
  const whole = digits();
  if (text[i] === '.') {
    i++;
    if (digits() === 0 && whole === 0) return false;
  } else if (whole === 0) return false;
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (digits() === 0) return false;
  }
  return i === text.length;
}

function expected(raw) {
  const text = raw.trim();
  if (raw.length > maxNumeralLength || !isNumeral(text)) return { ok: false, problem: 'wrong-type' };
  const x = Number(text);
  return Number.isFinite(x) && x >= spec.min && x <= spec.max
    ? { ok: true, value: x }
    : { ok: false, problem: 'out-of-range' };
}

const summary = (check) => (check.ok ? { ok: true, value: check.value } : { ok: false, problem: check.problem });

// Runs `body` while recording the length of every string any regular expression is run on (test, match, … call exec).
function regexInputLengths(body) {
  const lengths = [];
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (input) {
    lengths.push(String(input).length);
    return exec.call(this, input);
  };
  try {
    body();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return lengths;
}

test('a 120,000-digit URL value is refused as not a number before any pattern sees it', () => {
  // The catalog parses a message on its first use (patterns over the message, not the value): done here, unmeasured.
  checkParam('temperature', spec, 'x');
  for (const raw of [
    '1'.repeat(120_000),
    `${'1'.repeat(120_000)}x`,
    `.${'9'.repeat(120_000)}e`,
    ` ${'7'.repeat(100_000)} `,
  ]) {
    let check;
    const lengths = regexInputLengths(() => {
      check = checkParam('temperature', spec, raw);
    });
    assert.equal(check.ok, false);
    assert.equal(check.problem, 'wrong-type');
    assert.ok(check.message.startsWith('temperature must be a number, got the string'), check.message.slice(0, 80));
    assert.ok(check.message.length < 300, `a message of ${check.message.length} characters`);
    assert.ok(Math.max(0, ...lengths) <= maxNumeralLength, `a pattern ran on ${Math.max(...lengths)} characters`);
  }
});

test('lists read each item under the same cap', () => {
  const raw = `1,2,${'3'.repeat(100_000)}`;
  let check;
  const lengths = regexInputLengths(() => {
    check = checkParam('scores', { type: 'list', minLength: 1, maxLength: 8 }, raw);
  });
  assert.equal(check.ok, false);
  assert.equal(check.problem, 'wrong-type');
  assert.ok(check.message.startsWith('scores[2] must be a number'), check.message);
  assert.ok(Math.max(0, ...lengths) <= maxNumeralLength, `a pattern ran on ${Math.max(...lengths)} characters`);
});

test(
  'checkParam agrees with the linear reader on random numerals, near-numerals and 100k-character strings ' +
    '(fast-check)',
  () => {
    const piece = fc.constantFrom('0', '1', '9', '.', 'e', 'E', '+', '-', ' ', 'x', '12', '.5', 'e-3');
    const short = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
    const long = fc
      .record({
        head: fc.constantFrom('', '-', '+', '.', '1.'),
        digit: fc.constantFrom('0', '1', '9'),
        count: fc.integer({ min: 20, max: 100_000 }),
        tail: fc.constantFrom('', 'x', '.', 'e', 'e5', '.0', ' '),
      })
      .map(({ head, digit, count, tail }) => head + digit.repeat(count) + tail);
    fc.assert(
      fc.property(fc.oneof(short, long), (raw) => {
        const lengths = regexInputLengths(() => assert.deepEqual(summary(checkParam('x', spec, raw)), expected(raw)));
        assert.ok(Math.max(0, ...lengths) <= maxNumeralLength);
      }),
      { numRuns: 400, seed: 11, endOnFailure: true },
    );
  },
);

test('ordinary numerals still read exactly', () => {
  for (const [raw, value] of [
    ['1', 1],
    ['-2.5', -2.5],
    ['.5', 0.5],
    ['3.', 3],
    ['1e3', 1000],
    [' 7E-2 ', 0.07],
    ['+4', 4],
  ]) {
    assert.deepEqual(summary(checkParam('x', spec, raw)), { ok: true, value });
  }
  for (const raw of ['', '.', 'e5', '0x10', '1e', '--1', '1.2.3', 'Infinity', 'NaN']) {
    assert.equal(checkParam('x', spec, raw).problem, 'wrong-type', raw);
  }
});
