// Train it at a speed a learner can watch: the speed is a labelled radio group worked from the keyboard, a Slow run
// pauses and resumes mid-way and ends with the same curves and numbers as a Fast one, and a finished run comes back
// after a reload (an unreadable kept run is dropped with a notice, the widget still drawn).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { lesson as compiled, widgetOf } from './lesson-data.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

const { id } = widgetOf('train-it');
const widget = `#${id}-widget`;
const settings = { dk: 64, keys: 8, steps: 40 };
const query = Object.entries(settings)
  .map(([key, value]) => `${id}.${key}=${value}`)
  .join('&');
const keptKey = `attention-lab:finished-run:${compiled.slug}:${id}-widget`;

const trainingIs = (page, state) =>
  page.waitForFunction(([w, s]) => document.querySelector(w)?.dataset.training === s, [widget, state]);

// Everything a finished run draws and prints: each chart's name, its marks' heights (widths follow the figure's own
// width, which may differ after a reload), the summary and the table.
const picture = (page) =>
  page.$eval(widget, (figure) => ({
    charts: [...figure.querySelectorAll('svg.training')].map((svg) => ({
      name: svg.getAttribute('aria-label'),
      lines: [...svg.querySelectorAll('path.line')].map((path) => [
        path.getAttribute('class'),
        path
          .getAttribute('d')
          .split(/[ML]/)
          .filter(Boolean)
          .map((point) => point.split(',')[1]),
      ]),
      points: [...svg.querySelectorAll('circle')].map((dot) => [dot.getAttribute('class'), dot.getAttribute('cy')]),
    })),
    summary: figure.querySelector('.chart-summary')?.textContent,
    table: [...figure.querySelectorAll('table tr')].map((row) => row.textContent),
    progress: figure.querySelector('.training-progress-text')?.textContent,
  }));

async function openTraining(page) {
  await page.goto(`${lesson.url}?${query}#${id}`);
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
}

let fast;

test('Slow, paused and resumed mid-run, ends with the same curves and numbers as Fast', async () => {
  const { page } = lesson;
  await openTraining(page);
  const speeds = await page.$$eval(`${widget} fieldset.training-speed`, (sets) =>
    sets.map((set) => ({
      legend: set.querySelector('legend')?.textContent,
      checked: set.querySelector('input:checked')?.value,
    })),
  );
  assert.deepEqual(
    speeds,
    [{ legend: 'Speed (steps per second)', checked: 'normal' }],
    'one labelled speed choice, Normal first',
  );
  // From the keyboard: the arrow keys move along the radio group.
  await page.focus(`${widget}-speed-normal`);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.$eval(`${widget}-speed-slow`, (input) => input.checked), true, 'ArrowLeft picks Slow');

  await page.click(`${widget} button.training-start`);
  await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 10, `${widget} progress`);
  await page.click(`${widget} button.training-pause`);
  await trainingIs(page, 'paused');
  const pausedAt = await page.$eval(`${widget} progress`, (p) => p.value);
  assert.ok(pausedAt < settings.steps, `paused mid-run, at step ${pausedAt} of ${settings.steps}`);
  await page.click(`${widget} button.training-resume`);
  await trainingIs(page, 'finished');
  const slow = await picture(page);

  await page.check(`${widget}-speed-fast`);
  await page.click(`${widget} button.training-start`);
  await trainingIs(page, 'finished');
  fast = await picture(page);
  assert.equal(fast.charts.length, 4);
  assert.match(fast.summary, /last batch: scaled \S+, unscaled \S+\)\.$/);
  assert.deepEqual(slow, fast);
});

test('a finished run comes back after a reload; an unreadable kept run is dropped with a notice', async () => {
  const { page } = lesson;
  assert.ok(fast, 'the run above finished');
  await page.reload();
  await trainingIs(page, 'finished');
  assert.deepEqual(await picture(page), fast, 'the same curves and numbers as before the reload');

  await page.evaluate((key) => localStorage.setItem(key, '{"settings": [1, 2'), keptKey);
  await page.reload();
  await page.waitForFunction(
    (w) => /could not be read/.test(document.querySelector(w)?.textContent),
    `${widget} .widget-notice`,
  );
  assert.equal(await page.getAttribute(widget, 'data-training'), 'idle');
  assert.match(await page.textContent(`${widget} .chart-summary`), /Press Start to train\.$/);
  assert.equal(await page.$$eval(`${widget} svg.training`, (charts) => charts.length), 4, 'the empty charts are drawn');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), keptKey), null, 'the unreadable run is gone');
});

test('a finished "Train the fixes" run comes back after a reload too, with its runs and results', async () => {
  const { page } = lesson;
  const fixes = widgetOf('train-fixes').id;
  const state = { steps: 20, linear: false, learnedTemperature: false, softcap: false };
  const link = Object.entries(state)
    .map(([key, value]) => `${fixes}.${key}=${value}`)
    .join('&');
  await page.goto(`${lesson.url}?${link}#${fixes}`);
  await page.waitForSelector(`#${fixes}-widget[data-rendered]:not([aria-busy])`);
  await page.check(`#${fixes}-widget-speed-fast`);
  await page.click(`#${fixes}-widget button.training-start`);
  await page.waitForSelector(`#${fixes}-widget[data-training="finished"]`);
  const results = () =>
    page.$$eval(`#${fixes}-widget :is(.run-results li, table tr)`, (rows) => rows.map((r) => r.textContent));
  const before = await results();
  assert.equal(before.filter((row) => / accuracy /.test(row)).length, 3, `three runs: ${before}`);
  await page.reload();
  await page.waitForSelector(`#${fixes}-widget[data-training="finished"]`);
  assert.deepEqual(await results(), before);
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
