// Widgets 4–9 and the precision switch in Chromium: each renders, answers its controls by keyboard, says what it shows
// in a sentence and a table, and shows the numbers the core computes (checked against the core loaded in Node).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { loadCore } from 'attention-lab/core';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { chartPicture } from './pictures.mjs';

const core = await loadCore();

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

const rendered = async (page, id) => JSON.parse((await page.getAttribute(`#${id}-widget`, 'data-rendered')) ?? 'null');
const tableRows = (page, id, which = 0) =>
  page.$$eval(
    `#${id}-widget .data-table`,
    (tables, i) =>
      Array.from(tables[i]?.querySelectorAll('tbody tr') ?? [], (row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent),
      ),
    which,
  );
const footRows = (page, id) =>
  page.$$eval(`#${id}-widget .data-table tfoot tr`, (rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)),
  );
const shown = (text) => Number(text.replace(/−/g, '-').split(' ± ')[0].replace('%', ''));
// Shown values have 4 significant digits or 4 decimals, or 3 significant digits in exponent form (1.23e−5).
const near = (text, expected) =>
  Math.abs(shown(text) - expected) <=
  (/e/.test(text) ? Math.abs(expected) * 5e-3 : Math.max(5e-5, Math.abs(expected) * 5e-4));

async function open(page, id, query = '') {
  await page.goto(`${lesson.url}${query}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  return rendered(page, id);
}

/**
 * Presses keys on a control, then waits until the widget has drawn the state `expected` describes (not an intermediate
 * one).
 */
async function pressOn(page, id, selector, keys, expected) {
  await page.focus(selector);
  for (const key of keys) await page.keyboard.press(key);
  await page.waitForFunction(
    ([w, want]) => {
      const element = document.querySelector(w);
      const now = JSON.parse(element?.dataset.rendered ?? 'null');
      return now && !element.hasAttribute('aria-busy') && Object.entries(want).every(([k, v]) => now[k] === v);
    },
    [`#${id}-widget`, expected],
  );
  return rendered(page, id);
}

/**
 * Lets the core worker run several turns of its event loop and the page receive what they posted: a training run
 * that were still going would send progress in that time (it trains one chunk per turn).
 */
async function workerTurns(page, turns = 10) {
  const [worker] = page.workers();
  assert.ok(worker, 'the core worker is running');
  for (let i = 0; i < turns; i++) await worker.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

async function assertChartAndSummary(page, id, pattern) {
  for (const chart of await page.$$(`#${id}-widget svg.chart`)) {
    assert.equal(await chart.getAttribute('role'), 'img');
    assert.ok(
      (await chart.getAttribute('aria-label'))?.length > 20,
      'every chart has a summary for its accessible name',
    );
  }
  assert.match(await page.textContent(`#${id}-widget .chart-summary`), pattern);
}

test('saturation curve: n by keyboard, p₁ and the 0.99 crossing as the core computes them', async () => {
  const { page } = lesson;
  const { id, params: first } = widgetOf('saturation-curve');
  const keys = Number(first.keys) + 3;
  await open(page, id);
  const params = await pressOn(page, id, `#${id}-widget-keys-slider`, ['ArrowRight', 'ArrowRight', 'ArrowRight'], {
    keys,
  });
  assert.equal(params.keys, keys);
  assert.equal(await page.getAttribute(`#${id}-widget-keys-slider`, 'aria-valuetext'), `n = ${keys}`);
  const rows = await tableRows(page, id);
  assert.equal(rows.length, 11, 'x = 0, 1, …, 10');
  const p1 = core.saturationCurve({ xs: rows.map(([x]) => shown(x)), keyCount: keys });
  rows.forEach(([x, p], i) => assert.ok(near(p, p1[i]), `p₁ at x = ${x}: shown ${p}, core ${p1[i]}`));
  const crossing = core.saturationCrossing({ threshold: 0.99, keyCount: keys });
  const [[label, atCrossing]] = await footRows(page, id);
  assert.ok(near(label.split('= ')[1], crossing), `${label} vs ${crossing}`);
  assert.ok(near(atCrossing, 0.99));
  await assertChartAndSummary(page, id, new RegExp(`passes 0.99 at x = ${Number(crossing.toPrecision(4))}`));
  assert.equal(await page.isHidden(`#${id}-widget .seed`), true, 'nothing random, so no seed');
});

test('Jacobian view: multiplier and score source by keyboard; heatmap, norms and J match the core', async () => {
  const { page } = lesson;
  const { id } = widgetOf('jacobian-view');
  const initial = await open(page, id);
  assert.deepEqual(initial.scores, [1, 0.5, 0, -0.5]);
  const params = await pressOn(
    page,
    id,
    `#${id}-widget-multiplier-slider`,
    ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight'],
    { multiplier: 5 },
  );
  assert.equal(params.multiplier, 5);
  const scores = Float64Array.from(params.scores);
  const norms = core.jacobianNormsByMultiplier({ scores, multipliers: [1, 5, 10, 20, 50] });
  const rows = await tableRows(page, id, 0);
  assert.deepEqual(
    rows.map(([m]) => m),
    ['1', '5 (now)', '10', '20', '50'],
  );
  rows.forEach(([, maxAbs, frobenius], i) => {
    assert.ok(near(maxAbs, norms.maxAbs[i]) && near(frobenius, norms.frobenius[i]), `row ${i}`);
  });
  const jacobian = core.softmaxJacobian(core.softmax(scores, { temperature: 1 / 5 }));
  // The matrix is read as a learner reads it: its disclosure opened (a closed one is written when it opens).
  await page.click(`#${id}-widget details.data >> nth=1 >> summary`);
  const p1 = core.softmax(scores, { temperature: 1 / 5 })[0];
  await page.waitForFunction(
    ([w, p]) => {
      const first = document.querySelectorAll(`${w} .data-table`)[1]?.querySelector('tbody th')?.textContent ?? '';
      return Math.abs(Number(first.split('= ')[1]) - p) < 5e-5;
    },
    [`#${id}-widget`, p1],
  );
  const matrix = await tableRows(page, id, 1);
  matrix.forEach((row, i) =>
    row
      .slice(1)
      .forEach((entry, j) =>
        assert.ok(near(entry, jacobian[i * 4 + j]), `J[${i}][${j}]: ${entry} vs ${jacobian[i * 4 + j]}`),
      ),
  );
  assert.equal((await page.$$(`#${id}-widget svg.heatmap rect.cell`)).length, 16);
  assert.equal((await page.$$(`#${id}-widget svg.heatmap stop`)).length, 11, 'a legend drawn from the colour scale');
  await assertChartAndSummary(page, id, /At 5 times the scores: gradient/);

  const sampled = await pressOn(page, id, `#${id}-widget-source-given`, ['ArrowRight'], { source: 'sampled' });
  assert.equal(sampled.source, 'sampled');
  const drawn = core.sampleNormals({ count: sampled.keys, seed: sampled.seed });
  const sampledRows = await tableRows(page, id, 1);
  assert.equal(sampledRows.length, sampled.keys);
  const p = core.softmax(drawn, { temperature: 1 / sampled.multiplier });
  sampledRows.forEach(([label], i) => assert.ok(near(label.split('= ')[1], p[i]), `p${i + 1}`));
});

test('temperature sweep: dₖ by keyboard; three panels of the same scores at 0.5√dₖ, √dₖ, 2√dₖ', async () => {
  const { page } = lesson;
  const { id } = widgetOf('temperature-sweep');
  await open(page, id);
  const params = await pressOn(
    page,
    id,
    `#${id}-widget-dk-slider`,
    ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight'],
    { dk: 128 },
  );
  assert.equal(params.dk, 128);
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const root = core.scoreStatistics({ dk: params.dk, scale: 'sqrt' }).divisor;
  const weights = [0.5, 1, 2].map((f) => core.softmax(scores, { temperature: f * root }));
  const rows = await tableRows(page, id);
  assert.equal(rows.length, params.keys);
  rows.forEach(([, score, ...ws], i) => {
    assert.ok(Math.abs(shown(score) - scores[i]) <= 0.005 + 1e-9);
    ws.forEach((w, k) => assert.ok(near(w, weights[k][i]), `key ${i} at factor ${k}`));
  });
  assert.equal((await page.$$(`#${id}-widget svg.chart`)).length, 3);
  await assertChartAndSummary(page, id, /dₖ = 128 \(√dₖ = 11\.31\)/);
});

test("entropy against dₖ: n by keyboard; every mean ± SE is the core's entropy sweep", async () => {
  const { page } = lesson;
  const { id } = widgetOf('entropy-vs-dk');
  await open(page, id);
  const params = await pressOn(
    page,
    id,
    `#${id}-widget-keys-slider`,
    ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft'],
    { keys: 4 },
  );
  assert.equal(params.keys, 4);
  const dks = Array.from({ length: 13 }, (_, i) => 2 ** i);
  const sweep = core.entropySweep({
    dks,
    keyCount: 4,
    trials: params.trials,
    seed: params.seed,
    scales: ['none', 'sqrt', 'linear'],
  });
  // A closed table is written when opened: what a reader opens is the sweep drawn now, not the first one.
  await page.click(`#${id}-widget details.data summary`);
  await page.waitForFunction(
    (w) => Math.abs(Number(document.querySelector(`${w} .data-table tfoot td`)?.textContent) - Math.log(4)) < 1e-3,
    `#${id}-widget`,
  );
  const rows = await tableRows(page, id);
  assert.deepEqual(
    rows.map(([dk]) => Number(dk)),
    dks,
  );
  rows.forEach(([, ...cells], i) =>
    cells.forEach((cell, s) => {
      const [mean, error] = cell.split(' ± ');
      assert.ok(
        near(mean, sweep.meanEntropy[s][i]) && near(error, sweep.entropyStandardError[s][i]),
        `dₖ ${dks[i]}, scale ${s}: ${cell}`,
      );
    }),
  );
  const [[, ceiling]] = await footRows(page, id);
  assert.ok(near(ceiling, Math.log(4)));
  // One error bar per nonzero standard error, in one path per scale.
  const bars = await page.$$eval(`#${id}-widget svg.chart path.error-bar`, (paths) =>
    paths.map((p) => (p.getAttribute('d') ?? '').split('M').length - 1),
  );
  assert.deepEqual(
    bars,
    sweep.entropyStandardError.map((row) => Array.from(row).filter((e) => e > 0).length),
  );
  await assertChartAndSummary(page, id, /ceiling ln 4 is 1\.386 nats/);
});

test("near-orthogonality: zoom and d by keyboard; variance ± SE next to 1/d, from the core's samples", async () => {
  const { page } = lesson;
  const { id } = widgetOf('near-orthogonality');
  await open(page, id);
  const zoomed = await pressOn(page, id, `#${id}-widget-zoom`, ['Space'], { zoom: true });
  assert.equal(zoomed.zoom, true);
  const params = await pressOn(page, id, `#${id}-widget-d-slider`, ['ArrowRight', 'ArrowRight'], { d: 128 });
  assert.equal(params.d, 128);
  const sweep = core.cosineSweep({ dimensions: [params.d], pairs: params.pairs, seed: params.seed, method: 'fast' });
  const rows = Object.fromEntries(
    (await tableRows(page, id)).map(([name, sample, theory]) => [name, { sample, theory }]),
  );
  const [variance, error] = rows.Variance.sample.split(' ± ');
  assert.ok(near(variance, sweep.variance[0]) && near(error, sweep.varianceStandardError[0]));
  assert.ok(near(rows.Variance.theory, sweep.theoryVariance[0]));
  assert.ok(near(rows.Mean.sample, sweep.mean[0]));
  const half = 4 / Math.sqrt(params.d);
  const outside = Array.from(sweep.samples[0]).filter((c) => Math.abs(c) > half).length;
  assert.equal(Number(rows['Pairs outside the axis'].sample), outside, 'the zoomed axis says what it leaves out');
  assert.equal((await chartPicture(page, `#${id}-widget svg.histogram`)).bars.length, 40, 'one bar per bin');
  await assertChartAndSummary(page, id, /at d = 128: sample variance/);
});

test("softmax-dies precision switch: a radio by keyboard, and the count of exact zeros is the core's", async () => {
  const { page } = lesson;
  const { id } = widgetOf('softmax-dies');
  await open(page, id, `?${id}.dk=4096&${id}.scale=none`);
  const params = await pressOn(page, id, `#${id}-widget-precision-float64`, ['ArrowRight', 'ArrowRight'], {
    precision: 'float16',
  });
  assert.equal(params.precision, 'float16');
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const expected = core.softmaxInPrecision(scores, { temperature: 1, precision: 'float16' });
  const rows = await tableRows(page, id);
  rows.forEach(([, , weight], i) => assert.ok(near(weight, expected.weights[i]), `weight ${i}`));
  const [[, , zeros]] = await footRows(page, id);
  assert.equal(Number(zeros), expected.exactZeros);
  assert.match(
    await page.textContent(`#${id}-widget .chart-summary`),
    new RegExp(`In float16, ${expected.exactZeros} of the ${params.keys} weights? (is|are) exactly 0`),
  );
});

test("widget state comes from the URL and bad values fall back to the lesson's", async () => {
  const { page } = lesson;
  const orth = widgetOf('near-orthogonality').id;
  const params = await open(page, orth, `?${orth}.d=1024&${orth}.pairs=300&${orth}.seed=9&${orth}.zoom=true`);
  assert.deepEqual([params.d, params.pairs, params.seed, params.zoom], [1024, 300, 9, true]);
  const train = widgetOf('train-it').id;
  const training = await open(page, train, `?${train}.dk=2048&${train}.steps=100`);
  assert.equal(training.dk, widgetOf('train-it').params.dk, 'dₖ above 512 is refused');
  assert.equal(training.steps, 100);
  assert.match(await page.textContent(`#${train}-widget .widget-notice`), /train-it: dk = 2048 is out of range/);
});

test('Resample on a training widget goes round the five seeds its sentences are checked at', async () => {
  const { page } = lesson;
  const train = widgetOf('train-it').id;
  assert.equal((await open(page, train, `?${train}.seed=4`)).seed, 4);
  for (const expected of [5, 1]) {
    await page.click(`#${train}-widget .seed button`);
    await page.waitForFunction(
      ([w, seed]) => JSON.parse(document.querySelector(w)?.dataset.rendered ?? 'null')?.seed === seed,
      [`#${train}-widget`, expected],
    );
    assert.equal(await page.textContent(`#${train}-widget .seed output`), String(expected));
  }
  // A link to a seed the lesson has not checked falls back to the lesson's own, and says so.
  assert.equal((await open(page, train, `?${train}.seed=6`)).seed, widgetOf('train-it').params.seed);
  assert.match(await page.textContent(`#${train}-widget .widget-notice`), /train-it: seed = 6 is out of range/);
  // Widgets that draw samples keep an open-ended Resample.
  const orth = widgetOf('near-orthogonality').id;
  await open(page, orth, `?${orth}.seed=5`);
  await page.click(`#${orth}-widget .seed button`);
  await page.waitForFunction(
    (w) => JSON.parse(document.querySelector(w)?.dataset.rendered ?? 'null')?.seed === 6,
    `#${orth}-widget`,
  );
});

const trainingState = (page, id) => page.getAttribute(`#${id}-widget`, 'data-training');

test('train it: Start, live curves, another widget still answers, Stop; then a short run to completion', async () => {
  const { page } = lesson;
  const id = widgetOf('train-it').id;
  const other = widgetOf('saturation-curve').id;
  await open(page, other);
  // The slowest settings: the run must still be going when the other widget redraws, even on a loaded machine.
  await open(page, id, `?${id}.dk=512&${id}.keys=32&${id}.steps=3000`);
  await page.focus(`#${id}-widget button.training-start`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 20, `#${id}-widget progress`);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Pause', 'focus moves on to Pause');
  // Another widget is answered while the worker trains.
  await page.locator(`#${other}`).scrollIntoViewIfNeeded();
  const moved = await pressOn(page, other, `#${other}-widget-keys-slider`, ['ArrowRight'], {
    keys: Number(widgetOf('saturation-curve').params.keys) + 1,
  });
  assert.equal(moved.keys, Number(widgetOf('saturation-curve').params.keys) + 1);
  assert.equal(await trainingState(page, id), 'running', 'still training when the other widget redrew');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.focus(`#${id}-widget button.training-stop`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((w) => document.querySelector(w)?.dataset.training === 'stopped', `#${id}-widget`);
  assert.match(await page.textContent(`#${id}-widget .chart-summary`), /Stopped after \d+ of 3000 steps/);

  // Restart with a short run by typing the step count, and let it finish.
  await page.fill(`#${id}-widget-steps-box`, '200');
  await page.press(`#${id}-widget-steps-box`, 'Enter');
  await page.waitForFunction(
    (w) =>
      document.querySelector(w)?.dataset.training === 'idle' &&
      JSON.parse(document.querySelector(w).dataset.rendered).steps === 200,
    `#${id}-widget`,
  );
  await page.check(`#${id}-widget-speed-fast`);
  await page.click(`#${id}-widget button.training-start`);
  await page.waitForFunction((w) => document.querySelector(w)?.dataset.training === 'finished', `#${id}-widget`, {
    timeout: 60000,
  });
  assert.equal(await page.$eval(`#${id}-widget progress`, (p) => p.value), 200);
  const summary = await page.textContent(`#${id}-widget .chart-summary`);
  assert.match(
    summary,
    new RegExp(
      'The scaled run (reached 90% accuracy at step \\d+|had not reached 90% accuracy by step 200); ' +
        'the unscaled run (at step \\d+|had not by step 200)',
    ),
  );

  // The table's last row is step 200 of two trainers built the same way in Node.
  const rows = await tableRows(page, id);
  const last = rows.at(-1);
  assert.equal(last[0], '200');
  const trained = await rendered(page, id);
  const runs = ['scaled', 'unscaled'].map((name) => {
    const trainer = core.createTrainer({
      keyCount: trained.keys,
      dk: trained.dk,
      scaled: name === 'scaled',
      seed: trained.seed,
    });
    try {
      return trainer.run(200);
    } finally {
      trainer.delete();
    }
  });
  const cells = last.slice(1);
  ['loss', 'accuracy', 'gradientNorm', 'scoreGradientNorm'].forEach((metric, m) =>
    runs.forEach((run, r) => {
      const cell = cells[2 * m + r];
      assert.ok(
        run[metric][199] === 0 ? cell === '0' : near(cell, run[metric][199]),
        `${metric} of run ${r}: shown ${cell}, core ${run[metric][199]}`,
      );
    }),
  );
  assert.equal(
    await page.$eval(`#${id}-widget button.training-start`, (b) => b.disabled),
    false,
    'Start again is possible',
  );
  for (const chart of await page.$$(`#${id}-widget svg.training`))
    assert.match(await chart.getAttribute('aria-label'), /at step 200: scaled/);
});

test(
  'train it: Pause freezes the run and Resume continues it; a new setting mid-run starts clean and stays ' +
    'controllable',
  async () => {
    const { page } = lesson;
    const id = widgetOf('train-it').id;
    await open(page, id, `?${id}.dk=256&${id}.steps=3000`);
    const progress = () => page.$eval(`#${id}-widget progress`, (p) => Number(p.value));
    await page.click(`#${id}-widget button.training-start`);
    await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 30, `#${id}-widget progress`);
    await page.click(`#${id}-widget button.training-pause`);
    await page.waitForFunction((w) => document.querySelector(w)?.dataset.training === 'paused', `#${id}-widget`);
    const paused = await progress();
    await workerTurns(page);
    assert.equal(await progress(), paused, 'nothing trains while paused');
    await page.click(`#${id}-widget button.training-resume`);
    await page.waitForFunction(
      ([w, p]) => Number(document.querySelector(w)?.value) > p + 20,
      [`#${id}-widget progress`, paused],
    );

    // Moving a control mid-run: the old run must not repaint the widget, and a new Start must be fully controllable.
    await page.focus(`#${id}-widget-keys-slider`);
    await page.keyboard.press('ArrowRight');
    await page.click(`#${id}-widget button.training-start`);
    await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 20, `#${id}-widget progress`);
    assert.equal(await trainingState(page, id), 'running');
    assert.equal(
      await page.$eval(`#${id}-widget button.training-stop`, (b) => b.disabled),
      false,
      'Stop works for the new run',
    );
    await page.click(`#${id}-widget button.training-stop`);
    assert.equal(await trainingState(page, id), 'stopped');
    const stoppedAt = await progress();
    await workerTurns(page);
    assert.equal(await progress(), stoppedAt, 'a stopped run sends nothing more');
    await page.focus(`#${id}-widget-keys-slider`);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((w) => document.querySelector(w)?.dataset.training === 'idle', `#${id}-widget`);
    await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
    await workerTurns(page);
    assert.equal(await trainingState(page, id), 'idle', 'a new setting leaves the widget idle, not showing an old run');
    assert.match(await page.textContent(`#${id}-widget .chart-summary`), /Press Start to train\.$/);
    assert.equal(await progress(), 0);
  },
);

for (const scheme of ['light', 'dark']) {
  test(`axe: the new widgets with their data tables open pass WCAG 2.2 AA in the ${scheme} theme`, async () => {
    const { page } = lesson;
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(lesson.url);
    for (const name of [
      'saturation-curve',
      'jacobian-view',
      'temperature-sweep',
      'entropy-vs-dk',
      'near-orthogonality',
      'train-it',
    ]) {
      const { id } = widgetOf(name);
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
      await page.$$eval(`#${id}-widget details.data`, (all) => all.forEach((d) => (d.open = true)));
    }
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    assert.deepEqual(
      results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`),
      [],
    );
  });
}

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
