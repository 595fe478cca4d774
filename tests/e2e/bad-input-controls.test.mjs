// Bad-input matrix, controls row: sliders pushed to both ends and number boxes given what a learner might type. Each
// end draws a whole picture; each unusable entry is refused under its box, the figure keeps its value, nothing is lost.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { widgetSchemas } from '../../dist/lib/src/authoring/index.js';
import { openLesson } from './browser.mjs';
import { answer } from './embed-answer.mjs';
import { questions, widgetOf } from './lesson-data.mjs';
import { assertInside, chartPicture } from './pictures.mjs';
import { pressSlider } from './sliders.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

const { id } = widgetOf('softmax-dies');
const widget = `#${id}-widget`;
const schema = widgetSchemas['softmax-dies'];
const kept = questions.find((q) => q.kind === 'numeric');
const rendered = async (page) => JSON.parse(await page.getAttribute(widget, 'data-rendered'));

async function open(query = '') {
  const { page } = lesson;
  await page.goto(`${lesson.url}${query}#${id}`);
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  return page;
}

// One bar per key inside the plot; on the fixed [0, 1] axis the heights add up to the plot's height (weights sum to 1).
async function assertWholePicture(page, what) {
  const { keys } = await rendered(page);
  const picture = await chartPicture(page, `${widget} svg.weights`);
  assert.equal(picture.bars.length, keys, `${what}: one bar per key`);
  assertInside(assert, picture.area, picture.bars, what);
  const total = picture.bars.reduce((sum, bar) => sum + bar.height, 0);
  assert.ok(
    Math.abs(total - picture.area.height) <= 1.5 + 0.1 * keys,
    `${what}: bar heights add up to ${total} px, the plot is ${picture.area.height} px`,
  );
}

test('slider extremes: dₖ and n at both ends of their range draw a whole picture, with no notice', async () => {
  const page = await open();
  for (const [param, key, end] of [
    ['dk', 'Home', 'min'],
    ['dk', 'End', 'max'],
    ['keys', 'Home', 'min'],
    ['keys', 'End', 'max'],
  ]) {
    const state = await pressSlider(page, widget, param, [key]);
    assert.equal(state[param], schema[param][end], `${key} puts ${param} at its ${end}`);
    await assertWholePicture(page, `${param} = ${state[param]}`);
  }
  assert.equal((await page.textContent(`${widget} .widget-notice`)).trim(), '', 'no notice');
  assert.deepEqual(lesson.problems, []);
});

test('number boxes refuse bad entries and name the allowed range; the figure keeps its value', async () => {
  const page = await open();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  await answer(page, kept);
  const before = await rendered(page);
  const { min, max } = schema.dk;
  const box = `${widget}-dk-box`;
  const refusals = ['99999', '0', '-5', '12.5', '1e3', 'NaN', '', '<img src=x onerror=alert(1)>', '9'.repeat(10000)];
  for (const typed of refusals) {
    await page.fill(box, typed);
    await page.press(box, 'Enter');
    const problem = await page.textContent(`${widget}-dk-problem`);
    assert.equal(problem, `Enter a whole number from ${min} to ${max}; kept dₖ = ${before.dk}.`, `typed "${typed}"`);
    assert.equal(await page.getAttribute(box, 'aria-invalid'), 'true', `typed "${typed}": the box is marked`);
    assert.deepEqual(await rendered(page), before, `typed "${typed}": the figure keeps its state`);
  }
  assert.equal(await page.$$eval('img[onerror]', (images) => images.length), 0, 'markup stays text');
  await assertWholePicture(page, 'after the refused entries');

  // A usable entry clears the message and is drawn.
  await page.fill(box, String(max));
  await page.press(box, 'Enter');
  await page.waitForFunction(
    ([w, dk]) => JSON.parse(document.querySelector(w).dataset.rendered).dk === dk,
    [widget, max],
  );
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  assert.equal(await page.textContent(`${widget}-dk-problem`), '');
  assert.equal(await page.getAttribute(box, 'aria-invalid'), null);
  await assertWholePicture(page, `typed dₖ = ${max}`);

  // A decimal setting (τ, when the scale is ÷τ) names its own range and kind.
  const { min: low, max: high, default: tau } = schema.temperature;
  await open(`?${id}.scale=temperature`);
  for (const typed of [String(high * 10), '-1', 'abc']) {
    await page.fill(`${widget}-temperature-box`, typed);
    await page.press(`${widget}-temperature-box`, 'Enter');
    assert.equal(
      await page.textContent(`${widget}-temperature-problem`),
      `Enter a number from ${low} to ${high}; kept τ = ${tau}.`,
      `typed τ "${typed}"`,
    );
  }

  // Nothing lost: the answer given before is still there after a reload.
  await page.reload();
  await page.waitForSelector(`#question-${kept.id}[data-status="correct"]`);
  assert.deepEqual(lesson.problems, []);
});
