// Cheap computations run on the page's own copy of the core once it has loaded: a widget drawn from it shows exactly
// what the worker drew for the same state (same core sources, same seed), and a costly state still goes to the worker.
// The first figure is drawn by the worker's small core, before the full WASM is even asked for.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { pressSlider } from './sliders.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

/** What a learner sees of a widget: its chart as drawn, the sentence under it and the data table. */
const seen = (page, widget) =>
  page.$eval(widget, (element) => ({
    rendered: element.dataset.rendered,
    chart: element.querySelector('.chart-area').innerHTML,
    summary: element.querySelector('.chart-summary').textContent,
    table: element.querySelector('.data-table').textContent,
  }));
const computedIn = (page, widget) => page.getAttribute(widget, 'data-computed-in');

// In the page before its scripts: tells the test the moment `selector` first draws.
const watchFirstDraw = (selector) => {
  const watcher = new MutationObserver(() => {
    if (!document.querySelector(`${selector}[data-rendered]`)) return;
    watcher.disconnect();
    window.firstFigureDrew();
  });
  watcher.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
};

/**
 * Records the .wasm files asked for, in order, and holds the full core's until release(): a figure that draws
 * meanwhile drew without it. drewAfter lists what had been asked for when the first figure drew.
 */
async function wasmRequests(page, widget) {
  const asked = [];
  const seen = { drewAfter: undefined, asked };
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.exposeFunction('firstFigureDrew', () => (seen.drewAfter ??= [...asked]));
  await page.addInitScript(watchFirstDraw, widget);
  await page.context().route('**/*.wasm', async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').at(-1);
    asked.push(file.replace(/-[\w-]+\.wasm$/, '.wasm'));
    if (file.startsWith('attention_core')) await released;
    await route.continue();
  });
  return { seen, release: () => release() };
}

// The variance explorer first: the test's one fresh load of the lesson opens at it, the lesson's first figure.
for (const name of ['variance-explorer', 'softmax-dies']) {
  test(`${name}: the page's core draws exactly what the worker drew`, async () => {
    const { page } = lesson;
    const { id } = widgetOf(name);
    const widget = `#${id}-widget`;
    const param = name === 'softmax-dies' ? 'keys' : 'dk';
    const first = name === 'variance-explorer' ? await wasmRequests(page, widget) : undefined;
    await page.goto(`${lesson.url}#${id}`);
    await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
    // The first figure is always the worker's: the page's core loads only once the worker is up and the page idle.
    assert.equal(await computedIn(page, widget), 'worker');
    const fromWorker = await seen(page, widget);
    if (first) {
      // Drawn by the small core while the full one was held, and before the page had even asked for it.
      assert.deepEqual(first.seen.drewAfter, ['first_figure_core.wasm']);
      first.release();
    }
    // Away and back again until the page's core is the one that drew this same state.
    for (let tries = 0; tries < 40 && (await computedIn(page, widget)) !== 'page'; tries++) {
      await pressSlider(page, widget, param, ['ArrowRight']);
      await pressSlider(page, widget, param, ['ArrowLeft']);
      if ((await computedIn(page, widget)) !== 'page') await page.waitForTimeout(250);
    }
    assert.equal(await computedIn(page, widget), 'page', 'the page core took over the cheap computation');
    assert.deepEqual(await seen(page, widget), fromWorker);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.wasm')),
    );
    assert.equal(fetched.length, 0, "the page's core was built from the worker's compiled module, not a download");
    if (first) {
      assert.deepEqual(first.seen.asked, ['first_figure_core.wasm', 'attention_core.wasm']);
      await page.context().unroute('**/*.wasm');
    }
    assert.deepEqual(lesson.problems, []);
  });
}

test('a costly state goes to the worker even once the page core is ready', async () => {
  const { page } = lesson;
  const id = widgetOf('entropy-vs-dk').id;
  const widget = `#${id}-widget`;
  await page.goto(`${lesson.url}?${id}.keys=2&${id}.trials=500#${id}`);
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  for (let tries = 0; tries < 40 && (await computedIn(page, widget)) !== 'page'; tries++) {
    await pressSlider(page, widget, 'keys', ['ArrowRight']);
    await pressSlider(page, widget, 'keys', ['ArrowLeft']);
    if ((await computedIn(page, widget)) !== 'page') await page.waitForTimeout(250);
  }
  assert.equal(await computedIn(page, widget), 'page', '2 keys × 500 trials are computed on the page');
  // 64 keys × 500 trials cost about 14 ms: more than a frame can spare, so the worker computes them.
  const drawn = await pressSlider(page, widget, 'keys', ['End']);
  assert.equal(drawn.keys, 64);
  assert.equal(await computedIn(page, widget), 'worker');
});
