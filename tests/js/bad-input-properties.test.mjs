// Hostile input, as properties (fast-check): the answer parser, the URL state parser with the widget schemas, and the
// lesson validator each take any input to an answer or a stated problem, never to a throw.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { loadCore } from 'attention-lab/core';
import { compileLesson, widgetNames, widgetSchemas } from '../../dist/lib/src/authoring/index.js';
import { checkWidgetParam, parseWidgetParams } from '../../dist/lib/src/authoring/widget-schema.js';
import { readUrlState } from '../../dist/lib/src/lesson/url-state.js';
import { MAX_ANSWER_LENGTH, parseExpression } from '../../dist/lib/src/quiz/index.js';

// Either a finite number, or a refusal whose position lies inside the input (1-based, one past the end allowed).
function assertAnswerOrReason(text) {
  const parsed = parseExpression(text);
  if (parsed.ok) {
    assert.equal(typeof parsed.value, 'number');
    assert.ok(Number.isFinite(parsed.value), `${JSON.stringify(text.slice(0, 40))} gave ${parsed.value}`);
  } else {
    assert.equal(typeof parsed.reason, 'string');
    assert.ok(parsed.reason.length > 0);
    assert.ok(parsed.position >= 1 && parsed.position <= [...text].length + 1, `position ${parsed.position}`);
  }
}

describe('the answer parser never throws and never runs what it reads', () => {
  const number = fc.oneof(
    fc.constantFrom(
      '1e309',
      '-1e309',
      '1e-400',
      '1e308',
      '9'.repeat(400),
      '0x10',
      '1_000',
      '٣',
      '１２',
      'Infinity',
      'NaN',
    ),
    fc.double().map(String),
    fc.tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: -999, max: 999 })).map(([m, e]) => `${m}e${e}`),
  );
  const piece = fc.oneof(number, fc.constantFrom('(', ')', '^', '-', '*', '/', 'sqrt', '√', 'π', ' ', '\u200b'));

  test('long strings, full Unicode, huge and odd numbers, deep parentheses', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), assertAnswerOrReason), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', minLength: 200, maxLength: 20000 }), assertAnswerOrReason), {
      numRuns: 100,
    });
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')),
        assertAnswerOrReason,
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.nat({ max: 6000 }), fc.nat({ max: 6000 }), fc.option(number), (open, close, inner) => {
        assertAnswerOrReason(`${'('.repeat(open)}${inner ?? ''}${')'.repeat(close)}`);
      }),
      { numRuns: 300 },
    );
  });

  test('text that is code in JavaScript is refused, and nothing in it runs', () => {
    const code = fc.constantFrom(
      'alert(1)',
      'globalThis.ranByParser=1',
      "constructor.constructor('globalThis.ranByParser=1')()",
      '1;x=1',
      '`${1}`',
      'this',
      '__proto__',
      'process.exit(1)',
      'eval("1")',
      'Function("return 1")()',
      '[]+{}',
      'x=>1',
    );
    // eslint-disable-next-line no-eval -- the test swaps eval for a spy, to prove the parser never calls it
    const realEval = globalThis.eval;
    const realFunction = Function.prototype.constructor;
    const ran = [];
    // eslint-disable-next-line no-eval -- the spy
    globalThis.eval = (source) => ran.push(`eval ${source}`);
    Function.prototype.constructor = (...args) => ran.push(`Function ${args.join(',')}`);
    try {
      fc.assert(
        fc.property(code, fc.string({ maxLength: 20 }), (snippet, around) => {
          const parsed = parseExpression(`${around}${snippet}`);
          if (snippet !== 'this' && snippet !== '__proto__') assert.equal(parsed.ok, false, snippet);
          assertAnswerOrReason(`${around}${snippet}`);
        }),
        { numRuns: 500 },
      );
    } finally {
      // eslint-disable-next-line no-eval -- restoring the real one
      globalThis.eval = realEval;
      Function.prototype.constructor = realFunction;
    }
    assert.deepEqual(ran, []);
    assert.equal(globalThis.ranByParser, undefined);
  });

  test(`an answer longer than ${MAX_ANSWER_LENGTH} characters is refused with advice, however long`, () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_ANSWER_LENGTH + 1, max: 200000 }), (length) => {
        const parsed = parseExpression('1'.repeat(length));
        assert.equal(parsed.ok, false);
        assert.match(parsed.reason, /more than/);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the URL state maps every string to a valid widget state, or to the default with a notice', () => {
  const paramNames = [...new Set(widgetNames.flatMap((widget) => Object.keys(widgetSchemas[widget])))];
  const value = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      'NaN',
      '-1',
      '1e309',
      '99999999999999999999',
      '<img src=x onerror=alert(1)>',
      '',
      ' 8 ',
      '0x40',
      '8.5',
      'true',
      'sqrt',
      '1,2,3',
      ',,,',
      'Infinity',
      '-0',
    ),
    fc.double().map(String),
    fc.integer().map(String),
    fc.nat({ max: 100000 }).map((n) => '9'.repeat(n)),
  );
  const key = fc.oneof(
    fc.tuple(fc.constantFrom(...widgetNames), fc.constantFrom(...paramNames)).map(([w, p]) => `${w}.${p}`),
    fc.string({ maxLength: 20 }),
  );
  const search = fc.oneof(
    fc.array(fc.tuple(key, value), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString()),
    fc.string({ unit: 'binary', maxLength: 400 }),
  );

  test('every parameter is valid for its widget, or reported and replaced by its default', () => {
    fc.assert(
      fc.property(search, (text) => {
        const state = readUrlState(text);
        for (const [id, raw] of state.widgets) {
          if (!widgetNames.includes(id)) continue; // ids the lesson does not have are ignored by the page
          const { params, problems } = parseWidgetParams(id, raw);
          for (const problem of problems) assert.ok(problem.length < 400, `${problem.length} characters`);
          for (const [name, spec] of Object.entries(widgetSchemas[id])) {
            if (params[name] === undefined) {
              assert.ok(spec.optional, `${id}.${name} has a value or is optional`);
              continue;
            }
            const given = Object.hasOwn(raw, name) ? checkWidgetParam(id, name, raw[name]) : undefined;
            if (given?.ok) assert.deepEqual(params[name], given.value);
            else assert.deepEqual(params[name], spec.default, `${id}.${name} falls back to its default`);
            if (given && !given.ok)
              assert.ok(
                problems.some((p) => p === given.message),
                `a notice for ${id}.${name}`,
              );
          }
          for (const name of Object.keys(raw)) {
            if (!Object.hasOwn(widgetSchemas[id], name)) assert.ok(problems.some((p) => p.includes(`"${name}"`)));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the lesson validator returns problems for mutated lesson files, never a throw', () => {
  const file = 'lessons/why-sqrt-dk/lesson.md';
  const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const lines = source.split('\n');
  let core;
  before(async () => {
    core = await loadCore();
  });

  const junk = fc.oneof(
    fc.constantFrom(
      ':::',
      '::: widget',
      '::: question',
      '---',
      'id:',
      'kind: numeric',
      'answer: banana',
      '  - ',
      '{{',
      '{{ core.scoreStd(dk: 512) }}',
      '$$',
      '$',
      '## ',
      '# Title',
      '<script>alert(1)</script>',
      'widget: train-it',
      'params: {dk: 1e309}',
      'tolerance: -1',
      '\u0000',
      '\uFEFF',
      '```',
    ),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
  );
  const at = fc.nat({ max: lines.length - 1 });
  const mutation = fc.oneof(
    at.map((i) => (text) => text.toSpliced(i, 1)),
    at.map((i) => (text) => text.toSpliced(i, 0, text[i] ?? '')),
    fc.tuple(at, at).map(([i, j]) => (text) => {
      const copy = [...text];
      [copy[i], copy[j]] = [copy[j] ?? '', copy[i] ?? ''];
      return copy;
    }),
    fc.tuple(at, junk).map(
      ([i, line]) =>
        (text) =>
          text.toSpliced(i, 0, line),
    ),
    fc.tuple(at, junk).map(
      ([i, line]) =>
        (text) =>
          text.toSpliced(i, 1, line),
    ),
  );

  test('delete, duplicate, swap lines and inject junk: a lesson or located problems, never an exception', () => {
    let broken = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        const mutated = mutations.reduce((text, mutate) => mutate(text), lines).join('\n');
        const result = compileLesson(mutated, { file, core, expectedSlug: 'why-sqrt-dk' });
        assert.ok(Array.isArray(result.problems));
        if (result.lesson === null) {
          broken += 1;
          assert.ok(result.problems.length > 0, 'a refused lesson says why');
          for (const problem of result.problems) {
            assert.ok(Number.isInteger(problem.line) && problem.line >= 1, JSON.stringify(problem));
            assert.equal(typeof problem.message, 'string');
          }
        }
      }),
      { numRuns: 120 },
    );
    assert.ok(broken > 0, 'some mutations broke the lesson, so the validator was exercised');
  });
});
