// Each widget's teaching claim (web/src/widgets/<name>/claim.ts): the sentence is shown to the learner, and what it
// says happens is checked on the drawn picture — pixel spreads, bar heights, line positions — as a learner moves it.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { claims } from '../../dist/lib/src/widgets/claims.generated.js';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { chartPicture, spreadOf } from './pictures.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

/** Opens the lesson at a widget with `state` set through the URL; returns the picture of its n-th chart. */
async function view(name, state = {}, n = 0) {
  const { page } = lesson;
  const { id } = widgetOf(name);
  const query = new URLSearchParams(Object.entries(state).map(([key, value]) => [`${id}.${key}`, String(value)]));
  await page.goto(`${lesson.url}?${query}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  const rendered = JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));
  for (const [key, value] of Object.entries(state))
    assert.equal(rendered[key], value, `${name} shows ${key} = ${value}`);
  const picture = await chartPicture(page, `#${id}-widget svg.chart >> nth=${n}`);
  // A chart the browser does not draw measures as nothing: the comparisons below would then hold between zeros.
  assert.ok(picture.area?.width > 50 && picture.area.height > 50, `${name}: the plot area is drawn`);
  return { id, rendered, picture };
}

const tallest = (picture) => Math.max(...picture.bars.map((b) => b.height)) / picture.area.height;

const checks = {
  async 'variance-explorer'(claim) {
    const narrow = spreadOf((await view('variance-explorer', { dk: claim.widens.from, scaled: false })).picture.bars);
    const wide = spreadOf((await view('variance-explorer', { dk: claim.widens.to, scaled: false })).picture.bars);
    assert.ok(narrow > 0, `bars are drawn at dₖ = ${claim.widens.from}`);
    assert.ok(
      wide >= claim.widens.atLeast * narrow,
      `spread at dₖ = ${claim.widens.to}: ${wide} px vs ${narrow} px at ${claim.widens.from}`,
    );
    const snapped = spreadOf((await view('variance-explorer', { dk: claim.snaps.dk, scaled: true })).picture.bars);
    assert.ok(snapped > 0, `bars are drawn under ÷√dₖ at dₖ = ${claim.snaps.dk}`);
    assert.ok(
      wide >= claim.snaps.atLeast * snapped,
      `÷√dₖ at dₖ = ${claim.snaps.dk}: ${snapped} px vs unscaled ${wide} px`,
    );
  },
  async 'softmax-dies'(claim) {
    const verdicts = [];
    for (const dk of claim.journey) {
      const { id, picture } = await view('softmax-dies', { dk, scale: 'none' });
      verdicts.push(await lesson.page.getAttribute(`#${id}-widget .survival-badge`, 'data-state'));
      if (dk === claim.journey.at(-1))
        assert.ok(
          tallest(picture) >= claim.collapsedAtLeast,
          `unscaled at dₖ = ${dk}: tallest bar ${tallest(picture)}`,
        );
    }
    const order = ['healthy', 'fading', 'dying', 'dead'];
    assert.equal(verdicts[0], 'healthy', `the journey starts healthy: ${verdicts}`);
    assert.equal(verdicts.at(-1), 'dead', `and ends dead: ${verdicts}`);
    verdicts.forEach(
      (v, i) => i && assert.ok(order.indexOf(v) >= order.indexOf(verdicts[i - 1]), `never recovers: ${verdicts}`),
    );
    for (const dk of claim.journey) {
      const { id, picture } = await view('softmax-dies', { dk, scale: 'sqrt' });
      assert.equal(await lesson.page.getAttribute(`#${id}-widget .survival-badge`, 'data-state'), 'healthy');
      if (dk === claim.journey.at(-1))
        assert.ok(tallest(picture) < claim.spreadBelow, `÷√dₖ keeps the weights spread: tallest ${tallest(picture)}`);
    }
  },
  async 'before-after'(claim) {
    // dₖ set in the link, as the lesson has it: a figure opened at a chosen view shows its claim (no prediction waits).
    const { picture } = await view('before-after', { dk: widgetOf('before-after').params.dk }, 1);
    const unscaled = picture.bars.filter((b) => b.className.includes('unscaled'));
    const scaled = picture.bars.filter((b) => !b.className.includes('unscaled'));
    assert.ok(
      Math.max(...unscaled.map((b) => b.height)) >= claim.unscaledTallest * picture.area.height,
      'one towering weight unscaled',
    );
    assert.ok(
      scaled.filter((b) => b.height > picture.area.height / 20).length >= claim.scaledVisible,
      'several visible weights scaled',
    );
  },
  async 'saturation-curve'(claim) {
    const { picture, rendered } = await view('saturation-curve', { keys: 4 });
    const [curve] = picture.lines;
    const bottom = picture.area.y + picture.area.height;
    const heightAt = ([, y]) => (bottom - y) / picture.area.height;
    assert.ok(Math.abs(heightAt(curve.points[0]) - 1 / rendered.keys) < 0.01, 'starts at 1/n');
    const marker = picture.references.find((r) => r.className.includes('crossing'));
    const markerX = marker.x + marker.width / 2;
    const after = curve.points.filter(([x]) => x >= markerX + 1);
    assert.ok(
      after.length > 0 && after.every((p) => heightAt(p) >= claim.threshold - 0.002),
      'above the threshold right of the mark',
    );
    const before = curve.points.filter(([x]) => x <= markerX - 1);
    assert.ok(
      before.every((p) => heightAt(p) < claim.threshold),
      'below it left of the mark',
    );
    assert.ok(markerX < picture.area.x + picture.area.width * 0.7, 'within a lead of a few units');
  },
  async 'jacobian-view'(claim) {
    const paleness = (picture) => {
      const distances = picture.cells.map((c) =>
        c.fill
          .match(/\d+/g)
          .map(Number)
          .reduce((a, v) => a + (255 - v), 0),
      );
      return distances.reduce((a, d) => a + d, 0) / distances.length;
    };
    const strong = paleness((await view('jacobian-view', { multiplier: claim.from })).picture);
    const faded = paleness((await view('jacobian-view', { multiplier: claim.to })).picture);
    assert.ok(
      faded < strong / 3,
      `cells fade towards white: colour distance ${strong} at ×${claim.from}, ${faded} at ×${claim.to}`,
    );
  },
  async 'temperature-sweep'() {
    const { page } = lesson;
    const { id } = await view('temperature-sweep');
    const panels = [];
    for (let k = 0; k < 3; k++) panels.push(await chartPicture(page, `#${id}-widget svg.chart >> nth=${k}`));
    const tops = panels.map(tallest);
    assert.ok(tops[0] > tops[1] && tops[1] > tops[2], `the tallest bar falls as τ warms: ${tops}`);
  },
  async 'entropy-vs-dk'(claim) {
    const { picture } = await view('entropy-vs-dk');
    const ceiling = picture.references.find((r) => r.className.includes('ceiling'));
    const bottom = picture.area.y + picture.area.height;
    const share = ([, y]) => (bottom - y) / (bottom - ceiling.y);
    const [none, sqrt, linear] = picture.lines.map((line) => line.points);
    assert.ok(share(none.at(-1)) < claim.unscaledFallsBelow && share(none[0]) > 0.5, 'unscaled falls towards 0');
    assert.ok(Math.abs(share(sqrt.at(-1)) - share(sqrt[0])) < claim.scaledLevelWithin, '÷√dₖ stays level');
    assert.ok(1 - share(linear.at(-1)) < claim.linearNearCeiling, '÷dₖ climbs to the ceiling');
  },
  async 'near-orthogonality'(claim) {
    const wide = spreadOf((await view('near-orthogonality', { d: claim.narrows.from, zoom: false })).picture.bars);
    const narrow = spreadOf((await view('near-orthogonality', { d: claim.narrows.to, zoom: false })).picture.bars);
    assert.ok(narrow > 0, `bars are drawn at d = ${claim.narrows.to}`);
    assert.ok(
      wide >= claim.narrows.atLeast * narrow,
      `spread at d = ${claim.narrows.from}: ${wide} px, at ${claim.narrows.to}: ${narrow} px`,
    );
  },
  async 'float16-overflow'(claim) {
    const { page } = lesson;
    const settings = { dk: claim.dk, spread: claim.spread };
    const after = await view('float16-overflow', { ...settings, order: 'after' });
    const overflowBars = (picture) => picture.bars.filter((b) => b.className.includes('overflow') && b.height > 1);
    const limit = after.picture.references.find((r) => r.className.includes('threshold'));
    assert.ok(overflowBars(after.picture).length > 0, 'after the product, rows reach ∞');
    assert.ok(
      overflowBars(after.picture).every((b) => b.y < limit.y),
      '∞ is drawn above the float16 limit',
    );
    assert.match(await page.textContent(`#${after.id}-widget .chart-summary`), /[1-9]\d* of \d+ weights are NaN/);
    const infinityMarks = await page.$$eval(
      `#${after.id}-widget svg text.bar-label`,
      (texts) => texts.filter((t) => t.textContent === '∞').length,
    );
    assert.equal(infinityMarks, overflowBars(after.picture).length, 'every ∞ bar is labelled ∞');
    const before = await view('float16-overflow', { ...settings, order: 'before' });
    assert.equal(overflowBars(before.picture).length, 0, 'scaling q first: no row reaches ∞');
    const finite = before.picture.bars.filter((b) => !b.className.includes('overflow') && b.height > 0.5);
    assert.equal(finite.length, claim.dk && before.rendered.keys, 'every row has a finite bar');
    assert.ok(
      finite.every((b) => b.y > limit.y),
      'and every bar stays below the limit',
    );
    assert.match(await page.textContent(`#${before.id}-widget .chart-summary`), / 0 of \d+ weights are NaN/);
  },
  async alignment(claim) {
    const { picture } = await view('alignment', { alignment: claim.alignment, dk: claim.from });
    const line = (name) => picture.lines.find((l) => l.className.split(' ').includes(name)).points;
    const dks = Array.from({ length: 13 }, (_, i) => 2 ** i);
    const [sqrt, linear] = [line('scaled'), line('linear')];
    // Pixels per unit from the drawn ÷√dₖ line's two ends: at dₖ = 1 it is ρ, at 4096 it is 64ρ.
    const perUnit = (sqrt[0][1] - sqrt.at(-1)[1]) / (claim.alignment * 63);
    const zero = sqrt[0][1] + claim.alignment * perUnit;
    const value = ([, y]) => (zero - y) / perUnit;
    const grows = value(sqrt[dks.indexOf(claim.to)]) / value(sqrt[dks.indexOf(claim.from)]);
    assert.ok(Math.abs(grows - claim.grows) < 0.05, `÷√dₖ grows ×${grows} from ${claim.from} to ${claim.to}`);
    assert.ok(sqrt[0][1] - sqrt.at(-1)[1] > 0.5 * picture.area.height, '÷√dₖ rises across the plot');
    const [lowest, highest] = claim.bounded;
    assert.ok(
      linear.every((p) => value(p) >= lowest && value(p) <= highest),
      `÷dₖ stays within ${claim.bounded}`,
    );
    assert.ok(Math.max(...linear.map((p) => p[1])) - Math.min(...linear.map((p) => p[1])) < 1.5, '÷dₖ is flat');
    // ρ = 0: all three typical scores sit on one level, the mean 0.
    const independent = (await view('alignment', { alignment: 0, dk: claim.from })).picture;
    const levels = independent.lines.flatMap((l) => l.points.map(([, y]) => y));
    assert.equal(independent.lines.length, 3, 'three curves at ρ = 0');
    assert.ok(Math.max(...levels) - Math.min(...levels) < 1.5, `one level for all three at ρ = 0: ${levels}`);
    assert.match(await lesson.page.textContent(`#${widgetOf('alignment').id}-widget .chart-summary`), /ρ = 0\./);
  },
  async 'train-fixes'(claim) {
    const { page } = lesson;
    const { dk, keys, learningRate, steps } = claim;
    const { id } = await view('train-fixes', { dk, keys, learningRate, steps });
    await page.check(`#${id}-widget-speed-fast`);
    await page.click(`#${id}-widget button.training-start`);
    await page.waitForSelector(`#${id}-widget[data-training="finished"]`, { timeout: 180000 });
    // Where each run's smoothed curve ends, as a share of the plot's height above its floor.
    const endHeight = (picture, kind) => {
      const line = picture.lines.find((l) => l.className === `line run-${kind}`);
      assert.ok(line?.points.length, `the ${kind} run is drawn`);
      const [, y] = line.points.at(-1);
      return (picture.area.y + picture.area.height - y) / picture.area.height;
    };
    const entropy = await chartPicture(page, `#${id}-widget svg.chart.entropy`);
    const logit = await chartPicture(page, `#${id}-widget svg.chart.largest-logit`);
    const held = endHeight(entropy, 'qk-norm');
    for (const kind of ['unscaled', 'sqrt']) {
      const collapsed = endHeight(entropy, kind);
      assert.ok(collapsed <= claim.collapsedBelow, `${kind} entropy ends at ${collapsed} of the height`);
      assert.ok(held >= collapsed + claim.heldAbove, `QK-norm entropy ends at ${held}, ${kind} at ${collapsed}`);
      const grown = endHeight(logit, kind) - endHeight(logit, 'qk-norm');
      assert.ok(grown >= claim.logitAbove, `${kind}'s largest logit ends ${grown} of the height above QK-norm's`);
    }
    mkdirSync('screenshots', { recursive: true });
    await page.locator(`#${id}-widget`).screenshot({ path: 'screenshots/widget-train-fixes-trained-1280-light.png' });
  },
  async 'train-it'(claim) {
    const { page } = lesson;
    const { id } = await view('train-it', { dk: claim.dk, steps: claim.steps });
    await page.check(`#${id}-widget-speed-fast`);
    await page.click(`#${id}-widget button.training-start`);
    await page.waitForSelector(`#${id}-widget[data-training="finished"]`, { timeout: 120000 });
    const accuracy = await chartPicture(page, `#${id}-widget svg.chart.accuracy`);
    const goal = (run) => accuracy.dots.find((d) => d.className.includes('goal') && d.className.includes(run));
    const scaled = goal('scaled');
    assert.ok(scaled, 'the scaled run reaches 90 % and is marked');
    const unscaled = goal('unscaled');
    const right = accuracy.area.x + accuracy.area.width;
    const distance = (dot) => dot.x + dot.width / 2 - accuracy.area.x;
    assert.ok(
      !unscaled || distance(unscaled) >= claim.fasterBy * distance(scaled),
      `scaled mark at ${distance(scaled)} px, unscaled ${unscaled ? distance(unscaled) : 'none'} of ` +
        `${right - accuracy.area.x}`,
    );
    assert.match(await page.textContent(`#${id}-widget svg.chart.score-gradient`), /scaled: solved/);
    mkdirSync('screenshots', { recursive: true });
    await page.locator(`#${id}-widget`).screenshot({ path: 'screenshots/widget-training-trained-1280-light.png' });
  },
};

test('every widget folder has a claim, and every claim a check here', () => {
  assert.deepEqual(Object.keys(checks).sort(), Object.keys(claims).sort());
});

for (const [name, claim] of Object.entries(claims)) {
  test(`${name}: ${claim.sentence}`, async () => {
    const { page } = lesson;
    await checks[name]?.(claim);
    const { id } = widgetOf(name);
    assert.equal(
      (await page.textContent(`#${id}-widget .claim`)).trim(),
      `Look for: ${claim.sentence}`,
      'the learner reads the claim',
    );
  });
}
