// No question can be answered by reading what stands between its section heading and itself: prose, tables,
// widget readouts, chart labels and the names screen readers hear are all searched for its accepted answers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { questions } from './lesson-data.mjs';

let lesson;
let textBefore;
let optionTexts;
before(async () => {
  lesson = await openLesson();
  const { page } = lesson;
  await page.goto(lesson.url);
  await page.waitForSelector('.question');
  // Widgets mount near the viewport: bring each one in and wait until every one has drawn.
  for (const slot of await page.$$('.widget-slot')) await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.widget[data-rendered]:not([aria-busy])').length ===
      document.querySelectorAll('.widget-slot').length,
  );
  // Far sections skip their layout until they come near (innerText of a skipped one is empty): lay the whole lesson
  // out while reading it, as full-layout.ts does to measure it.
  await page.evaluate(() => document.documentElement.classList.add('full-layout'));
  textBefore = await page.$$eval('.question', (elements) =>
    Object.fromEntries(
      elements.map((question) => {
        const parts = [];
        for (
          let node = question.previousElementSibling;
          node && node.tagName !== 'H2';
          node = node.previousElementSibling
        ) {
          parts.push(node.innerText);
          for (const text of node.querySelectorAll('svg text')) parts.push(text.textContent);
          for (const named of node.querySelectorAll('[aria-label]')) parts.push(named.getAttribute('aria-label'));
        }
        return [question.id.replace(/^question-/, ''), parts.join('\n')];
      }),
    ),
  );
  // Options as the learner reads them (math typeset), in the lesson's order, to compare with the page's text.
  optionTexts = await page.$$eval('.question', (elements) =>
    Object.fromEntries(
      elements.map((question) => [
        question.id.replace(/^question-/, ''),
        [...question.querySelectorAll('label.option')].map((label) => label.innerText),
      ]),
    ),
  );
  await page.evaluate(() => document.documentElement.classList.remove('full-layout'));
});
after(() => lesson?.close());

// Every number written in the text, with how many decimals it was shown to.
function numbersIn(text) {
  return [...text.replace(/−/g, '-').matchAll(/-?\d+(?:\.\d+)?/g)].map(([token]) => ({
    token,
    value: Number(token),
    significant: token.replace(/^-?0*\.?0*/, '').replace('.', '').length,
  }));
}

// A shown number gives the answer away when the grader would accept it: two or more significant digits within the
// question's tolerance, or a whole answer written exactly. The core's 512/(√512)² is 0.9999999999999998: whole too.
function givesAway(question, { value, significant }) {
  const rtol = question.tolerance?.rtol ?? 0.01;
  const answer = question.answer;
  const whole = Math.round(answer);
  if (Math.abs(answer - whole) <= 1e-9 * Math.max(1, Math.abs(answer))) return value === whole;
  return significant >= 2 && Math.abs(value - answer) <= rtol * Math.abs(answer);
}

// Root forms a learner could copy: √512, sqrt(512).
function rootForms(answer) {
  const square = Math.round(answer * answer);
  return Math.abs(square - answer * answer) < 1e-6 * square ? [`√${square}`, `sqrt(${square})`] : [];
}

const flatten = (text) => text.replace(/\s+/g, ' ').trim().toLowerCase();

// Every variant a learner can be given: the page shows the first, "Another like this" any other.
const everyVariant = questions.flatMap((question) =>
  question.variants ? question.variants.map((variant) => variant.question) : [question],
);

test('the text above each question never shows its answer, in any variant', () => {
  assert.equal(Object.keys(textBefore).length, questions.length, 'every question was found on the page');
  assert.ok(everyVariant.length > questions.length + 20, 'the variants are checked too');
  const inSight = [];
  for (const question of everyVariant) {
    const text = textBefore[question.id];
    assert.equal(typeof text, 'string', `question ${question.id} is on the page`);
    if (question.kind === 'numeric') {
      const shown = numbersIn(text)
        .filter((number) => givesAway(question, number))
        .map((n) => n.token);
      if (shown.length) inSight.push(`${question.id}: its answer ${question.answer} is written as ${shown.join(', ')}`);
      for (const form of rootForms(question.answer)) if (text.includes(form)) inSight.push(`${question.id}: ${form}`);
    } else {
      const flat = flatten(text);
      assert.equal(
        optionTexts[question.id].length,
        question.options.length,
        `${question.id}: every option is on the page`,
      );
      question.options.forEach((option, i) => {
        const shown = flatten(optionTexts[question.id][i]);
        assert.ok(shown.length > 0, `${question.id}: option ${option.id} has text`);
        if (option.correct && flat.includes(shown)) inSight.push(`${question.id}: the correct option "${shown}"`);
      });
    }
  }
  assert.deepEqual(inSight, [], 'answers in sight between a question and its section heading');
});

test('the answer box hint suggests no answer of any question', async () => {
  const hints = await lesson.page.$$eval('.answer-hint', (elements) => elements.map((e) => e.textContent));
  assert.ok(hints.length > 0, 'numeric questions show an input hint');
  for (const hint of new Set(hints)) {
    for (const question of everyVariant.filter((q) => q.kind === 'numeric')) {
      const given = numbersIn(hint)
        .filter((number) => givesAway(question, number))
        .map((n) => n.token);
      assert.deepEqual(given, [], `the hint "${hint}" contains the answer of ${question.id}`);
      for (const form of rootForms(question.answer))
        assert.ok(!hint.includes(form), `the hint "${hint}" shows ${form}`);
    }
  }
});
