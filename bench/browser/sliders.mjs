// Every slider of every widget driven by keyboard in Chromium: time from the key event to the widget's chart and
// text updated (its data-rendered attribute changes once render() has redrawn both), and long tasks meanwhile.
import { heapUsage, openBenchPage } from './page.mjs';

/** One instance of each widget; the URL enables the sliders a mode would grey out (τ, sampled scores). */
export const widgetIds = [
  'explore-variance',
  'softmax-dies',
  'saturation-curve',
  'jacobian-view',
  'before-after',
  'entropy-vs-dk',
  'temperature-sweep',
  'training',
  'train-fixes',
  'alignment',
  'float16-overflow',
  'near-orthogonality',
];
const enableAll = '?softmax-dies.scale=temperature&jacobian-view.source=sampled';

// Installed once in the page: key event times, long tasks, and a wait for the next drawn update of one widget.
const install = () => {
  const b = (window.bench = { lastKey: 0, latencies: [], longTasks: [], count: 0, widget: null });
  document.addEventListener('keydown', (e) => (b.lastKey = e.timeStamp), true);
  const tasks = new PerformanceObserver((list) => list.getEntries().forEach((e) => b.longTasks.push(e.duration)));
  tasks.observe({ type: 'longtask' });
  b.watch = (id) => {
    b.observer?.disconnect();
    b.latencies = [];
    b.longTasks = [];
    b.inPage = 0;
    const widget = document.getElementById(`${id}-widget`);
    b.observer = new MutationObserver(() => {
      b.count++;
      if (b.lastKey) {
        b.latencies.push(performance.now() - b.lastKey);
        // Which core drew it: the page's own thread, or the worker (whose reply waits for the input's frame).
        if (widget.dataset.computedIn === 'page') b.inPage++;
      }
      b.lastKey = 0;
    });
    b.observer.observe(widget, { attributes: true, attributeFilter: ['data-rendered'] });
  };
  // Resolves with the slider's position once the widget drew again, at once when the key left the value as it was
  // (an arrow at the end of the range: no request, so no redraw to wait for), or after 5 s.
  b.after = (count, selector, before) =>
    new Promise((done) => {
      const slider = document.querySelector(selector);
      const started = performance.now();
      const unchanged = before !== undefined && Number(slider.value) === before;
      const check = () => {
        if (unchanged || b.count > count || performance.now() - started > 5000) {
          b.lastKey = 0;
          done({ count: b.count, value: Number(slider.value), min: Number(slider.min), max: Number(slider.max) });
        } else setTimeout(check, 1);
      };
      check();
    });
};

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function sweep(page, selector, steps) {
  await page.focus(selector);
  let state = await page.evaluate(([c, s]) => window.bench.after(c, s), [-1, selector]);
  let up = true;
  let moved = true;
  for (let i = 0; i < steps; i++) {
    if (state.value >= state.max) up = false;
    if (state.value <= state.min) up = true;
    // A log slider's end can sit a rounding error inside max or min: a key that moved nothing means turn back.
    if (!moved) up = !up;
    // Mostly single steps, now and then a jump to an end (Home/End), as a learner does.
    const key = i % 40 === 39 ? (up ? 'End' : 'Home') : up ? 'ArrowRight' : 'ArrowLeft';
    const { count, value } = state;
    await page.keyboard.press(key);
    state = await page.evaluate(([c, s, v]) => window.bench.after(c, s, v), [count, selector, value]);
    moved = state.value !== value;
  }
}

export async function measureSliders({ steps = 200, widgets = widgetIds, profile } = {}) {
  const bench = await openBenchPage({ profile });
  const rows = [];
  let peakPageHeap = 0;
  let peakWorkerHeap = 0;
  try {
    const { page, context } = bench;
    await page.goto(`${bench.url}${enableAll}#explore-variance`);
    await page.waitForSelector('[data-rendered]');
    await page.evaluate(install);
    for (const id of widgets) {
      await page.evaluate((w) => document.getElementById(w)?.scrollIntoView({ block: 'start' }), id);
      await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`, { timeout: 30000 });
      const enabled = `#${id}-widget input[type=range]:not(:disabled)`;
      const sliders = await page.$$eval(enabled, (all) => all.map((s) => s.id));
      for (const slider of sliders) {
        await page.evaluate((w) => window.bench.watch(w), id);
        await sweep(page, `#${slider}`, steps);
        const { latencies, longTasks, inPage } = await page.evaluate(() => {
          const { latencies: l, longTasks: t, inPage: p } = window.bench;
          return { latencies: l, longTasks: t, inPage: p };
        });
        const sorted = [...latencies].sort((a, b) => a - b);
        rows.push({
          widget: id,
          slider: slider.replace(`${id}-widget-`, '').replace(/-slider$/, ''),
          updates: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          max: sorted.at(-1) ?? NaN,
          inPage: sorted.length ? inPage / sorted.length : 0,
          longTasks: longTasks.length,
          longestTask: Math.max(0, ...longTasks),
        });
      }
      const heap = await heapUsage(context, page);
      peakPageHeap = Math.max(peakPageHeap, heap.pageHeap ?? 0);
      peakWorkerHeap = Math.max(peakWorkerHeap, heap.workerHeap ?? 0);
    }
    return { rows, peakPageHeap, peakWorkerHeap };
  } finally {
    await bench.close();
  }
}
