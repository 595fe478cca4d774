// Train it at a speed a learner can watch: the speed is a labelled radio group worked from the keyboard, and a Slow run
// pauses and resumes mid-way and ends with the same curves and numbers as a Fast one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';

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
  const fast = await picture(page);
  assert.equal(fast.charts.length, 4);
  assert.match(fast.summary, /last batch: scaled \S+, unscaled \S+\)\.$/);
  assert.deepEqual(slow, fast);
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
