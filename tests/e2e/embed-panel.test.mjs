// "Embed this" as an instructor uses it: each choice of the panel is driven (mouse and keyboard), the snippet follows,
// and the snippet pasted into a course page on another origin, where its script is stripped, gives a frame that honours
// every choice and is tall enough for the tallest state a learner reaches. Axe and screenshots cover the open panel.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { widgetSchemas } from '../../dist/lib/src/authoring/widget-schema.js';
import { iframeSnippet } from '../../dist/lib/src/embed/snippet.js';
import { variantForSeed } from '../../dist/lib/src/quiz/variants.js';
import { answer } from './embed-answer.mjs';
import { launch, requireBuilt, startOrigins, waitForMessage } from './embed-support.mjs';
import { lesson, questions, widgetOf } from './lesson-data.mjs';

requireBuilt('dist/site/embed.html', 'dist/lib/src/embed/snippet.js');

const softmax = widgetOf('softmax-dies');
const numeric = questions.find((q) => q.id === 'std-at-512') ?? questions.find((q) => q.variants?.length > 1);
const choice = questions.find((q) => q.kind === 'choice');
const panelOf = (scope) => `${scope} .embed-this-panel`;
let origins;
let browser;
before(async () => {
  [origins, browser] = await Promise.all([startOrigins(), launch({ viewport: { width: 1280, height: 900 } })]);
});
after(async () => {
  await browser?.close();
  await origins?.close();
});

const hostOrigin = () => new URL(origins.host.url).origin;

// The lesson page with the instructor tools shown and the panel of `scope` (a question or a figure) open.
async function openPanel(page, scope) {
  await page.goto(`${origins.site.url}lesson.html`);
  await page.waitForSelector('.question');
  if ((await page.getAttribute('.instructor-toggle', 'aria-pressed')) !== 'true')
    await page.click('.instructor-toggle');
  await scrollTo(page, scope);
  await page.waitForSelector(`${scope} .embed-this-toggle`);
  await page.click(`${scope} .embed-this-toggle`);
  await page.waitForSelector(panelOf(scope));
}

// A question is there at once; a figure mounts once its slot (its id without "-widget") nears the screen.
const scrollTo = (page, scope) =>
  page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), scope.slice(1).replace(/-widget$/, ''));

// The snippet once its height is measured for the current choices.
async function measuredSnippet(page, scope) {
  await page.waitForSelector(`${panelOf(scope)}[data-height="measured"]`, { timeout: 30000 });
  return page.inputValue(`${panelOf(scope)} textarea`);
}

// Reads the snippet as a browser does: HTML parsed by the page's own parser, into an inert template.
const parseSnippet = (page, html) =>
  page.evaluate((text) => {
    const template = document.createElement('template');
    template.innerHTML = text;
    const doc = template.content;
    const frames = [...doc.querySelectorAll('iframe')];
    return {
      frames: frames.length,
      src: frames[0]?.getAttribute('src'),
      title: frames[0]?.getAttribute('title'),
      height: Number(frames[0]?.getAttribute('height')),
      scripts: [...doc.querySelectorAll('script')].map((s) => s.getAttribute('src')),
    };
  }, html);

// The course page on another origin, a column `width` px wide, with the snippet pasted and its script stripped.
async function pasteInCourse(page, snippet, width = 640) {
  await page.goto(`${origins.host.url}column.html?width=${width}`);
  await page.evaluate((html) => window.pasteSnippet(html, 'pasted'), snippet);
  const frame = await (await page.waitForSelector('iframe[name="pasted"]')).contentFrame();
  return frame;
}

// Nothing in the frame needs scrolling: the content fits the height the snippet gave.
async function assertFits(page, frame, what) {
  const outer = await page.$eval('iframe[name="pasted"]', (f) => f.getBoundingClientRect().height);
  const inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const scrolls = await frame.evaluate(() => document.scrollingElement.scrollHeight > window.innerHeight);
  assert.ok(inner <= outer && !scrolls, `${what}: the content is ${inner} px in a frame of ${outer} px`);
}

test('a widget panel offers its own controls; its frame hides the chosen (τ with scale), names origin', async () => {
  const page = await browser.context.newPage();
  try {
    const figure = `#${softmax.id}-widget`;
    await openPanel(page, figure);
    const offered = await page.$$eval(`${panelOf(figure)} .embed-hide input[type="checkbox"]`, (boxes) =>
      boxes.map((box) => ({ name: box.value, label: box.labels[0]?.textContent ?? '' })),
    );
    assert.deepEqual(
      offered.map((c) => c.name).sort(),
      Object.keys(widgetSchemas['softmax-dies']).sort(),
      'every control of its schema, and only those',
    );
    for (const { name, label } of offered) assert.ok(label.includes(name) && label.length > name.length + 1, label);
    assert.equal(
      await page.$$eval(`${panelOf(figure)} .embed-variant, ${panelOf(figure)} .embed-explain`, (s) => s.length),
      0,
    );

    // The keyboard: Tab reaches the first box, Space ticks it; then the mouse for the others.
    await page.focus(`${panelOf(figure)} .embed-hide input[value="scale"]`);
    await page.keyboard.press('Space');
    await page.click(`${panelOf(figure)} .embed-hide label[for$="-hide-keys"]`);
    let src = new URL(await page.getAttribute(panelOf(figure), 'data-src'));
    assert.deepEqual(src.searchParams.get('hide').split(',').sort(), ['keys', 'scale']);

    // The origin: a host name alone and a page address are refused with what to write; the origin itself is taken.
    const origin = `${panelOf(figure)} .embed-origin input`;
    const problem = `${panelOf(figure)} .embed-origin .embed-problem`;
    await page.fill(origin, 'canvas.example.edu');
    assert.match(await page.textContent(problem), /not an origin: write the scheme and the host/);
    assert.equal(await page.getAttribute(origin, 'aria-invalid'), 'true');
    assert.equal(new URL(await page.getAttribute(panelOf(figure), 'data-src')).searchParams.get('origin'), null);
    await page.fill(origin, `${hostOrigin()}/courses/3/pages/week-3`);
    assert.match(await page.textContent(problem), new RegExp(`write ${hostOrigin().replaceAll('.', '\\.')}, not`));
    await page.fill(origin, hostOrigin());
    assert.equal(await page.textContent(problem), '');
    assert.equal(await page.getAttribute(origin, 'aria-invalid'), 'false');

    const snippet = await measuredSnippet(page, figure);
    const parsed = await parseSnippet(page, snippet);
    src = new URL(parsed.src);
    assert.equal(parsed.frames, 1);
    assert.deepEqual(parsed.scripts, [new URL('embed-host.js', origins.site.url).href]);
    assert.equal(src.searchParams.get('origin'), hostOrigin());
    assert.deepEqual(src.searchParams.get('hide').split(',').sort(), ['keys', 'scale']);
    assert.match(await page.textContent(`${panelOf(figure)} .embed-height`), new RegExp(`^Height ${parsed.height} px`));

    // Pasted where scripts are stripped: the frame honours every choice and fits its content, data table open.
    const frame = await pasteInCourse(page, snippet);
    await frame.waitForSelector(`${figure}[data-rendered]:not([aria-busy])`);
    assert.equal(await frame.isVisible(`${figure}-dk-slider`), true);
    assert.equal(await frame.isVisible(`${figure}-keys-slider`), false, 'keys hidden');
    assert.equal(await frame.isVisible(`${figure} input[value="sqrt"]`), false, 'scale hidden');
    assert.equal(await frame.isVisible(`${figure}-temperature-slider`), false, 'τ, used only by the hidden scale, too');
    const ready = await waitForMessage(page, `(m) => m.frame === 'pasted' && m.data.verb === 'ready'`, 'ready');
    assert.equal(ready.origin, new URL(origins.site.url).origin);
    await frame.click(`${figure} details.data summary`);
    await assertFits(page, frame, 'the widget with its data table open');
    assert.equal(await frame.textContent('#page-notices'), '');
  } finally {
    await page.close();
  }
  assert.deepEqual(browser.problems, []);
});

test('the question panel: variant, attempts and explain reach the frame; it locks and keeps the solution', async () => {
  const page = await browser.context.newPage();
  try {
    const scope = `#question-${numeric.id}`;
    await openPanel(page, scope);
    const panel = panelOf(scope);
    assert.equal(await page.$$eval(`${panel} .embed-hide`, (s) => s.length), 0, 'no controls to hide in a question');
    // Variant by keyboard: the radio group moves with the arrow keys.
    await page.focus(`${panel} .embed-variant input[value=""]`);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.isChecked(`${panel} .embed-variant input[value="seed"]`), true);
    const seed = `${panel} .embed-seed input`;
    assert.equal(await page.isEnabled(seed), true, 'the seed box opens with its choice');
    await page.fill(seed, '0');
    assert.match(await page.textContent(`${panel} .embed-seed .embed-problem`), /whole number from 1 to 4294967295/);
    assert.equal(new URL(await page.getAttribute(panel, 'data-src')).searchParams.get('variant'), '1');
    await page.fill(seed, '7');
    assert.equal(await page.textContent(`${panel} .embed-seed .embed-problem`), '');
    await page.selectOption(`${panel} .embed-attempts select`, '2');
    await page.check(`${panel} .embed-explain input[value="never"]`);

    const snippet = await measuredSnippet(page, scope);
    const parsed = await parseSnippet(page, snippet);
    const src = new URL(parsed.src);
    assert.deepEqual(
      ['question', 'variant', 'attempts', 'explain', 'hide', 'origin'].map((k) => src.searchParams.get(k)),
      [numeric.id, '7', '2', 'never', null, null],
    );
    assert.match(parsed.title, /^Attention Lab question: What is/);
    // Measuring touched nothing of this browser's own progress.
    assert.equal(await page.evaluate(() => localStorage.getItem('attention-lab:progress:why-sqrt-dk')), null);

    const frame = await pasteInCourse(page, snippet);
    const section = `#question-${numeric.id}`;
    await frame.waitForSelector(`${section} form`);
    assert.equal(await frame.textContent(`${section} h3`), `A question from “${lesson.title}”`);
    assert.equal(await frame.getAttribute(section, 'data-variant'), variantForSeed(numeric, 7).key);
    const shown = { ...numeric.variants[variantForSeed(numeric, 7).index].question, id: numeric.id };
    await answer(frame, shown, { right: false });
    assert.equal(await frame.isVisible(`${section} .another-variant`), false, 'a set variant offers no other numbers');
    await answer(frame, shown, { right: false });
    assert.equal(await frame.getAttribute(section, 'data-locked'), 'true', 'attempts=2 locks after two');
    assert.equal(await frame.isVisible(`${section} .explanation`), false, 'explain=never keeps the solution back');
    await assertFits(page, frame, 'the locked question');
  } finally {
    await page.close();
  }
  assert.deepEqual(browser.problems, []);
});

// Where no host script runs (a notebook), the measured height must show verdict, feedback, hint and solution at once.
for (const [question, width] of [
  [numeric, 640],
  [choice, 800],
]) {
  test(`a ${question.kind} question's measured height shows its tallest state in a ${width} px column`, async () => {
    const page = await browser.context.newPage();
    try {
      const scope = `#question-${question.id}`;
      await openPanel(page, scope);
      const snippet = await measuredSnippet(page, scope);
      const frame = await pasteInCourse(page, snippet, width);
      const section = `#question-${question.id}`;
      await frame.waitForSelector(`${section} form`);
      await frame.click(`${section} .hint-toggle`);
      const mistake = question.kind === 'numeric' ? longestAnticipated(question) : undefined;
      for (let i = 0; i < 2; i++) {
        if (mistake) {
          await frame.fill(`${section} input.answer`, String(mistake.value));
          await frame.press(`${section} input.answer`, 'Enter');
          await frame.waitForSelector(`${section}[data-status="incorrect"]`);
        } else await answer(frame, question, { right: false });
      }
      await frame.waitForSelector(`${section} .explanation:not([hidden])`);
      if (mistake) assert.ok((await frame.textContent(`${section} .feedback`)).includes(mistake.feedback));
      await assertFits(page, frame, 'verdict, feedback, hint and solution after two wrong answers');
      await answer(frame, question);
      await assertFits(page, frame, 'the right answer with its solution');
    } finally {
      await page.close();
    }
    assert.deepEqual(browser.problems, []);
  });
}

function longestAnticipated(question) {
  return [...(question.anticipated ?? [])].sort((a, b) => b.feedback.length - a.feedback.length)[0];
}

test('every attribute of the snippet survives an HTML parser, quotes and markup in the title included', async () => {
  const page = await browser.context.newPage();
  try {
    const title = `Week "3" <b>bold</b> & 'more'`;
    const target = { lesson: 'why-sqrt-dk', question: numeric.id, origin: 'https://canvas.example.edu' };
    const parsed = await parseSnippet(page, iframeSnippet(origins.site.url, target, title, 812));
    assert.equal(parsed.frames, 1);
    assert.equal(parsed.title, title);
    assert.equal(parsed.height, 812);
    assert.equal(new URL(parsed.src).searchParams.get('origin'), 'https://canvas.example.edu');
  } finally {
    await page.close();
  }
});

test('axe finds no WCAG 2.2 AA violations in the open panels, light and dark', async () => {
  const page = await browser.context.newPage();
  try {
    await openPanel(page, `#question-${numeric.id}`);
    await page.fill(`#question-${numeric.id} .embed-origin input`, 'canvas.example.edu'); // its problem shown too
    await scrollTo(page, `#${softmax.id}-widget`);
    await page.waitForSelector(`#${softmax.id}-widget .embed-this-toggle`);
    await page.click(`#${softmax.id}-widget .embed-this-toggle`);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme }); // the palette follows color-scheme: no reload needed
      const results = await new AxeBuilder({ page })
        .include('.embed-this-panel')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${scheme} ${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
      );
      assert.deepEqual(summary, []);
    }
  } finally {
    await page.close();
  }
});

test('screenshots of the open panels at phone and desktop sizes, light and dark, for a person to look at', async () => {
  const page = await browser.context.newPage();
  mkdirSync('screenshots', { recursive: true });
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const question = `#question-${numeric.id}`;
      const figure = `#${softmax.id}-widget`;
      await openPanel(page, question);
      await page.check(`${panelOf(question)} .embed-variant input[value="seed"]`);
      await measuredSnippet(page, question);
      await scrollTo(page, figure);
      await page.waitForSelector(`${figure} .embed-this-toggle`);
      await page.click(`${figure} .embed-this-toggle`);
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at ${width} px`);
        for (const [name, scope] of [
          ['question', question],
          ['widget', figure],
        ]) {
          const box = await page.$eval(panelOf(scope), (p) => p.getBoundingClientRect().toJSON());
          assert.ok(box.left >= 0 && box.right <= width, `the ${name} panel fits the ${width} px screen`);
          await page
            .locator(panelOf(scope))
            .screenshot({ path: `screenshots/embed-panel-${name}-${width}-${scheme}.png` });
        }
      }
    }
  } finally {
    await page.close();
  }
});
