// Every widget at phone and desktop widths, light and dark: no sideways scrolling, no colliding tick labels, a
// figure that keeps its height while a slider is dragged, and a screenshot of each for a person to look at.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { widgets } from './lesson-data.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
  mkdirSync('screenshots', { recursive: true });
});
after(() => lesson?.close());

async function open(page, id, query = '') {
  await page.goto(`${lesson.url}${query}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
}

// Pairs of axis texts (ticks, axis titles) in one chart whose boxes overlap by more than a sliver.
const collisions = (page, id) =>
  page.$$eval(`#${id}-widget svg.chart`, (charts) =>
    charts.flatMap((chart, c) => {
      const boxes = [...chart.querySelectorAll('text.tick:not(.reference-label)')]
        .filter((t) => t.textContent)
        .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }));
      const found = [];
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b) => {
          const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (w > 1 && h > 1) found.push(`chart ${c}: "${a.text}" and "${b.text}"`);
        }),
      );
      return found;
    }),
  );

for (const width of [375, 1280]) {
  test(`at ${width} px every widget fits, its tick labels never collide; screenshots light and dark`, async () => {
    const { page } = lesson;
    await page.setViewportSize({ width, height: 800 });
    try {
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const { id } of widgets) {
          await open(page, id);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(overflow <= 0, `${id}: no sideways scrolling at ${width} px (overflow ${overflow} px)`);
          assert.deepEqual(await collisions(page, id), [], `${id} at ${width} px`);
          await page.locator(`#${id}-widget`).screenshot({ path: `screenshots/widget-${id}-${width}-${scheme}.png` });
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
}

test('at 64 keys the bar labels thin out instead of colliding, on a phone', async () => {
  const { page } = lesson;
  const { id } = widgets.find((w) => w.widget === 'softmax-dies');
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await open(page, id, `?${id}.keys=64`);
    const labels = await page.$$eval(`#${id}-widget svg.chart .axis.x text`, (texts) =>
      texts.map((t) => t.textContent),
    );
    assert.ok(labels.length >= 4 && labels.length < 64, `${labels.length} of 64 key labels shown`);
    assert.deepEqual(await collisions(page, id), []);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test("dragging a slider through its whole range never changes a figure's height", async () => {
  const { page } = lesson;
  for (const { id, widget } of widgets.filter((w) =>
    ['variance-explorer', 'softmax-dies', 'before-after'].includes(w.widget),
  )) {
    await open(page, id);
    const slider = `#${id}-widget-dk-slider`;
    await page.focus(slider);
    await page.keyboard.press('Home');
    await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
    const heights = [];
    const steps = await page.$eval(slider, (s) => (Number(s.max) - Number(s.min)) / Number(s.step));
    for (let i = 0; i < steps; i += 4) {
      for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
      await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
      heights.push(await page.$eval(`#${id}-widget`, (figure) => figure.getBoundingClientRect().height));
    }
    assert.ok(heights.length > 5, `${widget}: sampled the drag`);
    assert.ok(
      Math.max(...heights) - Math.min(...heights) <= 1,
      `${widget}: heights over the drag ${[...new Set(heights)].join(', ')}`,
    );
  }
});

test("a widget's state survives a reload: the address bar follows every change", async () => {
  const { page } = lesson;
  const { id } = widgets.find((w) => w.widget === 'softmax-dies');
  await open(page, id);
  await page.focus(`#${id}-widget-keys-slider`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.click(`#${id}-widget input[value="sqrt"]`);
  await page.waitForFunction(
    (w) => JSON.parse(document.querySelector(w).dataset.rendered).scale === 'sqrt',
    `#${id}-widget`,
  );
  await page.waitForFunction((key) => new URL(location.href).searchParams.get(key) === 'sqrt', `${id}.scale`);
  const before = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
  await page.reload();
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const after = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
  assert.deepEqual(after, before);
  assert.equal(after.keys, 11);
});

test('a logarithmic dₖ slider stops at each value once, from 1 to 4096', async () => {
  const { page } = lesson;
  const { id } = widgets.find((w) => w.widget === 'softmax-dies');
  await open(page, id);
  const slider = `#${id}-widget-dk-slider`;
  await page.focus(slider);
  await page.keyboard.press('Home');
  const values = [];
  for (;;) {
    values.push(Number((await page.getAttribute(slider, 'aria-valuetext')).split('= ')[1]));
    if (values.at(-1) >= 4096 || values.length > 100) break;
    await page.keyboard.press('ArrowRight');
  }
  assert.deepEqual(values.slice(0, 10), [1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
  assert.equal(values.at(-1), 4096);
  values.forEach((v, i) => i && assert.ok(v > values[i - 1], `stop ${i}: ${values[i - 1]} then ${v}`));
});
