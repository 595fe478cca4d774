// The lesson page in Chromium under the strict CSP: widgets live and truthful, URL state, storage trouble, axe,
// screenshots.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { loadCore } from 'attention-lab/core';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { openLesson } from './browser.mjs';
import { drawEveryFigure, screenshotSet } from './lesson-screens.mjs';
import { chartPicture } from './pictures.mjs';
import { pressSlider } from './sliders.mjs';
import { questions, widgetOf } from './lesson-data.mjs';

let lesson;
let core;
before(async () => {
  [lesson, core] = await Promise.all([openLesson(), loadCore()]);
});
after(() => lesson?.close());

const rendered = async (page, id) => JSON.parse((await page.getAttribute(`#${id}-widget`, 'data-rendered')) ?? 'null');
const tableRows = (page, id) =>
  page.$$eval(`#${id}-widget .data-table tbody tr`, (rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)),
  );
const shown = (text) => Number(text.replace('−', '-'));
const near = (a, b) => Math.abs(a - b) <= Math.max(5e-5, Math.abs(b) * 5e-4);

async function renderedAfter(page, id, previous) {
  await page.waitForFunction(
    ([w, before]) => {
      const now = document.querySelector(w)?.dataset.rendered;
      return now && now !== before && !document.querySelector(w)?.hasAttribute('aria-busy');
    },
    [`#${id}-widget`, previous],
  );
  return rendered(page, id);
}

test('the page is served under the strict Content-Security-Policy and renders the lesson', async () => {
  const response = await lesson.page.goto(lesson.url);
  assert.equal(response.headers()['content-security-policy'], contentSecurityPolicy);
  assert.deepEqual(/script-src ([^;]*)/.exec(contentSecurityPolicy)[1].split(' '), ["'self'", "'wasm-unsafe-eval'"]);
  await lesson.page.waitForSelector('.katex');
  assert.ok((await lesson.page.$$('nav.contents li')).length >= 5, 'a table of contents');
  assert.equal((await lesson.page.$$('.question')).length, questions.length);
});

test('softmax-dies: the dₖ slider moved by keyboard redraws weights the core agrees with', async () => {
  const { page } = lesson;
  const { id } = widgetOf('softmax-dies');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const before = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
  const barHeights = async () =>
    (await chartPicture(page, `#${id}-widget svg.weights`)).bars.map((b) => Math.round(b.height * 1000) / 1000);
  const barsBefore = await barHeights();
  const params = await pressSlider(page, `#${id}-widget`, 'dk', Array(8).fill('ArrowRight'));
  assert.notEqual(params.dk, before.dk);
  const barsAfter = await barHeights();
  assert.equal(barsAfter.length, params.keys);
  assert.notDeepEqual(barsAfter, barsBefore, 'the bars moved');
  assert.equal(await page.getAttribute(`#${id}-widget-dk-slider`, 'aria-valuetext'), `dₖ = ${params.dk}`);
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const divisor = core.scoreStatistics({
    dk: params.dk,
    scale: params.scale === 'temperature' ? params.temperature : params.scale,
  }).divisor;
  const weights = core.softmax(scores, { temperature: divisor });
  const rows = await tableRows(page, id);
  assert.equal(rows.length, params.keys);
  rows.forEach(([, score, weight], i) => {
    assert.ok(Math.abs(shown(score) - scores[i]) <= 0.005 + 1e-9, `score ${i}`);
    assert.ok(near(shown(weight), weights[i]), `weight ${i}: shown ${weight}, core ${weights[i]}`);
  });
  // Bar heights are proportional to the core's weights (the tallest bar is the largest weight).
  const tallest = Math.max(...barsAfter);
  const largest = Math.max(...weights);
  barsAfter.forEach((h, i) => assert.ok(Math.abs(h / tallest - weights[i] / largest) < 1e-3, `bar ${i}`));
  const state = core.softmaxStats(scores, { temperature: divisor }).survival.state;
  assert.equal(await page.getAttribute(`#${id}-widget .survival-badge`, 'data-state'), state);
  assert.match(await page.textContent(`#${id}-widget .chart-summary`), new RegExp(`At dₖ = ${params.dk} `));
});

test("variance explorer: the ÷√dₖ toggle snaps the spread to 1, next to the core's theory", async () => {
  const { page } = lesson;
  const { id } = widgetOf('variance-explorer');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const before = await page.getAttribute(`#${id}-widget`, 'data-rendered');
  await page.focus(`#${id}-widget-scaled`);
  await page.keyboard.press('Space');
  const params = await renderedAfter(page, id, before);
  assert.equal(params.scaled, !JSON.parse(before).scaled);
  const expected = core.dotProductExperiment({
    dk: params.dk,
    count: params.samples,
    seed: params.seed,
    scale: params.scaled ? 'sqrt' : 'none',
    bins: 48,
  });
  const rows = Object.fromEntries(
    (await tableRows(page, id)).map(([name, sample, theory]) => [name, { sample, theory }]),
  );
  assert.ok(near(shown(rows.Variance.sample.split(' ± ')[0]), Number(expected.variance.toPrecision(4))));
  assert.ok(near(shown(rows['Standard deviation'].theory), Number(expected.theory.std.toPrecision(4))));
  assert.equal((await chartPicture(page, `#${id}-widget svg.histogram`)).bars.length, 48, 'one bar per bin');
});

test('before/after shows both sides of the same scores', async () => {
  const { page } = lesson;
  const { id } = widgetOf('before-after');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const params = await rendered(page, id);
  const scores = params.scores
    ? Float64Array.from(params.scores)
    : core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const unscaled = core.softmax(scores);
  const scaled = core.softmax(scores, { temperature: Math.sqrt(params.dk) });
  (await tableRows(page, id)).forEach(([, , , p, q], i) => {
    assert.ok(near(shown(p), unscaled[i]) && near(shown(q), scaled[i]), `key ${i}`);
  });
  assert.equal(await page.getAttribute(`#${id}-widget svg.weights`, 'role'), 'img');
  assert.match(await page.getAttribute(`#${id}-widget svg.weights`, 'aria-label'), /largest weight/);
});

test('a shared link reproduces a widget view, can hide a control, and odd values fall back politely', async () => {
  const { page } = lesson;
  const { id } = widgetOf('softmax-dies');
  await page.goto(`${lesson.url}?${id}.dk=256&${id}.scale=linear&${id}.seed=77&hide=${id}.scale#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const params = await rendered(page, id);
  assert.deepEqual([params.dk, params.scale, params.seed], [256, 'linear', 77]);
  assert.equal(await page.isHidden(`#${id}-widget fieldset.choice`), true);
  await page.goto(`${lesson.url}?${id}.dk=banana&${id}.keys=9999#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  assert.match(await page.textContent(`#${id}-widget .widget-notice`), /not usable and were reset to defaults/);
  const fallback = await rendered(page, id);
  assert.equal(fallback.dk, Number(widgetOf('softmax-dies').params.dk ?? 64), 'the lesson keeps its own value');
  assert.equal(fallback.keys, Number(widgetOf('softmax-dies').params.keys ?? 8));
});

test('corrupt saved progress is reset with a notice, never a crash', async () => {
  const { page } = lesson;
  await page.goto(lesson.url);
  // The live lesson loads after the first figures: once it has read storage, the corrupt value is not overwritten.
  await page.waitForSelector('#lesson-progress-text');
  await page.evaluate(() =>
    localStorage.setItem('attention-lab:progress:why-sqrt-dk', '{"version":1,"answers":{"x":{"attempts":"many"}}'),
  );
  await page.reload();
  await page.waitForSelector('.question');
  assert.match(await page.textContent('#page-notices'), /could not be read, so the lesson starts afresh/);
  assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^0 of ${questions.length}`));
});

test('with storage blocked the lesson still works and says progress will not be kept', async () => {
  const blocked = await openLesson({ storageBlocked: true });
  try {
    const { page } = blocked;
    await page.goto(blocked.url);
    await page.waitForSelector('.question');
    assert.match(await page.textContent('#page-notices'), /not letting the page save anything/);
    const q = questions.find((x) => x.kind === 'numeric');
    await page.fill(`#question-${q.id} input.answer`, String(q.answer));
    await page.click(`#question-${q.id} button[type=submit]`);
    assert.equal(await page.getAttribute(`#question-${q.id}`, 'data-status'), 'correct');
    assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
    assert.deepEqual(blocked.problems, []);
  } finally {
    await blocked.close();
  }
});

// The page with every figure drawn, loaded once per width: the dark theme follows color-scheme without a reload.
let axePageWidth;
for (const [scheme, width, height] of [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 375, 812],
  ['dark', 375, 812],
]) {
  test(`axe finds no WCAG 2.2 AA violations in the ${scheme} theme at ${width} px`, async () => {
    const { page } = lesson;
    await page.emulateMedia({ colorScheme: scheme });
    if (axePageWidth !== width) {
      axePageWidth = undefined;
      await page.setViewportSize({ width, height });
      await page.goto(lesson.url);
      await page.waitForSelector('.question');
      await drawEveryFigure(page);
      axePageWidth = width;
    }
    assert.equal(
      await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      scheme === 'dark',
      `the page is in the ${scheme} theme`,
    );
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
    );
    assert.deepEqual(summary, []);
  });
}

test('screenshots at phone and desktop sizes, light and dark, for a person to look at', async () => {
  const { page } = lesson;
  const live = (page) => page.waitForSelector('.question');
  await screenshotSet(page, { url: lesson.url, anchor: widgetOf('softmax-dies').id, name: 'lesson', live });
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
