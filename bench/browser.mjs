// `npm run bench:browser`: the built site in Chromium against its performance budgets. One line per budget
// (PASS|FAIL, figure, limit), then Markdown tables for the README. A benchmark, not a test: it always exits 0.
// `--profile desktop|phone|both` picks the device (bench/browser/profiles.mjs; desktop by default): phone is CPU 4×
// on the page and its workers, a phone's viewport, and slow 4G for the loading lines.
// `--only loading,sliders,training,kernels` runs some parts; `--widgets a,b` drives only those widgets' sliders.
import { measureTraining } from './frames.mjs';
import { measureLoadingRuns } from './browser/loading.mjs';
import { rawTrainingRate, widgetKernels } from './browser/node-compare.mjs';
import { chosenProfiles } from './browser/profiles.mjs';
import { measureSliders, widgetIds } from './browser/sliders.mjs';
import { measureWorkerSlowdown } from './browser/worker-check.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '').split(',').filter(Boolean);
};
const parts = option('--only') ?? ['loading', 'sliders', 'training', 'kernels'];
const chosenWidgets = option('--widgets') ?? widgetIds;
const devices = chosenProfiles(option('--profile')?.[0]);
const started = performance.now();
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;
const mb = (x) => (x ? `${(x / 2 ** 20).toFixed(1)} MB` : '—');
const limitMs = (x) => (x >= 1000 ? `${x / 1000} s` : `${x} ms`);

// Each stage says on stderr when it ends, so a slow or stuck stage is visible while the run goes on.
async function stage(name, run) {
  const result = await run();
  console.error(`bench:browser: ${name} done at ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return result;
}
const runs = (part) => parts.includes(part);

// Measured once: the Node side has no device profile.
const rawRate = runs('training') ? await stage('raw trainer', () => rawTrainingRate()) : undefined;
const kernels = runs('kernels') ? await stage('kernels', () => widgetKernels()) : undefined;

/** The budget lines of one device profile, then its tables. */
async function measureDevice(profile) {
  const named = (name) => `${profile.name} ${name}`;
  const slowed = profile.cpu > 1 ? await stage(named('worker check'), () => measureWorkerSlowdown(profile)) : undefined;
  const loading = runs('loading') ? await stage(named('loading'), () => measureLoadingRuns(5, profile)) : undefined;
  const sliders = runs('sliders')
    ? await stage(named('sliders'), () => measureSliders({ widgets: chosenWidgets, profile }))
    : undefined;
  const training = runs('training')
    ? await stage(named('training'), () => measureTraining({ seconds: 1.5, profile }))
    : undefined;

  const lines = [];
  const budget = (name, figure, limit, pass) =>
    lines.push(`${pass ? 'PASS' : 'FAIL'}  ${name}  ${figure} (budget ${limit})`);
  const info = (name, figure) => lines.push(`INFO  ${name}  ${figure} (no budget)`);
  if (profile.cpu > 1) {
    const figure = slowed
      ? `${ms(slowed.throttled)} slowed vs ${ms(slowed.free)} free: ${slowed.ratio.toFixed(1)}× ` +
        `(${slowed.perCpuMs ? `${slowed.perCpuMs.toFixed(1)} ms slowed per ms on a CPU; ` : ''}by ${slowed.how})`
      : 'no worker seen';
    info(`core worker at ${profile.cpu}× CPU: one fixed computation timed in it`, figure);
  }
  for (const id of sliders ? chosenWidgets : []) {
    const rows = sliders.rows.filter((r) => r.widget === id);
    const p95 = Math.max(...rows.map((r) => r.p95));
    const max = Math.max(...rows.map((r) => r.max));
    const longTasks = rows.reduce((n, r) => n + r.longTasks, 0);
    const steps = rows.reduce((n, r) => n + r.updates, 0);
    budget(`${id}: input → chart and text, worst slider p95 (${steps} updates)`, ms(p95), '16 ms', p95 <= 16);
    budget(`${id}: input → chart and text, max`, ms(max), '50 ms', max <= 50);
    const tasksName = `${id}: main-thread long tasks while its sliders move`;
    budget(tasksName, `${longTasks}`, 'none over 50 ms', longTasks === 0);
  }
  if (loading) {
    const before = loading.bytesBeforeInteractive;
    const name = 'bytes (gzip) before the first widget is interactive, KaTeX fonts apart';
    budget(name, kb(before), '150 KB', before <= 150 * 1024);
    info('KaTeX fonts (woff2) fetched for the prose meanwhile', kb(loading.fontsBeforeInteractive));
    budget('WASM module (gzip)', kb(loading.wasmGzip), '100 KB', loading.wasmGzip <= 100 * 1024);
    // Times and shift: the median of the loads, with their range.
    const spread = (key, format) =>
      `${format(loading[key])} (${format(loading.ranges[key].low)}–${format(loading.ranges[key].high)})`;
    const of = `${profile.where}, median of ${loading.loads} loads`;
    const { fcp, firstInteractive } = profile.budgets;
    budget(`first contentful paint (${of})`, spread('fcp', ms), limitMs(fcp), loading.fcp <= fcp);
    const interactive = spread('firstInteractive', ms);
    budget(
      `first interactive widget (${of})`,
      interactive,
      limitMs(firstInteractive),
      loading.firstInteractive <= firstInteractive,
    );
    const shift = spread('shift', (x) => x.toFixed(4));
    budget(`cumulative layout shift over a full scroll (${of})`, shift, '0.01', loading.shift <= 0.01);
  }
  if (training) {
    // The raw trainer runs in Node at this machine's speed; on a slowed device it is compared at the same slowdown.
    const raw = rawRate / profile.cpu;
    const share = training.stepsPerSecond / raw;
    const rates = `${(100 * share).toFixed(0)} % (${training.stepsPerSecond.toFixed(0)} vs ${raw.toFixed(0)})`;
    const of = profile.cpu > 1 ? `raw WASM in Node ÷ ${profile.cpu}` : 'raw WASM in Node';
    budget(`Train it at Fast: steps/s in the page vs ${of}`, rates, '≥ 80 %', share >= 0.8);
    const longest = training.longestTask;
    budget('Train it: longest main-thread task while training', ms(longest), 'none over 50 ms', longest <= 50);
  }
  if (sliders || loading) {
    const pageHeap = Math.max(sliders?.peakPageHeap ?? 0, loading?.heap.pageHeap ?? 0);
    info('peak JS heap, page (sampled after each widget)', mb(pageHeap));
    const workerHeap = Math.max(sliders?.peakWorkerHeap ?? 0, loading?.heap.workerHeap ?? 0);
    info('peak JS heap, core worker (sampled after each widget)', mb(workerHeap));
    info('WASM memory', 'not measured: the Memory object is private to the worker module');
  }

  console.log(
    `\n## Profile: ${profile.name} (CPU ${profile.cpu}×, ${profile.network ? 'slow 4G for loading' : 'loopback'})`,
  );
  console.log(lines.join('\n'));
  if (sliders) {
    console.log(`\nInput → chart and text updated, per slider (${profile.name}; ms; keyboard steps in Chromium)`);
    console.log('| widget | slider | updates | drawn on the page | p50 | p95 | max | long tasks |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of sliders.rows) {
      const figures = [r.p50, r.p95, r.max].map((x) => x.toFixed(1)).join(' | ');
      const here = `${Math.round(100 * r.inPage)} %`;
      console.log(`| ${r.widget} | ${r.slider} | ${r.updates} | ${here} | ${figures} | ${r.longTasks} |`);
    }
  }
  if (loading) {
    console.log(
      `\nLoading (${profile.where}, fresh browser profile; times and shift: median of ${loading.loads} loads)`,
    );
    console.log('| measure | value | budget |');
    console.log('|---|---:|---:|');
    const counted = kb(loading.bytesBeforeInteractive);
    console.log(`| bytes before first interactive widget (gzip, KaTeX fonts apart) | ${counted} | 150 KB |`);
    console.log(`| KaTeX fonts fetched meanwhile | ${kb(loading.fontsBeforeInteractive)} | — |`);
    const wasmSizes = `${kb(loading.wasmGzip)} / ${kb(loading.wasmBytes)}`;
    console.log(`| WASM module (gzip / raw) | ${wasmSizes} | 100 KB |`);
    console.log(`| first contentful paint | ${ms(loading.fcp)} | ${limitMs(profile.budgets.fcp)} |`);
    console.log(
      `| first interactive widget | ${ms(loading.firstInteractive)} | ${limitMs(profile.budgets.firstInteractive)} |`,
    );
    console.log(`| layout shift, full scroll | ${loading.shift.toFixed(4)} | 0.01 |`);
    console.log('\nFiles before the first widget was interactive');
    console.log('| file | bytes | gzip |');
    console.log('|---|---:|---:|');
    for (const f of loading.files)
      console.log(`| ${f.path.replace(/-[\w-]{8}\./, '.')} | ${kb(f.bytes)} | ${kb(f.gzip)} |`);
  }
  if (training) {
    console.log(
      `\nTrain it at dₖ = 512, n = 32 (${profile.name}): ${training.stepsPerSecond.toFixed(0)} steps/s per run in ` +
        `the page once under way (its first chunk ${ms(training.startMs)} after Start), ${rawRate.toFixed(0)} raw ` +
        `in Node; frames p95 ${ms(training.p95)}, longest task ${ms(training.longestTask)}.`,
    );
  }
}

for (const profile of devices) await measureDevice(profile);

if (kernels) {
  console.log('\nWhat WASM buys, widget by widget: the heaviest setting each sweep reaches, in Node (median ms)');
  console.log('| widget | setting | WASM | plain JS | JS / WASM |');
  console.log('|---|---|---:|---:|---:|');
  for (const k of kernels) {
    const figures = [k.wasm.toFixed(2), k.js.toFixed(2), `${(k.js / k.wasm).toFixed(2)}×`].join(' | ');
    console.log(`| ${k.widget} | ${k.setting} | ${figures} |`);
  }
}
console.log(`\nbench:browser took ${((performance.now() - started) / 1000).toFixed(0)} s`);
