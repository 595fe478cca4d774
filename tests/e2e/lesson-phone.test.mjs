// The lesson on a 375 px phone: nothing sticks out sideways, the first figure is near, the scales table fits, every
// equation, table or code block that has to scroll shows a fade at the edge that hides more, and no two buttons touch
// (checked at 1280 px too, on the same page). Screenshots for a person to look at.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';
import { drawEveryFigure } from './lesson-screens.mjs';

let lesson;
before(async () => {
  lesson = await openLesson({ viewport: { width: 375, height: 812 } });
  const { page } = lesson;
  await page.goto(lesson.url);
  await page.waitForSelector('.question');
  await drawEveryFigure(page);
  await page.evaluate(() => document.fonts.ready);
});
after(() => lesson?.close());

test('no element of the lesson body is wider than the 375 px viewport', async () => {
  const wide = await lesson.page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    // A box that clips or scrolls its content is measured itself; what it holds cannot widen the page.
    const visit = (element) => {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) {
        const id = element.id ? `#${element.id}` : '';
        const name = `${element.tagName.toLowerCase()}${id}.${element.getAttribute('class') ?? ''}`;
        found.push(`${name} spans ${Math.round(box.left)}…${Math.round(box.right)} px`);
      }
      if (getComputedStyle(element).overflowX !== 'visible') return;
      for (const child of element.children) visit(child);
    };
    visit(document.querySelector('.lesson-body'));
    return { width, found };
  });
  assert.equal(wide.width, 375);
  assert.deepEqual(wide.found, []);
  assert.equal(
    await lesson.page.evaluate(() => document.documentElement.scrollWidth),
    375,
    'the page never scrolls sideways',
  );
});

test('the first figure, or the prediction that opens it, starts within the first two screens', async () => {
  const first = await lesson.page.evaluate(() => {
    const slot = document.querySelector('.lesson-body .widget-slot');
    // A figure that asks for a prediction starts with it: the learner guesses, then the figure answers.
    const start = document.getElementById(`${slot.id}-predict`) ?? slot;
    return { id: start.id, top: start.getBoundingClientRect().top + window.scrollY, screen: window.innerHeight };
  });
  // Its caption and the start of its controls show before the reader has scrolled a second screen.
  assert.ok(first.top < 2 * first.screen - 80, `#${first.id} starts at ${Math.round(first.top)} px`);
});

test('the table of scales compared fits whole, without scrolling', async () => {
  const fit = await lesson.page.evaluate(() => {
    const table = [...document.querySelectorAll('.lesson-body table')].find((t) =>
      /divide by/i.test(t.tHead?.textContent ?? ''),
    );
    const box = table.closest('.table-scroll') ?? table.parentElement;
    return { table: table.getBoundingClientRect().width, box: box.clientWidth, scroll: box.scrollWidth };
  });
  assert.ok(fit.table > 0, 'the table is drawn');
  assert.ok(fit.scroll <= fit.box, `the scales table is ${fit.scroll} px wide in a ${fit.box} px box`);
});

test('every display equation fits the 375 px screen, or fades where it runs off', async () => {
  const equations = await lesson.page.evaluate(() => {
    // Far sections are laid out for the measurement, as they are once the reader reaches them.
    document.documentElement.classList.add('full-layout');
    const found = [...document.querySelectorAll('.lesson-body .math-display')]
      .filter((e) => e.checkVisibility())
      .map((e) => ({
        tex: [...e.querySelectorAll('annotation')].map((a) => a.textContent).join(' \\qquad '),
        fits: e.scrollWidth <= e.clientWidth + 1,
        cue: Boolean(e.dataset.overflow) && /linear-gradient/.test(getComputedStyle(e).maskImage),
      }));
    document.documentElement.classList.remove('full-layout');
    return found;
  });
  assert.ok(equations.length >= 8, `the lesson's display equations are measured (${equations.length})`);
  for (const { tex, fits, cue } of equations) assert.ok(fits || cue, `${tex} runs off the screen with no cue`);
  // The statements of the score's statistics wrap: the std, √dₖ included, is on the screen.
  assert.ok(equations.some((e) => /\\operatorname\{std\}/.test(e.tex) && e.fits));
});

test('every equation, table or code block that scrolls fades at its hidden edge and takes focus', async () => {
  const { page } = lesson;
  // Every region as a learner finds it on reaching it: far sections skip their layout until they come near, so the
  // whole lesson is laid out for this test (the class full-layout.ts measures the lesson with).
  await page.evaluate(() => document.documentElement.classList.add('full-layout'));
  // The widgets' data tables too: open them, so they are drawn and measured.
  await page.$$eval('.lesson-body details', (all) => all.forEach((details) => (details.open = true)));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.lesson-body details .table-scroll')].every(
      (box) => box.scrollWidth <= box.clientWidth + 1 || box.dataset.overflow,
    ),
  );
  const regions = await page.$$eval('.lesson-body :is(.math-display, .table-scroll, pre)', (elements) =>
    elements
      .filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1)
      .map((e, i) => {
        e.dataset.scrollsForTest = String(i);
        return i;
      }),
  );
  assert.ok(regions.length > 0, 'some equations or code are wider than a phone');
  mkdirSync('screenshots', { recursive: true });
  // Before any scrolling: the closing section's code blocks, each with its fade on the right.
  await page.locator('#wrap-up').screenshot({ path: 'screenshots/wrap-up-375.png' });
  let shot = 0;
  for (const i of regions) {
    const region = page.locator(`[data-scrolls-for-test="${i}"]`);
    const start = await region.evaluate((e) => ({
      edges: e.dataset.overflow,
      mask: getComputedStyle(e).maskImage,
      tabIndex: e.tabIndex,
      label: e.getAttribute('aria-label'),
    }));
    assert.equal(start.edges, 'right', `region ${i} hides content on the right at first`);
    assert.match(start.mask, /linear-gradient/, `region ${i} fades at its edge`);
    assert.equal(start.tabIndex, 0, `region ${i} can be scrolled from the keyboard`);
    assert.match(start.label, /scrolls sideways/);
    if (shot++ < 3) await region.screenshot({ path: `screenshots/scroll-cue-375-${shot}.png` });
    await region.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
    await page.waitForFunction(
      (n) => document.querySelector(`[data-scrolls-for-test="${n}"]`).dataset.overflow === 'left',
      i,
    );
  }
  await page.evaluate(() => document.documentElement.classList.remove('full-layout'));
});

// Pairs of visible buttons whose boxes overlap or are less than `least` px apart (closer, two bordered buttons read as
// one control), across the whole page.
const touchingButtons = (page, least = 4) =>
  page.evaluate((gap) => {
    // Far sections are laid out for the measurement, as they are once the reader reaches them.
    document.documentElement.classList.add('full-layout');
    const buttons = [
      ...document.querySelectorAll('button, [role="button"], input[type="submit"], input[type="button"]'),
    ].filter((b) => b.checkVisibility({ visibilityProperty: true }) && b.getBoundingClientRect().width > 0);
    const name = (b) => `"${(b.textContent || b.value).trim()}" in #${b.closest('[id]')?.id}`;
    const found = [];
    buttons.forEach((a, i) =>
      buttons.slice(i + 1).forEach((b) => {
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const apart = Math.max(q.left - p.right, p.left - q.right, q.top - p.bottom, p.top - q.bottom);
        if (apart < gap) found.push(`${name(a)} and ${name(b)} are ${apart.toFixed(1)} px apart`);
      }),
    );
    document.documentElement.classList.remove('full-layout');
    return { count: buttons.length, found };
  }, least);

test('no two buttons touch, at 375 px and at 1280 px, with the buttons answers and instructors bring', async () => {
  const { page } = lesson;
  // The instructor's "Embed this" on every figure and question, and one of each kind open with its own buttons.
  await page.click('.instructor-toggle');
  // Wrong answers bring "Show me", "Another like this" and "Retry the questions I missed".
  for (const [id, answer] of [
    ['std-at-512', '512'],
    ['var-of-product', '2'],
  ]) {
    await page.fill(`#question-${id}-answer`, answer);
    await page.press(`#question-${id}-answer`, 'Enter');
    await page.waitForSelector(`#question-${id}[data-status="incorrect"]`);
  }
  await page.click('#question-std-at-512 .embed-this-toggle');
  await page.click('#explore-variance .embed-this-toggle');
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.waitForFunction(() => !document.querySelector('.widget[aria-busy]'));
      const { count, found } = await touchingButtons(page);
      assert.ok(count > 60, `the buttons of every figure, question and panel are measured (${count})`);
      assert.deepEqual(found, [], `at ${width} px`);
    }
  } finally {
    await page.setViewportSize({ width: 375, height: 812 });
  }
});

// A figure whose result comes before it is placed, in a section that skips its layout while off screen (there the
// charts' resize watcher is silent): its charts are still drawn for the width they have, not a 640 px fallback.
test('Train it before a run: each chart is drawn as wide as it is shown, even opened far off screen', async () => {
  const { page } = lesson;
  const { id } = widgetOf('train-it');
  await page.goto('about:blank');
  await page.goto(`${lesson.url}#${id}`);
  await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`, { state: 'attached' });
  assert.equal(await page.getAttribute(`#${id}-widget`, 'data-training'), 'idle', 'no run has started');
  const widths = () =>
    page.$$eval(`#${id}-widget svg.chart`, (charts) =>
      charts.map((svg) => [svg.viewBox.baseVal.width, svg.getBoundingClientRect().width]),
    );
  const fitted = (pairs) => pairs.length === 4 && pairs.every(([drawn, shown]) => Math.abs(drawn - shown) <= 1);
  // Fitted once the figure is in the page: a frame after it is placed.
  await page
    .waitForFunction(
      (selector) =>
        Array.from(
          document.querySelectorAll(selector),
          (svg) => Math.abs(svg.viewBox.baseVal.width - svg.getBoundingClientRect().width) <= 1,
        ).every(Boolean),
      `#${id}-widget svg.chart`,
      { timeout: 5000 },
    )
    .catch(() => {});
  const pairs = await widths();
  assert.ok(fitted(pairs), `viewBox width vs shown width of the four charts: ${JSON.stringify(pairs)}`);
  assert.ok(
    pairs.every(([, shown]) => shown < 375),
    'measured at the phone width',
  );
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
