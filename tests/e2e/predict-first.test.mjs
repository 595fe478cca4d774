// Predict first, on the real page: each widget the lesson asks a prediction on keeps its answer out of the picture and
// out of its text until the learner commits a guess or skips; then the guess is drawn on the result, and the guess (or
// the skip) is in "Download my results" and, in an LMS, an interaction that no score counts.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { widgetPredictions } from '../../dist/lib/src/widgets/predictions.generated.js';
import { downloadedText, openLesson } from './browser.mjs';
import { widgets } from './lesson-data.mjs';
import { assertApart, chartPicture } from './pictures.mjs';
import { lmsInteractions, lmsRecord, lmsTestBed, openLms, predictInLms } from './scorm-lms.mjs';

const asked = widgets.filter((w) => w.predict);
const byWidget = Object.fromEntries(asked.map((w) => [w.widget, w]));
const core = await loadCore();
/** What the core says each widget shows at the state its prediction asks about, at the lesson's seed. */
const truth = (w) => widgetPredictions[w.widget].measure(core, { ...w.params, ...w.predict.at });
/** A number as the page writes it (format.ts formatValue: four significant digits). */
const shown = (x) => String(Number(x.toPrecision(4)));

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

/** Everything a learner or a screen reader gets from the widget and its panel: text, aria labels, input values. */
const everythingSaid = (page, id) =>
  page.evaluate(
    (ids) =>
      ids
        .map((one) => document.getElementById(one))
        .flatMap((element) => [
          element.textContent,
          ...[...element.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
          ...[...element.querySelectorAll('input')].map((input) => input.value),
        ])
        .join(' '),
    [`${id}-widget`, `${id}-predict`],
  );

/** Opens the lesson at the widget, waits for its first drawing and its panel; returns what is said and drawn. */
async function openAt(id, state = 'pending') {
  const { page } = lesson;
  await page.goto(`${lesson.url}#${id}`);
  await page.waitForSelector(`#${id}-predict[data-state="${state}"]`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`);
  return everythingSaid(page, id);
}

async function commit(id, guess) {
  const { page } = lesson;
  if (typeof guess === 'number') {
    // By keyboard alone: type the guess, Tab to "Commit my guess", Enter; focus then waits where the verdict goes.
    await page.fill(`#${id}-predict-guess-box`, String(guess));
    await page.press(`#${id}-predict-guess-box`, 'Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.className), 'predict-commit');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.className), 'predict-outcome');
  } else {
    await page.check(`#${id}-predict input[value="${guess}"]`);
    await page.click(`#${id}-predict .predict-commit`);
  }
  await page.waitForSelector(`#${id}-predict[data-state="revealed"]`);
  await page.waitForSelector(`#${id}-widget:not([aria-busy])`);
}

const guessLines = (picture) => picture.references.filter((r) => r.className.includes('guess'));
const near = (a, b, what, slack = 2) => assert.ok(Math.abs(a - b) <= slack, `${what}: ${a} vs ${b}`);

test('variance explorer: ±2σ at dₖ = 4096 is not drawn or said before the guess; then both are drawn', async () => {
  const w = byWidget['variance-explorer'];
  const { twoSigma } = truth(w);
  const said = await openAt(w.id);
  assert.equal(said.includes(shown(twoSigma)), false, `the answer ${twoSigma} is nowhere before the guess`);
  const x = (picture, value) => picture.area.x + ((value + 256) / 512) * picture.area.width; // the fixed ±256 axis
  const spread = (p) => p.references.filter((r) => r.className.includes('theory-spread'));
  const before = await chartPicture(lesson.page, `#${w.id}-widget svg.chart`);
  for (const line of spread(before))
    assert.ok(Math.abs(line.x - x(before, twoSigma)) > 20, 'no ±2σ line at the answer');
  // On the picture itself: a press on the histogram at −150 places a guess of 150 there (the slider follows).
  await lesson.page.locator(`#${w.id}-widget svg.chart`).scrollIntoViewIfNeeded();
  const seen = await chartPicture(lesson.page, `#${w.id}-widget svg.chart`);
  await lesson.page.mouse.click(x(seen, -150), seen.area.y + seen.area.height / 2);
  const placed = Number(await lesson.page.inputValue(`#${w.id}-predict-guess-box`));
  near(placed, 150, 'the guess placed by pointer', 3);
  const [left] = guessLines(await chartPicture(lesson.page, `#${w.id}-widget svg.chart`)).map((r) => r.x);
  near(left, x(seen, -placed), 'and drawn where it was placed');
  await commit(w.id, 90);
  const picture = await chartPicture(lesson.page, `#${w.id}-widget svg.chart`);
  const drawn = guessLines(picture)
    .map((r) => r.x)
    .sort((a, b) => a - b);
  assert.equal(drawn.length, 2, 'the guess is drawn as a ± pair of lines');
  near(drawn[0], x(picture, -90), 'guess −90');
  near(drawn[1], x(picture, 90), 'guess +90');
  near(Math.max(...spread(picture).map((r) => r.x)), x(picture, twoSigma), 'the result +2σ');
  // The guess is close to the answer, so its label and the ±2σ label compete for the same room.
  assert.deepEqual(
    picture.labels.map((l) => l.text),
    ['±2σ = ±128', 'your guess 90'],
  );
  assertApart(assert, picture.labels, 'labels at 1280 px');
  assert.match(
    await lesson.page.textContent(`#${w.id}-predict .predict-verdict`),
    /Your guess: 90\. The figure: 128\./,
  );
});

test('softmax-dies: the tallest weight at dₖ = 512 is hidden before the guess; then the guess is drawn', async () => {
  const w = byWidget['softmax-dies'];
  const { largestWeight } = truth(w);
  const said = await openAt(w.id);
  assert.equal(said.includes(largestWeight.toFixed(4)), false, 'the answer is nowhere before the guess');
  const tallest = (p) => Math.max(...p.bars.map((b) => b.height)) / p.area.height;
  assert.ok(tallest(await chartPicture(lesson.page, `#${w.id}-widget svg.chart`)) < largestWeight - 0.2);
  await commit(w.id, 0.6);
  const picture = await chartPicture(lesson.page, `#${w.id}-widget svg.chart`);
  const [line] = guessLines(picture);
  near(line.y, picture.area.y + 0.4 * picture.area.height, 'the guess 0.6 on the weight axis');
  near(tallest(picture), largestWeight, 'the tallest bar is the result', 0.01);
});

test('before-after: what ÷√dₖ does at 4096 is not shown before a pick; then the pick is drawn', async () => {
  const w = byWidget['before-after'];
  const said = await openAt(w.id);
  assert.equal(said.includes('dₖ = 4096'), false, 'the figure does not show dₖ = 4096 before the pick');
  await commit(w.id, 'one-hot-later');
  const picture = await chartPicture(lesson.page, `#${w.id}-widget svg.chart >> nth=1`);
  const [line] = guessLines(picture);
  near(line.y, picture.area.y + 0.2 * picture.area.height, 'the picked range starts at 0.8');
  assert.match(await lesson.page.textContent(`#${w.id}-widget .chart-summary`), /dₖ = 4096/);
  assert.match(await lesson.page.textContent(`#${w.id}-predict .true-option`), /stay spread/);
  // Each option says, after it, whose it is: the learner's pick and the one the figure shows.
  const mark = (selector) =>
    lesson.page.$eval(`#${w.id}-predict ${selector} > span`, (text) => getComputedStyle(text, '::after').content);
  assert.equal(await mark('.option:has(input:checked)'), '" ← your guess"');
  assert.equal(await mark('.true-option'), '" ← the figure shows this"');
});

test('train-it: no run is trained before the pick; then both are, the pick drawn on the accuracy chart', async () => {
  const w = byWidget['train-it'];
  await openAt(w.id);
  const accuracy = `#${w.id}-widget svg.chart.accuracy`;
  const idle = await chartPicture(lesson.page, accuracy);
  assert.ok(idle.lines.every((line) => line.points.length === 0) && idle.dots.length === 0, 'no curve, no goal');
  await commit(w.id, 'scaled-early');
  const picture = await chartPicture(lesson.page, accuracy);
  const [line] = guessLines(picture);
  near(line.x, picture.area.x + (50 / w.params.steps) * picture.area.width, 'the pick ends at step 50');
  assert.ok(
    picture.dots.some((dot) => dot.className.includes('scaled')),
    'the scaled run reached 90 %',
  );
  assert.equal(await lesson.page.getAttribute(`#${w.id}-predict`, 'data-state'), 'revealed');
});

test('float16: the spread that overflows is not said before the guess; then both share a line', async () => {
  const w = byWidget['float16-overflow'];
  const { overflowSpread } = truth(w);
  const said = await openAt(w.id);
  assert.equal(said.includes(shown(overflowSpread)), false, `σ = ${shown(overflowSpread)} is nowhere before the guess`);
  await commit(w.id, 64);
  const line = await chartPicture(lesson.page, `#${w.id}-predict svg.predict-line`);
  const [guess] = guessLines(line);
  const result = await lesson.page.$eval(`#${w.id}-predict circle.predict-result`, (c) => c.getBoundingClientRect().x);
  assert.ok(guess.x > result + 50, 'the guess 64 lies well right of the result');
  // The figure moves just past the limit, where overflow begins: some rows reach ∞, not all.
  const rows = (await chartPicture(lesson.page, `#${w.id}-widget svg.chart`)).bars.map((bar) =>
    bar.className.split(' ').includes('overflow'),
  );
  const overflowing = rows.filter(Boolean).length;
  assert.ok(overflowing > 0 && overflowing < rows.length, `${overflowing} of ${rows.length} rows overflow`);
  // The caption never prints that spread (question 12 asks it at 4096); the verdict beside the guess does.
  assert.match(
    await lesson.page.textContent(`#${w.id}-predict`),
    new RegExp(`Your guess: 64 σ\\. The figure: ${shown(overflowSpread)} σ`),
  );
});

/** The downloaded record as a program reads it: JSON parsed, CSV split by an RFC 4180 reader. */
async function download() {
  const { page } = lesson;
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('.download-results-json')]);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('.download-results-csv')]);
  const rows = parseCsv(await downloadedText(csv));
  const [header, ...body] = rows;
  return {
    record: JSON.parse(await downloadedText(json)),
    rows: body.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))),
  };
}

test('the guesses are in "Download my results": every prediction in the JSON, one CSV row for each made', async () => {
  const { record, rows } = await download();
  assert.equal(record.version, 3);
  assert.deepEqual(
    record.predictions.map((p) => [p.widget, p.status, p.guess]),
    asked.map((w) => [
      w.id,
      'guessed',
      {
        'variance-explorer': 90,
        'softmax-dies': 0.6,
        'before-after': 'one-hot-later',
        'train-it': 'scaled-early',
        'float16-overflow': 64,
      }[w.widget],
    ]),
  );
  const variance = record.predictions[0];
  assert.deepEqual([variance.result, variance.close, variance.seed], [128, false, 1]);
  assert.equal(record.predictions[3].close, true, 'the scaled run within fifty steps is right');
  const predicted = rows.filter((row) => row.kind === 'prediction');
  assert.deepEqual(
    predicted.map((row) => [row.question, row.result]),
    asked.map((w) => [w.id, w.widget === 'train-it' ? 'close' : 'off']),
  );
  assert.equal(predicted[0].figure, '128');
  assert.equal(record.score.correct, 0, 'predictions are not answers');
});

// For a person to look at: each panel with its figure at the state asked about (a link sets it), guess drawn, at both
// widths and in both schemes.
test('screenshots of every prediction revealed, at 375 and 1280 px, light and dark', async () => {
  const { page } = lesson;
  mkdirSync('screenshots', { recursive: true });
  for (const w of asked) {
    const state = new URLSearchParams(Object.entries(w.predict.at).map(([key, value]) => [`${w.id}.${key}`, value]));
    await page.goto(`${lesson.url}?${state}#${w.id}`);
    await page.waitForSelector(`#${w.id}-widget[data-rendered]:not([aria-busy])`);
    await page.waitForSelector(`#${w.id}-predict[data-state="revealed"]`);
    if (w.widget === 'train-it') {
      await page.click(`#${w.id}-widget .training-start`); // the runs, as the learner saw them after the pick
      await page.waitForSelector(`#${w.id}-widget[data-training="finished"]`);
    }
    for (const width of [375, 1280]) {
      // Tall enough for panel and figure at once: a section far off screen is not painted, so it is scrolled to.
      await page.setViewportSize({ width, height: 1500 });
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        const clip = await page.evaluate((id) => {
          document.getElementById(`${id}-predict`).scrollIntoView({ block: 'start' });
          const top = document.getElementById(`${id}-predict`).getBoundingClientRect().top;
          const bottom = Math.min(
            document.getElementById(`${id}-widget`).getBoundingClientRect().bottom,
            window.innerHeight,
          );
          return { x: 0, y: top, width: document.documentElement.clientWidth, height: bottom - top };
        }, w.id);
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        if (w.widget === 'variance-explorer') {
          // Drawn for this width (its viewBox as wide as the chart), the guess's label clear of the ±2σ label.
          await page.waitForFunction((id) => {
            const svg = document.querySelector(`#${id}-widget svg.chart`);
            const drawn = Math.min(760, Math.max(300, svg.getBoundingClientRect().width));
            return Math.abs(svg.viewBox.baseVal.width - drawn) <= 8;
          }, w.id);
          const { labels } = await chartPicture(page, `#${w.id}-widget svg.chart`);
          assert.equal(labels.length, 2, 'the ±2σ label and the guess label');
          assertApart(assert, labels, `labels at ${width} px, ${scheme}`);
        }
        await page.screenshot({ path: `screenshots/predict-${w.widget}-${width}-${scheme}.png`, clip });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('after a reset the predictions are asked again; "Just show me" and moving the figure are skips', async () => {
  const { page } = lesson;
  const variance = byWidget['variance-explorer'];
  const float16 = byWidget['float16-overflow'];
  await openAt(float16.id, 'revealed');
  await page.click('#lesson-progress button:has-text("Reset my progress")');
  await page.click('#lesson-progress button:has-text("Press again")');
  await page.waitForSelector(`#${float16.id}-predict[data-state="pending"]`);
  await page.click(`#${float16.id}-predict .predict-skip`);
  await page.waitForSelector(`#${float16.id}-predict[data-state="skipped"] .predict-verdict`);
  assert.equal(await page.$(`#${float16.id}-widget line.reference.guess`), null, 'a skip draws no guess');
  await openAt(variance.id);
  await page.fill(`#${variance.id}-widget-dk-box`, '128');
  await page.press(`#${variance.id}-widget-dk-box`, 'Enter');
  await page.waitForSelector(`#${variance.id}-predict[data-state="skipped"]`);
  const { record, rows } = await download();
  const status = Object.fromEntries(record.predictions.map((p) => [p.widget, [p.status, p.guess]]));
  assert.deepEqual(status[float16.id], ['skipped', null]);
  assert.deepEqual(status[variance.id], ['skipped', null]);
  assert.equal(record.predictions.find((p) => p.widget === float16.id).result > 3, true, 'the skip still shows σ');
  assert.equal(rows.filter((row) => row.kind === 'prediction' && row.result === 'skipped').length, 2);
  assert.deepEqual(lesson.problems, []);
});

const bed = lmsTestBed();

test('in an LMS a guess and a skip are interactions weighted 0, and the score stays 0', async () => {
  const page = await bed.browser.context.newPage();
  try {
    const frame = await openLms(page, bed.lms.url, { student: 'predicts' });
    const variance = byWidget['variance-explorer'];
    const float16 = byWidget['float16-overflow'];
    await predictInLms(page, frame, variance.id, { guess: 120 });
    await predictInLms(page, frame, float16.id, { skip: true });
    const held = (await lmsInteractions(page)).filter((i) => i.id.startsWith('predict.'));
    assert.deepEqual(
      held.map(({ id, type, student_response, pattern, result, weighting }) => ({
        id,
        type,
        student_response,
        pattern,
        result,
        weighting,
      })),
      [
        {
          id: `predict.${variance.id}`,
          type: 'numeric',
          student_response: '120',
          pattern: '128',
          result: 'correct',
          weighting: '0',
        },
        {
          id: `predict.${float16.id}`,
          type: 'performance',
          student_response: 'skipped',
          pattern: String(truth(float16).overflowSpread),
          result: 'neutral',
          weighting: '0',
        },
      ],
    );
    const { raw, suspend } = await lmsRecord(page);
    assert.equal(raw, '0', 'no prediction counts in cmi.core.score.raw');
    assert.deepEqual(Object.keys(JSON.parse(suspend).p).sort(), [variance.id, float16.id].sort(), 'in suspend data');
    assert.deepEqual(bed.pageErrors(), []);
  } finally {
    await page.close();
  }
});

// RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks; rows end in CRLF.
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted || (ch !== ',' && ch !== '\r')) cell += ch;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else {
      row.push(cell);
      rows.push(row);
      [row, cell] = [[], ''];
      i++; // the \n of CRLF
    }
  }
  return rows;
}
