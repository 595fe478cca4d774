// The gradient-survival badge says what the bars beside it show. Dragging dₖ from 4 to 4096 by keyboard under each
// scale, at every stop: the bars are the core's weights, the badge is the core's verdict on exactly those weights, the
// share the drawn bars give (to within a pixel per bar) is the badge's, the badge never shows more than 100 % and its
// band never turns back. On a phone the badge is on screen together with its slider, in every widget that has one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { chartPicture } from './pictures.mjs';
import { pressSlider } from './sliders.mjs';

const core = await loadCore();
const thresholds = core.survivalThresholds();
const bands = ['healthy', 'fading', 'dying', 'dead'];
const bandOf = (share) =>
  share >= thresholds.healthy ? 0 : share >= thresholds.fading ? 1 : share >= thresholds.dying ? 2 : 3;

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

/** The badge as a learner reads it: its state, and the percent its text shows (0 for "< 0.1 %"). */
async function readBadge(page, selector) {
  return page.$eval(selector, (badge) => ({
    state: badge.dataset.state,
    share: Number(badge.dataset.share),
    text: badge.textContent,
    percent: /< 0\.1 %/.test(badge.textContent) ? 0 : Number(badge.textContent.match(/([\d.]+) %/)?.[1]),
  }));
}

/** What the bars drawn in a 0–1 plot say: their weights, and the share Σpᵢ(1 − pᵢ)/(1 − 1/n) with its pixel error. */
function sharesOfBars(picture) {
  const n = picture.bars.length;
  const weights = picture.bars.map((b) => b.height / picture.area.height);
  const share = weights.reduce((sum, p) => sum + p * (1 - p), 0) / (1 - 1 / n);
  // Each bar may be off by a pixel; ∂share/∂pᵢ = (1 − 2pᵢ)/(1 − 1/n) is at most 1/(1 − 1/n) in size.
  const error = (n * (1.5 / picture.area.height)) / (1 - 1 / n);
  return { weights, share, low: share - error, high: share + error };
}

for (const scale of ['none', 'sqrt', 'linear']) {
  test(`softmax-dies, ${scale}: dragging dₖ from 4 to 4096, the badge agrees with the bars at every stop`, async () => {
    const { page } = lesson;
    const { id } = widgetOf('softmax-dies');
    await page.goto(`${lesson.url}?${id}.dk=4&${id}.scale=${scale}&${id}.precision=float64#${id}`);
    await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
    const steps = [];
    let rendered = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
    for (;;) {
      const picture = await chartPicture(page, `#${id}-widget svg.chart`);
      const badge = await readBadge(page, `#${id}-widget-survival`);
      const at = `${scale}, dₖ = ${rendered.dk}: ${badge.text}`;
      const scores = core.sampleQueryScores({ dk: rendered.dk, keyCount: rendered.keys, seed: rendered.seed });
      const divisor = core.scoreStatistics({ dk: rendered.dk, scale }).divisor;
      const weights = core.softmax(scores, { temperature: divisor });
      const verdict = core.gradientSurvival(weights);
      // The badge is the core's verdict on the weights drawn, never above 100 %, and its text reads its share.
      assert.equal(badge.state, verdict.state, at);
      assert.equal(badge.share, verdict.share, at);
      assert.ok(badge.percent <= 100 && badge.share <= 1, at);
      assert.ok(badge.percent <= badge.share * 100 + 1e-6, `${at}: the text never rounds up past the share`);
      assert.ok(badge.share * 100 - badge.percent < (badge.percent >= 10 ? 1 : 0.1), `${at}: the text reads it`);
      // The bars are those weights, and the share they show lies in the badge's band (within a pixel per bar).
      const bars = sharesOfBars(picture);
      bars.weights.forEach((w, i) => assert.ok(Math.abs(w - weights[i]) * picture.area.height <= 1.5, at));
      assert.ok(bars.low <= verdict.share && verdict.share <= bars.high, `${at}: bars give ${bars.share}`);
      const band = bands.indexOf(badge.state);
      assert.ok(bandOf(bars.high) <= band && band <= bandOf(Math.max(bars.low, 0)), `${at}: bars give ${bars.share}`);
      if (Math.max(...bars.weights) >= 0.95) assert.notEqual(badge.state, 'healthy', `${at}: one towering bar`);
      steps.push({ dk: rendered.dk, band });
      if (rendered.dk >= 4096) break;
      rendered = await pressSlider(page, `#${id}-widget`, 'dk', ['ArrowRight']);
    }
    assert.deepEqual([steps[0].dk, steps.at(-1).dk], [4, 4096]);
    assert.ok(steps.length > 40, `every stop of the slider: ${steps.length}`);
    // No flicker: unscaled only ever towards dead, ÷dₖ only towards healthy, ÷√dₖ never turns back.
    const changes = steps
      .slice(1)
      .map((s, i) => s.band - steps[i].band)
      .filter((d) => d !== 0);
    const trail = steps.map((s) => `${s.dk}:${bands[s.band]}`).join(' ');
    if (scale === 'none')
      assert.ok(
        changes.every((d) => d > 0),
        trail,
      );
    if (scale === 'linear')
      assert.ok(
        changes.every((d) => d < 0),
        trail,
      );
    assert.ok(
      changes.every((d, i) => i === 0 || Math.sign(d) === Math.sign(changes[i - 1])),
      trail,
    );
  });
}

test('at 375 px every gradient-survival badge is on screen together with the slider that moves it', async () => {
  const { page } = lesson;
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    for (const [name, slider, badge] of [
      ['softmax-dies', 'dk', 'survival'],
      ['jacobian-view', 'multiplier', 'survival'],
      ['before-after', 'dk', 'survival'],
    ]) {
      const { id } = widgetOf(name);
      await page.goto(`${lesson.url}#${id}`);
      await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
      const control = page.locator(`#${id}-widget-${slider}-slider`);
      await control.scrollIntoViewIfNeeded();
      // A learner dragging the slider keeps the badge in view: both boxes lie inside the viewport, close together.
      const boxes = await page.evaluate(
        ([s, b]) => {
          const box = (selector) => {
            const r = document.querySelector(selector).getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
          };
          return { slider: box(s), badge: box(b), height: window.innerHeight, width: window.innerWidth };
        },
        [`#${id}-widget-${slider}-slider`, `#${id}-widget-${badge}`],
      );
      const inside = (r) => r.top >= 0 && r.bottom <= boxes.height && r.left >= 0 && r.right <= boxes.width;
      assert.ok(boxes.badge.width > 40, `${name}: the badge is drawn`);
      assert.ok(inside(boxes.slider) && inside(boxes.badge), `${name}: ${JSON.stringify(boxes)}`);
      assert.ok(boxes.badge.top - boxes.slider.bottom < 120, `${name}: the badge sits by the slider`);
      await pressSlider(page, `#${id}-widget`, slider, ['ArrowRight']);
      const after = await page.$eval(`#${id}-widget-${badge}`, (b) => b.getBoundingClientRect().bottom);
      assert.ok(after <= boxes.height, `${name}: still in view after a step of the slider`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
