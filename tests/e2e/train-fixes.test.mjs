// "Train the fixes" in the real page: at least five runs trained together; each run's result sentence equals one made
// from the core's own run in Node with the same settings, the raw curves are drawn where the core's values say,
// every point lies inside its plot, the legend has one entry per run, and the widget reads at 375 and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { loadCore, runKinds } from 'attention-lab/core';
import { schema } from '../../dist/lib/src/widgets/train-fixes/schema.js';
import { reachedAt } from '../js/training-goal.mjs';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { chartPicture } from './pictures.mjs';

let lesson;
let core;
before(async () => {
  [lesson, core] = await Promise.all([openLesson(), loadCore()]);
});
after(() => lesson?.close());

const settings = { dk: 64, keys: 32, learningRate: 0.16, steps: 200, seed: 3 };
// Every run kind on, T5 included: seven runs side by side.
const labels = {
  unscaled: 'unscaled',
  sqrt: '÷√dₖ',
  linear: '÷dₖ',
  'learned-temperature': 'learned τ',
  'qk-norm': 'QK-norm',
  softcap: 'soft-cap 50',
  't5-init': 'T5 init',
};
const switches = { learnedTemperature: true, qkNorm: true, t5Init: true, unscaled: true, sqrt: true, linear: true };

function coreRun(kind) {
  const trainer = core.createTrainer({
    keyCount: settings.keys,
    dk: settings.dk,
    kind,
    seed: settings.seed,
    learningRate: settings.learningRate,
  });
  try {
    const chunk = trainer.run(settings.steps);
    return { accuracy: Array.from(chunk.accuracy), entropy: Array.from(chunk.entropy), logit: chunk.maxAbsScore };
  } finally {
    trainer.delete();
  }
}

async function trained() {
  const { page } = lesson;
  const { id } = widgetOf('train-fixes');
  const state = { ...settings, ...switches };
  const query = new URLSearchParams(Object.entries(state).map(([key, value]) => [`${id}.${key}`, String(value)]));
  await page.goto(`${lesson.url}?${query}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  await page.check(`#${id}-widget-speed-fast`);
  await page.click(`#${id}-widget button.training-start`);
  await page.waitForSelector(`#${id}-widget[data-training="finished"]`, { timeout: 180000 });
  return id;
}

const sentencePattern = new RegExp(
  String.raw`^.+: (?:90 % accuracy at step (\d+)|not 90 % accuracy by step (\d+)); ` +
    String.raw`at step (\d+) attention entropy (\S+), largest logit (\S+)\.$`,
);

// A shown number is the core's value to its printed digits: four significant ones, or three in exponent form.
function assertShown(text, value, what) {
  const shown = Number(text.replace('−', '-'));
  assert.ok(Number.isFinite(shown), `${what}: "${text}" is a number`);
  const digits = /e/i.test(text) ? 3 : 4;
  const tolerance = value === 0 ? 0 : 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(value))) - digits + 1);
  assert.ok(Math.abs(shown - value) <= tolerance * 1.001, `${what}: shown ${text}, core ${value}`);
}

let id;
let runs;

test('seven runs train together; each result sentence is the core run with the same settings', async () => {
  runs = Object.fromEntries(Object.keys(labels).map((kind) => [kind, coreRun(kind)]));
  id = await trained();
  const { page } = lesson;
  const sentences = await page.$$eval(`#${id}-widget .run-results li`, (items) => items.map((li) => li.textContent));
  assert.equal(sentences.length, 7, `one sentence per run: ${sentences.join(' | ')}`);
  for (const [kind, label] of Object.entries(labels)) {
    const run = runs[kind];
    const sentence = sentences.find((text) => text.startsWith(`${label}: `));
    assert.ok(sentence, `${kind}: a sentence starting "${label}:" among ${sentences.join(' | ')}`);
    const parts = sentence.match(sentencePattern);
    assert.ok(parts, `${kind}: "${sentence}" reads as "<run>: 90 % accuracy at step …; at step … entropy …"`);
    const [, reached, notBy, lastStep, entropy, logit] = parts;
    const goal = reachedAt(run.accuracy);
    if (goal === undefined) assert.equal(Number(notBy), settings.steps, `${kind} never reached 90 %: "${sentence}"`);
    else assert.equal(Number(reached), goal, `${kind} reached 90 % at step ${goal}: "${sentence}"`);
    assert.equal(Number(lastStep), settings.steps);
    assertShown(entropy, run.entropy.at(-1), `${kind} final entropy`);
    assertShown(logit, run.logit.at(-1), `${kind} final largest logit`);
  }
  const summary = await page.textContent(`#${id}-widget .chart-summary`);
  assert.match(summary, /learning rate 0\.16, for 200 steps/, `the summary says what was trained: ${summary}`);
});

test('the legend has one entry per run, in the same order as the sentences', async () => {
  const { page } = lesson;
  const entries = await page.$$eval(`#${id}-widget .run-legend .legend-item`, (items) =>
    items.map((item) => item.textContent.trim()),
  );
  assert.deepEqual(entries, Object.values(labels));
  const swatches = await page.$$eval(`#${id}-widget .run-legend .swatch`, (items) =>
    items.map((s) => getComputedStyle(s).backgroundImage),
  );
  assert.equal(new Set(swatches).size, swatches.length, 'every swatch has its own colour and dash pattern');
});

test('every drawn point lies inside its plot; the raw accuracy and entropy follow the core values', async () => {
  const { page } = lesson;
  for (const chart of ['loss', 'accuracy', 'score-gradient', 'entropy', 'largest-logit']) {
    const picture = await chartPicture(page, `#${id}-widget svg.chart.${chart}`);
    const { area } = picture;
    assert.equal(picture.lines.length, 14, `${chart}: a raw and a smoothed line per run`);
    for (const line of picture.lines)
      for (const [x, y] of line.points)
        assert.ok(
          x >= area.x - 1.5 && x <= area.x + area.width + 1.5 && y >= area.y - 1.5 && y <= area.y + area.height + 1.5,
          `${chart} ${line.className}: point (${x}, ${y}) outside ${JSON.stringify(area)}`,
        );
  }
  const accuracy = await chartPicture(page, `#${id}-widget svg.chart.accuracy`);
  const entropy = await chartPicture(page, `#${id}-widget svg.chart.entropy`);
  const rawOf = (picture, kind) => picture.lines.find((l) => l.className === `line run-${kind} raw`);
  // Accuracy runs over a fixed 0–1 axis: the height above the bottom is the value times the plot's height.
  for (const kind of Object.keys(labels)) {
    const drawn = rawOf(accuracy, kind).points;
    assert.equal(drawn.length, settings.steps, `${kind}: one accuracy vertex per step`);
    drawn.forEach(([, y], i) => {
      const expected = accuracy.area.y + accuracy.area.height * (1 - runs[kind].accuracy[i]);
      assert.ok(Math.abs(y - expected) < 1.5, `${kind} accuracy step ${i + 1}: y ${y} vs ${expected}`);
    });
  }
  // Entropy is on a log axis with floor 1e-4: pixel height is linear in log10 of the floored value, one line for all.
  const points = Object.keys(labels).flatMap((kind) =>
    rawOf(entropy, kind).points.map(([, y], i) => [Math.log10(Math.max(runs[kind].entropy[i], 1e-4)), y]),
  );
  const [low, high] = [points.reduce((a, b) => (b[0] < a[0] ? b : a)), points.reduce((a, b) => (b[0] > a[0] ? b : a))];
  assert.ok(high[0] - low[0] > 1, `entropy spans more than a decade: ${low[0]} to ${high[0]}`);
  const slope = (high[1] - low[1]) / (high[0] - low[0]);
  assert.ok(slope < 0, 'larger entropy is drawn higher');
  for (const [value, y] of points)
    assert.ok(Math.abs(low[1] + slope * (value - low[0]) - y) < 1.5, `entropy 10^${value} drawn at y ${y}`);
});

test('the trained widget reads at 375 and 1280 px, light and dark, without sideways scrolling', async () => {
  const { page } = lesson;
  mkdirSync('screenshots', { recursive: true });
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (overflow ${overflow} px)`);
      const legendBox = await page.locator(`#${id}-widget .run-legend`).boundingBox();
      const chartBox = await page.locator(`#${id}-widget svg.chart.loss`).boundingBox();
      assert.ok(legendBox.y + legendBox.height <= chartBox.y, `the legend sits above the charts at ${width} px`);
      await page.locator(`#${id}-widget`).screenshot({ path: `screenshots/widget-train-fixes-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('on a phone the charts draw smoothed curves only, and the legend picks which runs they show', async () => {
  const { page } = lesson;
  const widget = `#${id}-widget`;
  const drawn = (chart) =>
    page.$$eval(`${widget} svg.chart.${chart} path.line`, (lines) =>
      lines.filter((line) => getComputedStyle(line).display !== 'none').map((line) => line.getAttribute('class')),
    );
  await page.setViewportSize({ width: 375, height: 900 });
  assert.deepEqual(
    await drawn('entropy'),
    Object.keys(labels).map((kind) => `line run-${kind}`),
    'one smoothed curve per run, no raw ones',
  );
  // Hide four runs, the last from the keyboard, leaving the three the claim compares.
  const toggle = (label) => `${widget} .run-legend button:text-is("${label}")`;
  for (const label of ['÷dₖ', 'learned τ', 'soft-cap 50']) await page.click(toggle(label));
  await page.focus(toggle('T5 init'));
  await page.keyboard.press('Space');
  const pressed = await page.$$eval(`${widget} .run-legend button`, (buttons) =>
    buttons.map((b) => [b.textContent.trim(), b.getAttribute('aria-pressed')]),
  );
  const picked = ['unscaled', '÷√dₖ', 'QK-norm'];
  assert.deepEqual(
    pressed,
    Object.values(labels).map((label) => [label, String(picked.includes(label))]),
  );
  assert.deepEqual(await drawn('entropy'), ['line run-unscaled', 'line run-sqrt', 'line run-qk-norm']);
  assert.match(
    await page.getAttribute(`${widget} svg.chart.entropy`, 'aria-label'),
    /^Attention entropy at step 200: unscaled \S+, ÷√dₖ \S+, QK-norm \S+\.$/,
    'the chart names the runs it shows',
  );
  assert.equal(await page.$$eval(`${widget} .run-results li`, (items) => items.length), 7, 'every result still listed');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator(widget).screenshot({ path: `screenshots/widget-train-fixes-picked-375-${scheme}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  const wide = await drawn('entropy');
  assert.equal(wide.length, 6, `at 1280 px each shown run has its raw and smoothed curve: ${wide}`);
  for (const label of ['÷dₖ', 'learned τ', 'soft-cap 50', 'T5 init']) await page.click(toggle(label));
  assert.equal((await drawn('entropy')).length, 14, 'shown again');
});

test('the learning-rate slider walks 0.00125 to 0.32 in half doublings, each stop once', async () => {
  const { page } = lesson;
  const slider = `#${id}-widget-learning-rate-slider`;
  await page.focus(slider);
  await page.keyboard.press('Home');
  const seen = [await page.inputValue(`#${id}-widget-learning-rate-box`)];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowRight');
    const value = await page.inputValue(`#${id}-widget-learning-rate-box`);
    if (value === seen.at(-1)) break;
    seen.push(value);
  }
  assert.equal(seen[0], '0.00125');
  assert.equal(seen.at(-1), '0.32', `the slider reaches the top: ${seen}`);
  assert.equal(new Set(seen).size, seen.length, `no stop repeats: ${seen}`);
  seen.slice(1).forEach((value, i) => {
    const ratio = Number(value) / Number(seen[i]);
    assert.ok(Math.abs(ratio - Math.SQRT2) < 0.01, `${seen[i]} → ${value} is half a doubling`);
  });
  assert.equal(await page.getAttribute(`#${id}-widget`, 'data-training'), 'idle', 'a new rate clears the old run');
});

// What one keyboard step changed inside the widget once it drew: [what changed, closest chart or control] pairs.
async function changedByStep(page, widget, slider, key) {
  await page.evaluate((w) => {
    const element = document.querySelector(w);
    const seen = (window.stepChanges = []);
    window.stepObserver = new MutationObserver((list) => {
      for (const m of list) {
        const target = m.target.nodeType === 3 ? m.target.parentElement : m.target; // a text node: its element
        const where = target.closest('svg.chart, button, progress, .training-progress-text, .chart-summary, .control');
        const name = !where || where.matches('button') ? (where ?? target).tagName : where.getAttribute('class');
        seen.push([m.attributeName ?? m.type, name]);
      }
    });
    window.stepObserver.observe(element, { subtree: true, attributes: true, childList: true, characterData: true });
  }, widget);
  const drawn = await page.getAttribute(widget, 'data-rendered');
  await page.focus(slider);
  await page.keyboard.press(key);
  await page.waitForFunction(([w, before]) => document.querySelector(w)?.dataset.rendered !== before, [widget, drawn]);
  // Whatever the step queued for its frame has run once two frames have passed.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    window.stepObserver.disconnect();
    return window.stepChanges;
  });
}

test('an idle step rewrites only what it changes: rate and keys no chart, steps every x axis', async () => {
  const { page } = lesson;
  const widget = `#${id}-widget`;
  const charts = await page.$$eval(`${widget} svg.chart`, (all) => all.map((chart) => chart.getAttribute('class')));
  assert.equal(charts.length, 5, 'loss, accuracy, score gradient, entropy and largest logit');
  const rate = await changedByStep(page, widget, `${widget}-learning-rate-slider`, 'ArrowLeft');
  const rateTouched = new Set(rate.map(([, where]) => where));
  assert.ok(rateTouched.has('chart-summary'), `the plan sentence says the new rate: ${[...rateTouched]}`);
  for (const untouched of [...charts, 'training-progress', 'training-progress-text', 'BUTTON'])
    assert.ok(!rateTouched.has(untouched), `a new rate leaves ${untouched} as it was: ${JSON.stringify(rate)}`);
  const keys = await changedByStep(page, widget, `${widget}-keys-slider`, 'ArrowLeft');
  assert.ok(
    keys.some(([, where]) => where === 'chart-summary'),
    'the plan sentence says the new key count',
  );
  assert.ok(
    !keys.some(([what]) => what === 'max'),
    `the keys slider keeps its top at the same dₖ: ${JSON.stringify(keys)}`,
  );
  assert.ok(
    !keys.some(([, where]) => charts.includes(where)),
    'a new key count leaves the untrained charts as they were',
  );
  const before = await page.textContent(`${widget} .training-progress-text`);
  const steps = await changedByStep(page, widget, `${widget}-steps-slider`, 'ArrowRight');
  const stepsTouched = new Set(steps.map(([, where]) => where));
  for (const chart of charts) assert.ok(stepsTouched.has(chart), `a new step count redraws ${chart}'s x axis`);
  assert.notEqual(await page.textContent(`${widget} .training-progress-text`), before, 'the progress line says it');
  assert.equal(await page.getAttribute(widget, 'data-training'), 'idle');
});

test('unticking runs takes them out of the legend before any training', async () => {
  const { page } = lesson;
  for (const param of ['t5Init', 'linear']) await page.click(`#${id}-widget-${param}`);
  const entries = await page.$$eval(`#${id}-widget .run-legend .legend-item`, (items) =>
    items.map((item) => item.textContent.trim()),
  );
  assert.deepEqual(entries, ['unscaled', '÷√dₖ', 'learned τ', 'QK-norm', 'soft-cap 50']);
  assert.equal(await page.$$eval(`#${id}-widget .run-results li`, (items) => items.length), 0, 'old results go');
});

// Start, and wait for the runs to end: every run must train to its last step, none may fail.
async function trainsToTheEnd(page, widget, where) {
  await page.check(`${widget}-speed-fast`);
  await page.click(`${widget} button.training-start`);
  await page.waitForSelector(`${widget}:is([data-training="finished"], [data-training="failed"])`, { timeout: 120000 });
  assert.equal(await page.getAttribute(widget, 'data-training'), 'finished', `${where}: trained to the end`);
  const notice = await page.textContent(`${widget} .widget-notice`);
  assert.doesNotMatch(notice, /error/i, `${where}: ${notice}`);
}

const valueOf = async (page, box) => Number(await page.inputValue(box));

test('the sliders offer only what trains: every corner of dₖ and keys trains all seven runs', async () => {
  const { page } = lesson;
  const state = { ...switches, steps: 20 };
  const query = new URLSearchParams(Object.entries(state).map(([key, value]) => [`${id}.${key}`, String(value)]));
  await page.goto(`${lesson.url}?${query}#${id}`);
  const widget = `#${id}-widget`;
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  const [dkSlider, keysSlider] = [`${widget}-dk-slider`, `${widget}-keys-slider`];
  const [dkBox, keysBox] = [`${widget}-dk-box`, `${widget}-keys-box`];
  const limitLine = `${widget}-keys-limit`;
  const press = async (slider, key) => {
    await page.focus(slider);
    await page.keyboard.press(key);
    await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  };
  const fewest = schema.keys.maxGiven.max(schema.dk.max);
  const corners = [
    ['Home', 'Home', schema.dk.min, schema.keys.min],
    ['Home', 'End', schema.dk.min, schema.keys.max],
    // Keys at 64, then dₖ to its top: the keys come down to what trains there, and the page says why.
    ['End', null, schema.dk.max, fewest],
    ['End', 'Home', schema.dk.max, schema.keys.min],
  ];
  for (const [dkKey, keysKey, dk, keys] of corners) {
    await press(dkSlider, dkKey);
    if (keysKey) await press(keysSlider, keysKey);
    const where = `dₖ ${dkKey}, keys ${keysKey ?? 'as they were'}`;
    assert.equal(await valueOf(page, dkBox), dk, `${where}: dₖ`);
    assert.equal(await valueOf(page, keysBox), keys, `${where}: keys`);
    const limited = dk === schema.dk.max;
    assert.equal(
      await page.isVisible(limitLine),
      limited,
      `${where}: the reason is shown exactly when keys are limited`,
    );
    if (limited) {
      const reason = await page.textContent(limitLine);
      assert.equal(reason, `At most ${fewest} keys here: ${schema.keys.maxGiven.why(dk)}.`);
      // The slider's own top is the limit: pressing further right stays there.
      await press(keysSlider, 'End');
      await press(keysSlider, 'ArrowRight');
      assert.ok((await valueOf(page, keysBox)) <= fewest, `${where}: the keys slider stops at ${fewest}`);
      await press(keysSlider, keysKey ?? 'End');
    }
    if (!keysKey) {
      const notice = await page.textContent(`${widget} .widget-notice`);
      assert.ok(notice.includes(`keys lowered from ${schema.keys.max} to ${fewest}`), `${where}: notice "${notice}"`);
    }
    // The combination on screen is one the core trains under every kind, and the page trains it.
    for (const kind of runKinds) core.createTrainer({ keyCount: keys, dk, kind, seed: 1 }).delete();
    await trainsToTheEnd(page, widget, where);
  }
});

test('a link asking for 64 keys at dₖ 512 opens at the most keys that train, says so, and trains', async () => {
  const { page } = lesson;
  const state = { ...switches, steps: 20, dk: 512, keys: 64 };
  const query = new URLSearchParams(Object.entries(state).map(([key, value]) => [`${id}.${key}`, String(value)]));
  await page.goto(`${lesson.url}?${query}#${id}`);
  const widget = `#${id}-widget`;
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  const fewest = schema.keys.maxGiven.max(512);
  assert.equal(await valueOf(page, `${widget}-keys-box`), fewest);
  assert.equal(JSON.parse(await page.getAttribute(widget, 'data-rendered')).keys, fewest, 'the view computed with it');
  const notice = await page.textContent(`${widget} .widget-notice`);
  assert.equal(
    notice,
    `Some settings were lowered to what trains: keys lowered from 64 to ${fewest}: ${schema.keys.maxGiven.why(512)}.`,
  );
  await trainsToTheEnd(page, widget, 'the link');
});

test('an embed asking for 64 keys at dₖ 512 is lowered the same way, with the same reason', async () => {
  const { page, server } = lesson;
  await page.goto(`${server.url}embed.html?widget=${id}&dk=512&keys=64&steps=20`);
  const widget = `#${id}-widget`;
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  const fewest = schema.keys.maxGiven.max(512);
  assert.equal(JSON.parse(await page.getAttribute(widget, 'data-rendered')).keys, fewest);
  const notices = await page.$$eval('#page-notices p', (ps) => ps.map((p) => p.textContent));
  assert.ok(
    notices.includes(
      `Some settings were lowered to what trains: keys lowered from 64 to ${fewest}: ${schema.keys.maxGiven.why(512)}.`,
    ),
    notices.join(' | '),
  );
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
