// No question can be answered by reading what is in sight around it: the text between its section heading and itself,
// the next screen below it at 1280 and 375 px, and every readout of the widgets it points at (caption sentence, data
// table, chart labels, the names screen readers hear) as the page first shows them and as each "Show me" leaves them.
// Every variant a learner can draw is checked, for its answer in any form the grader would accept.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { answersShown } from '../../dist/lib/src/authoring/index.js';
import { openLesson } from './browser.mjs';
import { questions, widgets } from './lesson-data.mjs';
import { drawEveryFigure } from './lesson-screens.mjs';

const screens = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

let lesson;
/** Width → question id → { before: the text up to its section heading, after: the text on the screen below it }. */
const around = {};
/** Question id → the options as the learner reads them (math typeset), in the lesson's order. */
let optionTexts;
/** `widget id + state` → every readout of that widget in that state. */
const readouts = new Map();

// Brings every widget in, waits until each has drawn, then lays far sections out so their text and boxes are real.
async function openAll(page) {
  await page.waitForSelector('.question');
  await drawEveryFigure(page);
  await page.evaluate(() => document.documentElement.classList.add('full-layout'));
}

// Installs readingUnits(root) on the page: everything under root as a reader meets it, one piece each with its box
// (null when hidden): a formula as one string (its MathML tokens, so the 1 of q₁ stays with its q), a run of text, an
// SVG label, an aria-label. Left out is what names a thing rather than tells a result: controls and seeds (the
// learner's settings) and the labels "Question 2" and "Variant 1 of 8 · seed 0".
const installReader = () => {
  const labels = '.controls, .seed, .variant-label, .question > h3';
  const leftOut = `${labels}, math, .katex-html, annotation, script, style`;
  const boxOf = (rects) => {
    const shown = [...rects].filter((r) => r.height > 0);
    return shown.length
      ? { top: Math.min(...shown.map((r) => r.top)), bottom: Math.max(...shown.map((r) => r.bottom)) }
      : null;
  };
  window.readingUnits = (root) => {
    const units = [];
    for (const math of root.querySelectorAll('math')) {
      if (math.parentElement.closest(labels)) continue;
      const tokens = [...math.querySelectorAll('mi, mn, mo, mtext, ms')].filter((t) => !t.closest('annotation'));
      const shown = math.closest('.katex') ?? math;
      units.push({
        element: shown,
        text: tokens.map((t) => t.textContent).join(''),
        box: boxOf(shown.getClientRects()),
      });
    }
    const walker = document.createTreeWalker(root, window.NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest(leftOut)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      units.push({ element: node.parentElement, text: node.textContent, box: boxOf(range.getClientRects()) });
    }
    for (const named of root.querySelectorAll('[aria-label]')) {
      if (named.closest(labels)) continue;
      units.push({ element: named, text: named.getAttribute('aria-label'), box: boxOf(named.getClientRects()) });
    }
    return units;
  };
};

// Per question: the visible text between its section heading and itself, and the visible text whose box reaches into
// the screen below it (one viewport height from its bottom edge).
const textAround = () => {
  const units = window.readingUnits(document.querySelector('main')).filter((u) => u.box);
  const questions = [...document.querySelectorAll('.question')];
  const entries = questions.map((question) => {
    const above = [];
    for (let node = question.previousElementSibling; node && node.tagName !== 'H2'; node = node.previousElementSibling)
      above.push(node);
    const from = question.getBoundingClientRect().bottom;
    const to = from + window.innerHeight;
    const outside = (u) => !question.contains(u.element);
    return [
      question.id.replace(/^question-/, ''),
      {
        before: units
          .filter((u) => above.some((node) => node.contains(u.element)))
          .map((u) => u.text)
          .join('\n'),
        after: units
          .filter((u) => outside(u) && u.box.bottom > from && u.box.top < to)
          .map((u) => u.text)
          .join('\n'),
      },
    ];
  });
  return Object.fromEntries(entries);
};

// Every readout of a widget, hidden data table included (a screen reader or a click away), one per line.
const widgetReadouts = (figure) =>
  window
    .readingUnits(figure)
    .map((u) => u.text)
    .join('\n');

// Sets a widget's controls to a state as a learner would (number boxes, radio buttons, toggles), waits for the drawing.
async function setWidget(page, id, state) {
  const figure = `#${id}-widget`;
  const now = JSON.parse(await page.getAttribute(figure, 'data-rendered'));
  const changed = Object.entries(state).filter(([name, value]) => now[name] !== value);
  for (const [name, value] of changed) {
    const control = `${figure}-${name}`;
    if (typeof value === 'boolean') await page.setChecked(control, value);
    else if (typeof value === 'string') await page.check(`${control}-${value}`);
    else {
      await page.fill(`${control}-box`, String(value));
      await page.press(`${control}-box`, 'Enter');
    }
  }
  await page.waitForFunction(
    ([selector, wanted]) => {
      const element = document.querySelector(selector);
      const drawn = JSON.parse(element?.dataset.rendered ?? 'null');
      return drawn && !element.hasAttribute('aria-busy') && Object.entries(wanted).every(([k, v]) => drawn[k] === v);
    },
    [figure, state],
  );
}

// Every variant a learner can be given: the page shows the first, "Another like this" any other.
const everyVariant = questions.flatMap((question) =>
  question.variants ? question.variants.map((variant) => variant.question) : [question],
);

const initialState = (id) => widgets.find((w) => w.id === id).params;
const stateKey = (id, state) => `${id} ${JSON.stringify(state)}`;

/** The widget states a question sends the learner to before it is answered: each widget's first state, each show. */
function pointedStates(question) {
  const shows = [question.show, ...(question.anticipated ?? []).map((a) => a.show)].filter(Boolean);
  const states = [];
  for (const { widget, state } of shows) {
    states.push({ widget, state: initialState(widget), how: 'as the page opens it' });
    states.push({
      widget,
      state: { ...initialState(widget), ...state },
      how: `after "Show me" ${JSON.stringify(state)}`,
    });
  }
  return states;
}

before(async () => {
  lesson = await openLesson({ viewport: screens[0] });
  const { page } = lesson;
  await page.goto(lesson.url);
  await openAll(page);
  await page.evaluate(installReader);
  for (const [i, screen] of screens.entries()) {
    if (i > 0) {
      await page.setViewportSize(screen);
      // Two frames: the first lays the page out at the new width and redraws each chart from its resize observer,
      // the second lays the redrawn charts out.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    around[screen.width] = await page.evaluate(textAround);
  }
  optionTexts = await page.$$eval('.question', (elements) =>
    Object.fromEntries(
      elements.map((question) => [
        question.id.replace(/^question-/, ''),
        [...question.querySelectorAll('label.option')].map((label) => label.innerText),
      ]),
    ),
  );
  // Each widget state once, set through its controls as a learner would (a far widget still draws in the full layout).
  const wanted = new Map();
  for (const question of everyVariant)
    for (const s of pointedStates(question)) wanted.set(stateKey(s.widget, s.state), s);
  for (const [key, { widget, state }] of wanted) {
    await setWidget(page, widget, state);
    readouts.set(key, await page.$eval(`#${widget}-widget`, widgetReadouts));
  }
});
after(() => lesson?.close());

const context = (text, index) =>
  text
    .slice(Math.max(0, index - 30), index + 30)
    .replace(/\s+/g, ' ')
    .trim();
const flatten = (text) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Where a variant's answer shows: one line per place and form. */
function inSight(question) {
  const places = [
    { where: 'above it', text: around[screens[0].width][question.id]?.before },
    ...screens.map(({ width }) => ({
      where: `on the screen below it at ${width} px`,
      text: around[width][question.id]?.after,
    })),
    ...pointedStates(question).map((s) => ({
      where: `in ${s.widget} ${s.how}`,
      text: readouts.get(stateKey(s.widget, s.state)),
    })),
  ];
  const found = [];
  for (const { where, text } of places) {
    assert.equal(typeof text, 'string', `${question.id}: ${where} was read`);
    if (question.kind === 'numeric') {
      const shown = answersShown(text, question).map(({ form, index }) => `${form} in "${context(text, index)}"`);
      if (shown.length) found.push(`${where}: ${[...new Set(shown)].join('; ')}`);
    } else {
      const flat = flatten(text);
      question.options.forEach((option, i) => {
        const shown = flatten(optionTexts[question.id][i]);
        assert.ok(shown.length > 0, `${question.id}: option ${option.id} has text`);
        if (option.correct && flat.includes(shown)) found.push(`${where}: the correct option "${shown}"`);
      });
    }
  }
  return found;
}

test('no answer is in sight of its question, in any variant', () => {
  assert.equal(Object.keys(around[screens[0].width]).length, questions.length, 'every question was found on the page');
  assert.ok(everyVariant.length > questions.length + 20, 'the variants are checked too');
  assert.ok(readouts.size > 10, 'the widgets the questions point at were read in their states');
  const leaks = [];
  for (const question of everyVariant) {
    const params = questions.find((q) => q.id === question.id).variants?.find((v) => v.question === question)?.params;
    const label = params
      ? `${question.id} (${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`
      : question.id;
    for (const place of inSight(question)) leaks.push(`${label}, answer ${question.answer ?? 'option'}: ${place}`);
  }
  assert.deepEqual(leaks, [], 'answers in sight of their questions');
});

test('the answer box hint suggests no answer of any question', async () => {
  const hints = await lesson.page.$$eval('.answer-hint', (elements) => elements.map((e) => e.textContent));
  assert.ok(hints.length > 0, 'numeric questions show an input hint');
  for (const hint of new Set(hints))
    for (const question of everyVariant.filter((q) => q.kind === 'numeric'))
      assert.deepEqual(answersShown(hint, question), [], `the hint "${hint}" gives the answer of ${question.id}`);
});
