// The site root is the first lesson, written into the served HTML, and ends with the list of every lesson (title,
// summary, number of questions), as each lesson's page does; each entry opens its lesson, and the root comes alive
// as the lesson's own page does.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson, startChromium } from './browser.mjs';
import { answer } from './embed-answer.mjs';
import { compiledLesson, courseIndex, questionsOf } from './lesson-data.mjs';
import { chartPicture } from './pictures.mjs';
import { pressSlider } from './sliders.mjs';

const first = compiledLesson(courseIndex[0].slug);
const plain = (html) =>
  html.replace(/<[^>]*>/g, '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

let site;
before(async () => {
  site = await openLesson();
});
after(() => site?.close());

test('the served root is the first lesson, then the list of every lesson, before any script runs', async () => {
  const html = await (await fetch(site.server.url)).text();
  assert.match(html, new RegExp(`<main id="lesson"[^>]* data-lesson="${first.slug}"`), 'the root is the first lesson');
  assert.ok(html.includes(`<h1>${first.titleHtml}</h1>`), 'with its title');
  assert.ok((html.match(/<math/g) ?? []).length > 50, 'and its math as MathML');
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) assert.match(tag, /\ssrc="/, `no inline script: ${tag}`);

  const nav = /<nav[^>]*aria-label="Lessons"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  assert.ok(nav, 'a navigation landmark named Lessons');
  assert.ok(nav.index > html.indexOf('</main>'), 'after the lesson, outside what the live lesson replaces');
  const entries = nav[1].split('<li').slice(1);
  assert.equal(entries.length, courseIndex.length, 'one entry per lesson of index.json');
  courseIndex.forEach((lesson, i) => {
    const entry = entries[i];
    assert.ok(entry.includes(`href="./${lesson.slug}.html"`), `entry ${i} links ${lesson.slug}`);
    const text = plain(entry);
    assert.ok(text.includes(lesson.title), `entry ${i} shows the title`);
    assert.ok(text.includes(lesson.summary), `entry ${i} shows the summary`);
    const count = `${lesson.questions} question${lesson.questions === 1 ? '' : 's'}`;
    assert.ok(text.includes(count), `entry ${i} says ${count}`);
    assert.equal(entry.includes('aria-current="page"'), i === 0, `only the first entry is the current page`);
  });
});

test('each entry of the list on the root opens its lesson, where the list marks that lesson', async () => {
  const { page } = site;
  for (const [i, lesson] of courseIndex.entries()) {
    await page.goto(site.server.url);
    const link = page.locator('nav[aria-label="Lessons"] .lesson-card a').nth(i);
    assert.equal((await link.textContent()).trim(), lesson.title);
    await link.click();
    await page.waitForURL(new URL(`${lesson.slug}.html`, site.server.url).href);
    await page.waitForSelector('.question form');
    assert.equal(await page.textContent('main h1'), lesson.title);
    const current = await page.$$eval('nav[aria-label="Lessons"] a[aria-current="page"]', (links) =>
      links.map((a) => a.textContent),
    );
    assert.deepEqual(current, [lesson.title]);
  }
  assert.deepEqual(site.problems, []);
});

test('the root comes alive: a figure draws and moves, a question is answered, the list stays', async () => {
  const { page } = site;
  await page.goto(site.server.url);
  await page.waitForSelector('.question form');
  assert.equal(await page.$('article[data-prerendered]'), null, 'the live lesson replaced the written one');

  const figure = first.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'widget');
  const widget = `#${figure.id}-widget`;
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), figure.id);
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
  const picture = await chartPicture(page, `${widget} svg.chart`);
  const marks = picture.bars.length + picture.lines.length + picture.dots.length + picture.cells.length;
  assert.ok(marks > 0, `the figure draws marks (${marks})`);
  const param = Object.keys(figure.params).find((name) => typeof figure.params[name] === 'number');
  const moved = await pressSlider(page, widget, param, ['ArrowRight', 'ArrowRight']);
  assert.notEqual(moved[param], figure.params[param], `${param} moved and the figure drew it`);

  const [question] = questionsOf(first);
  await page.evaluate((id) => document.getElementById(`question-${id}`).scrollIntoView(), question.id);
  await answer(page, question);

  // The snippet of "Embed this" points beside the page: embed.html of this site, served.
  await page.click('.instructor-toggle');
  const section = `#question-${question.id}`;
  await page.click(`${section} .embed-this-toggle`);
  const code = await page.inputValue(`${section} .embed-this-panel textarea`);
  const src = new URL(/src="([^"]+)"/.exec(code)[1].replaceAll('&amp;', '&'));
  assert.equal(src.href.split('?')[0], new URL('embed.html', site.server.url).href);
  assert.equal((await fetch(src)).status, 200);

  const after = await page.$$eval('nav[aria-label="Lessons"] .lesson-card', (cards) => cards.length);
  assert.equal(after, courseIndex.length, 'the list is still there under the live lesson');
  assert.deepEqual(site.problems, []);
});

test('lesson.html?lesson=<slug> still opens that lesson', async () => {
  const { page } = site;
  await page.goto(`${site.server.url}lesson.html?lesson=${first.slug}`);
  await page.waitForSelector('.question form');
  assert.equal(await page.textContent('main h1'), first.title);
  assert.deepEqual(site.problems, []);
});

// The list on the root as written, in both themes. The page's own scripts are not served (nothing moves while
// axe reads); JavaScript stays on, since axe itself runs as a script in the page.
test('axe finds no WCAG 2.2 AA violations in the list of lessons, light and dark', async () => {
  const browser = await startChromium();
  try {
    for (const colorScheme of ['light', 'dark']) {
      const page = await (await browser.newContext({ colorScheme })).newPage();
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto(site.server.url);
      assert.equal((await page.$('article[data-prerendered]')) !== null, true, 'the written lesson, not the live one');
      assert.ok(await page.isVisible('nav[aria-label="Lessons"] .lesson-card'), 'the list is shown');
      const results = await new AxeBuilder({ page })
        .include('nav[aria-label="Lessons"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
      );
      assert.deepEqual(summary, [], colorScheme);
      assert.ok(
        results.passes.some((rule) => rule.id === 'color-contrast'),
        'the list was checked, contrast included',
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
});
