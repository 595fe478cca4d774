// Every chart is checked on what it draws, in page pixels, against the numbers the core computes in Node: how many
// bars or vertices, that they lie inside the plot area, that bar heights are proportional to the values and that a
// line's vertical pixels follow its values. A build whose charts draw nothing fails here.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { assertFollows, assertInside, assertProportional, chartPicture } from './pictures.mjs';
import { pressSlider } from './sliders.mjs';

const core = await loadCore();

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

/** Opens the lesson at a widget, with `state` set through the URL as a shared link would. */
async function open(name, state = {}) {
  const { page } = lesson;
  const { id } = widgetOf(name);
  const query = new URLSearchParams(Object.entries(state).map(([key, value]) => [`${id}.${key}`, String(value)]));
  await page.goto(`${lesson.url}?${query}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const params = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
  return { id, params, chart: (n = 0) => chartPicture(page, `#${id}-widget svg.chart >> nth=${n}`) };
}

const heights = (bars) => bars.map((b) => b.height);

test(
  'variance explorer: one bar per bin, heights proportional to the core histogram, density on the same ' + 'scale',
  async () => {
    const { params, chart } = await open('variance-explorer');
    const e = core.dotProductExperiment({
      dk: params.dk,
      count: params.samples,
      seed: params.seed,
      scale: params.scaled ? 'sqrt' : 'none',
      method: 'fast',
      bins: 48,
    });
    const picture = await chart();
    assertInside(assert, picture.area, picture.bars, 'histogram bars');
    const pxPerCount = assertProportional(assert, heights(picture.bars), Array.from(e.histogram.counts), 'histogram');
    const [density] = picture.density;
    assert.equal(density.points.length, 48);
    const bottom = picture.area.y + picture.area.height;
    density.points.forEach(([, y], i) =>
      assert.ok(Math.abs(bottom - y - e.densityCounts[i] * pxPerCount) <= 1.5, `density at bin ${i}`),
    );
  },
);

test('softmax-dies: one bar per key, each as tall as its weight on the fixed 0–1 axis', async () => {
  const { params, chart } = await open('softmax-dies', { dk: 16, scale: 'sqrt' });
  assert.deepEqual([params.dk, params.scale], [16, 'sqrt']);
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const weights = core.softmax(scores, { temperature: Math.sqrt(params.dk) });
  const picture = await chart();
  assertInside(assert, picture.area, picture.bars, 'weight bars');
  const pxPerUnit = assertProportional(assert, heights(picture.bars), Array.from(weights), 'weights');
  assert.ok(Math.abs(pxPerUnit - picture.area.height) <= 1.5, 'a weight of 1 would fill the plot height');
});

test('before/after: score bars proportional to the scores, weight bars to both softmaxes', async () => {
  const { params, chart } = await open('before-after');
  const scores = params.scores
    ? Float64Array.from(params.scores)
    : core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  const root = Math.sqrt(params.dk);
  const scoresPicture = await chart(0);
  const weightsPicture = await chart(1);
  assertInside(assert, scoresPicture.area, scoresPicture.bars, 'score bars');
  assertInside(assert, weightsPicture.area, weightsPicture.bars, 'weight bars');
  // Bars alternate unscaled, scaled for each key.
  const interleave = (a, b) => Array.from(a).flatMap((x, i) => [x, b[i]]);
  assertProportional(
    assert,
    heights(scoresPicture.bars),
    interleave(
      scores,
      scores.map((s) => s / root),
    ),
    'scores',
  );
  const unscaled = core.softmax(scores);
  const scaled = core.softmax(scores, { temperature: root });
  assertProportional(assert, heights(weightsPicture.bars), interleave(unscaled, scaled), 'weights');
  // Each gradient-survival badge is the verdict on its own set of bars: unscaled, then ÷√dₖ.
  const verdicts = await lesson.page.$$eval(`#${widgetOf('before-after').id}-widget .survival-badge`, (badges) =>
    badges.map((b) => ({ state: b.dataset.state, share: Number(b.dataset.share) })),
  );
  assert.deepEqual(verdicts, [core.gradientSurvival(unscaled), core.gradientSurvival(scaled)]);
});

test('saturation curve: 201 vertices on the core p₁, the 0.99 crossing marked at its x', async () => {
  const { params, chart } = await open('saturation-curve');
  const xs = Float64Array.from({ length: 201 }, (_, i) => i / 20);
  const p1 = core.saturationCurve({ xs, keyCount: params.keys });
  const picture = await chart();
  const [curve] = picture.lines;
  assertInside(assert, picture.area, [curve], 'curve');
  assertFollows(assert, curve.points, Array.from(p1), 'p₁');
  const crossing = core.saturationCrossing({ threshold: 0.99, keyCount: params.keys });
  const marker = picture.references.find((r) => r.className.includes('crossing'));
  const expectedX = picture.area.x + (crossing / 10) * picture.area.width;
  assert.ok(Math.abs(marker.x + marker.width / 2 - expectedX) <= 1.5, `the crossing line sits at x = ${crossing}`);
});

test('Jacobian view: n² cells coloured by the sign and size of J, and the norms on log axes', async () => {
  const { params, chart } = await open('jacobian-view', { multiplier: 2 });
  assert.equal(params.multiplier, 2);
  const scores = Float64Array.from(params.scores);
  const jacobian = core.softmaxJacobian(core.softmax(scores, { temperature: 1 / params.multiplier }));
  const heatmap = await chart(0);
  assert.equal(heatmap.cells.length, 16);
  assertInside(assert, heatmap.area, heatmap.cells, 'cells');
  const rgb = (fill) => fill.match(/\d+/g).map(Number);
  heatmap.cells.forEach((cell, k) => {
    assert.ok(cell.width > 10 && cell.height > 10, `cell ${k} is drawn`);
    const [r, , b] = rgb(cell.fill);
    if (jacobian[k] > 0.04) assert.ok(r > b + 10, `J[${k}] = ${jacobian[k]} > 0 is orange (${cell.fill})`);
    if (jacobian[k] < -0.04) assert.ok(b > r + 10, `J[${k}] = ${jacobian[k]} < 0 is blue (${cell.fill})`);
  });
  const largest = Math.max(...jacobian.map(Math.abs));
  const palest = heatmap.cells[jacobian.findIndex((j) => Math.abs(j) === Math.min(...jacobian.map(Math.abs)))];
  const strongest = heatmap.cells[jacobian.findIndex((j) => Math.abs(j) === largest)];
  const lightness = (fill) => rgb(fill).reduce((a, c) => a + c, 0);
  assert.ok(lightness(palest.fill) > lightness(strongest.fill) + 60, 'the fill fades towards white as |J| shrinks');
  const norms = core.jacobianNormsByMultiplier({ scores, multipliers: [1, 2, 5, 10, 20, 50] });
  const normsPicture = await chart(1);
  const [maxAbs, frobenius] = normsPicture.lines;
  assertInside(assert, normsPicture.area, normsPicture.lines, 'norm lines');
  assertFollows(assert, maxAbs.points, Array.from(norms.maxAbs), 'max |J|', { log: true });
  assertFollows(assert, frobenius.points, Array.from(norms.frobenius), '‖J‖_F', { log: true });
  // The badge beside the multiplier is the same verdict as everywhere: the weights' gradient survival.
  const badge = await lesson.page.$eval(`#${widgetOf('jacobian-view').id}-widget .survival-badge`, (b) => ({
    state: b.dataset.state,
    share: Number(b.dataset.share),
  }));
  assert.deepEqual(badge, core.gradientSurvival(core.softmax(scores, { temperature: 1 / params.multiplier })));
  assert.equal(badge.share, norms.survivalShare[1], 'the table row of the current multiplier says the same');
  // Sampled scores, then n up and down: the cells kept from the last n and those added or dropped still read as J,
  // n × n of them, row by row.
  const widget = `#${widgetOf('jacobian-view').id}-widget`;
  await lesson.page.focus(`${widget}-source-given`);
  await lesson.page.keyboard.press('ArrowRight');
  await lesson.page.waitForFunction((w) => document.querySelector(w)?.dataset.rendered?.includes('"sampled"'), widget);
  for (const keys of [
    ['ArrowRight', 'ArrowRight'],
    ['ArrowLeft', 'ArrowLeft', 'ArrowLeft'],
  ]) {
    const drawn = await pressSlider(lesson.page, widget, 'keys', keys);
    const sampled = core.sampleNormals({ count: drawn.keys, seed: drawn.seed });
    const j = core.softmaxJacobian(core.softmax(sampled, { temperature: 1 / drawn.multiplier }));
    const { cells } = await chart(0);
    const n = drawn.keys;
    assert.equal(cells.length, n * n, `n = ${n}: n² cells`);
    cells.forEach((cell, k) => {
      const at = [Math.round((cell.y - cells[0].y) / cell.height), Math.round((cell.x - cells[0].x) / cell.width)];
      assert.deepEqual(at, [Math.floor(k / n), k % n], `n = ${n}: cell ${k} in its row and column`);
      const [r, , b] = rgb(cell.fill);
      if (j[k] > 0.04) assert.ok(r > b + 10, `n = ${n}: J[${k}] = ${j[k]} > 0 is orange (${cell.fill})`);
      if (j[k] < -0.04) assert.ok(b > r + 10, `n = ${n}: J[${k}] = ${j[k]} < 0 is blue (${cell.fill})`);
    });
  }
});

test('temperature sweep: three panels whose bars are the weights at 0.5√dₖ, √dₖ and 2√dₖ', async () => {
  const { params, chart } = await open('temperature-sweep');
  const scores = core.sampleQueryScores({ dk: params.dk, keyCount: params.keys, seed: params.seed });
  for (const [k, factor] of [0.5, 1, 2].entries()) {
    const picture = await chart(k);
    assertInside(assert, picture.area, picture.bars, `panel ${factor}`);
    const pxPerUnit = assertProportional(
      assert,
      heights(picture.bars),
      Array.from(core.softmax(scores, { temperature: factor * Math.sqrt(params.dk) })),
      `τ = ${factor}√dₖ`,
    );
    assert.ok(Math.abs(pxPerUnit - picture.area.height) <= 1.5, 'the same 0–1 axis in every panel');
  }
});

test('entropy against dₖ: three curves of 13 points on the core means, under the ln n ceiling', async () => {
  const { params, chart } = await open('entropy-vs-dk');
  const dks = Array.from({ length: 13 }, (_, i) => 2 ** i);
  const sweep = core.entropySweep({
    dks,
    keyCount: params.keys,
    trials: params.trials,
    seed: params.seed,
    scales: ['none', 'sqrt', 'linear'],
  });
  const picture = await chart();
  assert.equal(picture.lines.length, 3);
  assertInside(assert, picture.area, picture.lines, 'entropy lines');
  // One y axis for all three: check the three together through one affine map.
  const points = picture.lines.flatMap((line) => line.points);
  const values = sweep.meanEntropy.flatMap((row) => Array.from(row));
  assertFollows(assert, points, values, 'mean entropy');
  assert.equal(picture.dots.length, 39, 'a dot per point');
});

test('near-orthogonality: 40 bars proportional to the binned cosines of the core samples', async () => {
  const { params, chart } = await open('near-orthogonality');
  const sweep = core.cosineSweep({ dimensions: [params.d], pairs: params.pairs, seed: params.seed, method: 'fast' });
  const counts = new Array(40).fill(0);
  for (const c of sweep.samples[0]) counts[Math.min(39, Math.floor((c + 1) / 0.05))]++;
  const picture = await chart();
  assertInside(assert, picture.area, picture.bars, 'cosine bars');
  assertProportional(assert, heights(picture.bars), counts, 'cosine histogram');
});

test(
  'float16 overflow: one bar per row, finite rows as tall as their largest |score|, ∞ rows above the ' + 'limit',
  async () => {
    const { id, params, chart } = await open('float16-overflow', { order: 'before', spread: 14 });
    const result = core.float16Scores({
      dk: params.dk,
      keyCount: params.keys,
      spread: params.spread,
      order: params.order,
      seed: params.seed,
    });
    const n = result.keyCount;
    const largest = Array.from({ length: n }, (_, i) =>
      Math.max(...Array.from(result.scores.subarray(i * n, (i + 1) * n), Math.abs)),
    );
    assert.ok(largest.every(Number.isFinite), 'scaled before the product, nothing overflows even at spread 14');
    const picture = await chart();
    assertInside(assert, picture.area, picture.bars, 'row bars');
    const finite = picture.bars.filter((b) => !b.className.includes('overflow'));
    assertProportional(assert, heights(finite), largest, 'largest |score| per row');
    assert.ok(
      picture.bars.filter((b) => b.className.includes('overflow')).every((b) => b.height === 0),
      'no ∞ bars',
    );
    // The three orders' lines carry the core's counts; another order keeps the same lines and moves the mark.
    const lines = () =>
      lesson.page.$$eval(`#${id}-widget .overflow-orders li`, (items) =>
        items.map((li) => ({ text: li.textContent, current: li.getAttribute('aria-current'), kept: li.dataset.kept })),
      );
    const expectLines = (shown, counts) =>
      counts.byOrder.map((o) => ({
        text:
          o.infinities + o.nans === 0
            ? `${orderWords[o.order]}: every score finite`
            : `${orderWords[o.order]}: ${o.infinities} ∞ scores, ${o.nans} NaN weights`,
        current: o.order === shown ? 'true' : null,
        kept: 'yes',
      }));
    const orderWords = {
      after: 'q·k in float16, then ÷√dₖ',
      before: '(q ÷ √dₖ)·k in float16',
      balanced: '(q·dₖ^(−1/4))·(k·dₖ^(−1/4)) in float16',
    };
    await lesson.page.$$eval(`#${id}-widget .overflow-orders li`, (items) =>
      items.forEach((li) => (li.dataset.kept = 'yes')),
    );
    assert.deepEqual(await lines(), expectLines('before', result));
    await lesson.page.check(`#${id}-widget input[type=radio][id$="-after"]`);
    await lesson.page.waitForFunction(
      (w) => JSON.parse(document.querySelector(w).dataset.rendered).order === 'after',
      `#${id}-widget`,
    );
    const { dk, keys: keyCount, spread, seed } = params;
    const afterwards = core.float16Scores({ dk, keyCount, spread, seed, order: 'after' });
    assert.ok(afterwards.infinities > 0, 'q·k first overflows at spread 14');
    assert.deepEqual(await lines(), expectLines('after', afterwards));
  },
);

test('alignment: curves and sample dots on the core values, the unscaled curve cut at the top', async () => {
  const { params, chart } = await open('alignment');
  const dks = Array.from({ length: 13 }, (_, i) => 2 ** i);
  const typical = (scale) =>
    dks.map((dk) => core.alignedScoreStatistics({ dk, alignment: params.alignment, scale }).mean);
  // The samples the core draws for a state of the figure.
  const samplesAt = ({ dk, alignment, pairs, seed }) => core.alignedScores({ dk, alignment, pairs, seed });
  const draw = samplesAt(params);
  const picture = await chart();
  const line = (name) => picture.lines.find((l) => l.className.split(' ').includes(name));
  const centre = (dot) => [dot.x + dot.width / 2, dot.y + dot.height / 2];
  const dotsOf = (classes) =>
    picture.dots.filter((d) => d.className.startsWith('dot ') && d.className.split(' ').join(' ') === classes);
  assert.equal(picture.lines.length, 3, 'one line per scale');
  assertInside(assert, picture.area, picture.lines, 'typical-score lines');
  // Dots at dₖ = 1 and 4096 sit on the edges: their centres, not their radii, lie inside.
  assertInside(
    assert,
    picture.area,
    picture.dots.map((d) => ({ points: [centre(d)] })),
    'dot centres',
  );
  // ÷√dₖ and ÷dₖ share one y axis: their vertices and every sample dot follow the core through one affine map.
  const sqrtPoints = line('scaled').points;
  const linearPoints = line('linear').points;
  const samplePoints = [...dotsOf('dot scaled sample'), ...dotsOf('dot linear sample')].map(centre);
  assert.equal(samplePoints.length, 2 * params.pairs, 'every ÷√dₖ and ÷dₖ sample is drawn');
  assertFollows(
    assert,
    [...sqrtPoints, ...linearPoints, ...samplePoints],
    [...typical('sqrt'), ...typical('linear'), ...draw.sqrt.scores, ...draw.linear.scores],
    'typical scores and samples',
  );
  // Unscaled: the points inside the figure on the same map, then the line runs up to the top edge and is marked.
  const [low, high] = [sqrtPoints[0], sqrtPoints.at(-1)];
  const valueAt = (y) =>
    typical('sqrt')[0] + ((y - low[1]) / (high[1] - low[1])) * (typical('sqrt').at(-1) - typical('sqrt')[0]);
  const top = valueAt(picture.area.y);
  const insideUnscaled = typical('none').filter((v) => v <= top);
  const unscaledPoints = line('unscaled').points;
  assert.equal(unscaledPoints.length, insideUnscaled.length + 1, 'the points inside, and where the line leaves');
  unscaledPoints.slice(0, -1).forEach(([, y], i) => assert.ok(Math.abs(valueAt(y) - insideUnscaled[i]) < 0.05 * top));
  assert.ok(Math.abs(unscaledPoints.at(-1)[1] - picture.area.y) <= 1.5, 'the unscaled line ends on the top edge');
  assert.equal(picture.dots.filter((d) => d.className.includes('exit')).length, 1, 'its exit is marked');
  const unscaledSamples = Array.from(draw.none.scores).filter(
    (v) => v <= top && v >= valueAt(picture.area.y + picture.area.height),
  );
  assert.equal(dotsOf('dot unscaled sample').length, unscaledSamples.length, 'unscaled samples inside the figure');
  // Moved by its slider, to the ends too: every sample still on its core value, at its spread dₖ on the log axis.
  const widget = `#${widgetOf('alignment').id}-widget`;
  for (const keys of [['ArrowRight', 'ArrowRight'], ['End'], ['Home']]) {
    const drawn = await pressSlider(lesson.page, widget, 'dk', keys);
    const moved = samplesAt(drawn);
    const now = await chart();
    const sqrtNow = now.lines.find((l) => l.className.split(' ').includes('scaled')).points;
    const samplesNow = ['scaled', 'linear'].map((scale) =>
      now.dots.filter((d) => d.className === `dot ${scale} sample`).map(centre),
    );
    assert.equal(samplesNow.flat().length, 2 * drawn.pairs, `dₖ = ${drawn.dk}: every ÷√dₖ and ÷dₖ sample is drawn`);
    assertFollows(
      assert,
      [...sqrtNow, ...samplesNow.flat()],
      [...typical('sqrt'), ...moved.sqrt.scores, ...moved.linear.scores],
      `dₖ = ${drawn.dk}: typical scores and samples`,
    );
    // The line's vertices sit at dₖ = 1, 2, …, 4096: one doubling is a fixed width, and the dots spread within ±0.15.
    const doubling = (sqrtNow.at(-1)[0] - sqrtNow[0][0]) / 12;
    const spreadAt = (i) => Math.min(4096, Math.max(1, drawn.dk * 2 ** (((i % 13) - 6) * 0.025)));
    for (const strip of samplesNow) {
      strip.forEach(([x], i) => {
        const expected = sqrtNow[0][0] + Math.log2(spreadAt(i)) * doubling;
        assert.ok(Math.abs(x - expected) <= 1.5, `dₖ = ${drawn.dk}: sample ${i} at x = ${x}, expected ${expected}`);
      });
    }
  }
  // ρ moved while the data table is closed: opened, it reads the typical scores at the new ρ and the samples drawn.
  const last = await pressSlider(lesson.page, widget, 'alignment', ['ArrowRight']);
  assert.notEqual(last.alignment, params.alignment);
  await lesson.page.click(`${widget} details.data summary`);
  const number = (text) => Number(text.replace(/−/g, '-'));
  const expected = dks.map((dk) => [
    dk,
    ...['none', 'sqrt', 'linear'].map(
      (scale) => core.alignedScoreStatistics({ dk, alignment: last.alignment, scale }).mean,
    ),
  ]);
  const close = (text, value) => Math.abs(number(text) - value) <= Math.max(5e-5, Math.abs(value) * 5e-4);
  // The table is written when its disclosure opens: waited for by its last row, ÷√dₖ at dₖ = 4096.
  await lesson.page.waitForFunction(
    ([w, value]) => {
      const text = document.querySelector(`${w} .data-table tbody tr:last-child td:nth-child(3)`)?.textContent ?? '';
      return Math.abs(Number(text.replace(/−/g, '-')) - value) <= Math.abs(value) * 5e-4;
    },
    [widget, expected.at(-1)[2]],
  );
  const table = await lesson.page.$eval(`${widget} .data-table`, (t) =>
    Array.from(t.querySelectorAll('tbody tr, tfoot tr'), (r) => Array.from(r.cells, (c) => c.textContent)),
  );
  expected.forEach((row, i) =>
    row.forEach((value, j) => assert.ok(close(table[i][j], value), `row dₖ = ${row[0]}: ${table[i][j]} vs ${value}`)),
  );
  const sampledNow = core.alignedScores({ dk: last.dk, alignment: last.alignment, pairs: last.pairs, seed: last.seed });
  const footer = table
    .at(-1)
    .slice(1)
    .map((cell) => cell.split(' ± ').map(number));
  [sampledNow.none, sampledNow.sqrt, sampledNow.linear].forEach((scale, k) => {
    assert.ok(close(String(footer[k][0]), scale.mean) && close(String(footer[k][1]), scale.std), `samples ${k}`);
  });
});

test('Train it: after a short run each chart has both runs, raw values on the core trainer step by step', async () => {
  const { page } = lesson;
  const { id, params } = await open('train-it', { steps: 20, dk: 16 });
  assert.deepEqual([params.steps, params.dk], [20, 16]);
  await page.click(`#${id}-widget button.training-start`);
  await page.waitForSelector(`#${id}-widget[data-training="finished"]`);
  const runs = ['scaled', 'unscaled'].map((run) => {
    const trainer = core.createTrainer({
      keyCount: params.keys,
      dk: params.dk,
      scaled: run === 'scaled',
      seed: params.seed,
    });
    const chunk = trainer.run(params.steps);
    const copy = { loss: Array.from(chunk.loss), accuracy: Array.from(chunk.accuracy) };
    trainer.delete();
    return copy;
  });
  // Each run is drawn twice: its raw values, faint, and a running average over them.
  const raw = (picture) => picture.lines.filter((line) => line.className.includes('raw'));
  const loss = await chartPicture(page, `#${id}-widget svg.chart.loss`);
  assert.equal(loss.lines.length, 4);
  assertInside(assert, loss.area, loss.lines, 'loss curves');
  assertFollows(
    assert,
    raw(loss).flatMap((l) => l.points),
    [...runs[0].loss, ...runs[1].loss],
    'loss',
    { log: true },
  );
  const accuracy = await chartPicture(page, `#${id}-widget svg.chart.accuracy`);
  assertInside(assert, accuracy.area, accuracy.lines, 'accuracy curves');
  const bottom = accuracy.area.y + accuracy.area.height;
  raw(accuracy).forEach((line, r) =>
    line.points.forEach(([, y], i) => {
      assert.ok(
        Math.abs(bottom - y - runs[r].accuracy[i] * accuracy.area.height) <= 1.5,
        `accuracy of run ${r} at step ${i + 1}`,
      );
    }),
  );
});
