// Loading: bytes (gzip) before the first widget is interactive, WASM gzip size, first contentful paint, first
// interactive widget, and layout shift over a full scroll of the lesson.
import { gzipSync } from 'node:zlib';
import { heapUsage, openBenchPage } from './page.mjs';

const gzipBytes = (body) => gzipSync(body, { level: 6 }).length;
// The budget lets KaTeX's fonts come later (issue 12): the prose's math needs them, the first figure does not.
const isKatexFont = (path) => /\/KaTeX_[\w-]+\.woff2?$/.test(path);

// Runs before the page's own scripts: when the first widget has drawn, and every layout shift.
const watchLoading = () => {
  const w = window;
  w.benchShifts = 0;
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => {
      if (!e.hadRecentInput) w.benchShifts += e.value;
    }),
  ).observe({ type: 'layout-shift', buffered: true });
  const seen = new MutationObserver(() => {
    if (!document.querySelector('[data-rendered]')) return;
    seen.disconnect();
    w.benchInteractive = performance.now();
    w.benchReportInteractive?.();
  });
  seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
};

export async function measureLoading(profile) {
  const bench = await openBenchPage({ profile, network: true });
  try {
    const { page, context, served } = bench;
    let servedWhenInteractive;
    await page.exposeFunction('benchReportInteractive', () => (servedWhenInteractive ??= served.length));
    await page.addInitScript(watchLoading);
    // Opened at the first figure, as a link to it would: the top of the lesson is prose, and figures mount near view.
    await page.goto(`${bench.url}#explore-variance`);
    await page.waitForFunction(() => window.benchInteractive !== undefined, undefined, { timeout: 60000 });
    const firstInteractive = await page.evaluate(() => window.benchInteractive);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    const before = served.slice(0, servedWhenInteractive ?? served.length);
    const files = before.map(({ path, body }) => ({ path, bytes: body.length, gzip: gzipBytes(body) }));
    // A full scroll, a screen at a time, letting widgets that come near mount and draw. The height is read again at
    // each step: far sections have an estimated height until they are laid out.
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= (await height()); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(120);
    }
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => window.benchShifts);
    // The full core's module, fetched once the first figure is interactive or a figure that needs it comes near.
    const wasm = served.find((s) => /\/attention_core[\w-]*\.wasm$/.test(s.path));
    const heap = await heapUsage(context, page);
    return {
      fcp,
      firstInteractive,
      files,
      shift,
      heap,
      bytesBeforeInteractive: files.filter((f) => !isKatexFont(f.path)).reduce((sum, f) => sum + f.gzip, 0),
      fontsBeforeInteractive: files.filter((f) => isKatexFont(f.path)).reduce((sum, f) => sum + f.gzip, 0),
      wasmGzip: wasm ? gzipBytes(wasm.body) : NaN,
      wasmBytes: wasm?.body.length ?? NaN,
    };
  } finally {
    await bench.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * measureLoading in `count` fresh browser profiles on the device `profile` (profiles.mjs): one page load's paint and
 * shift times vary by ±30 % on this machine, so the budgets are checked on the median load, and the range is reported
 * beside it.
 */
export async function measureLoadingRuns(count = 5, profile = undefined) {
  const runs = [];
  for (let i = 0; i < count; i++) runs.push(await measureLoading(profile));
  const summary = (key) => {
    const values = runs.map((r) => r[key]);
    return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
  };
  // The files and heap of the run whose byte count is the median one.
  const typical = runs.find((r) => r.bytesBeforeInteractive === median(runs.map((x) => x.bytesBeforeInteractive)));
  return {
    ...typical,
    loads: count,
    fcp: median(runs.map((r) => r.fcp)),
    firstInteractive: median(runs.map((r) => r.firstInteractive)),
    shift: median(runs.map((r) => r.shift)),
    bytesBeforeInteractive: typical.bytesBeforeInteractive,
    ranges: { fcp: summary('fcp'), firstInteractive: summary('firstInteractive'), shift: summary('shift') },
  };
}
