// Each lesson's page carries the lesson in its HTML: prose, headings, MathML and question prompts arrive before any
// script runs, a reader without JavaScript can read it and is told what needs scripts, and the live lesson then
// takes the same place.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { openLesson, startChromium } from './browser.mjs';
import { compiledLesson, courseIndex, lesson as compiled, questionsOf } from './lesson-data.mjs';

let site;
before(async () => {
  site = await openLesson();
});
after(() => site?.close());

const pageUrl = () => `${site.server.url}${compiled.slug}.html`;
const plain = (html) =>
  html.replace(/<[^>]*>/g, '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

// Each lesson's own page, and the site root, which is the page of the first lesson in course order.
const first = compiledLesson(courseIndex[0].slug);
const pages = [
  { name: `${compiled.slug}.html`, url: pageUrl, lesson: compiled },
  { name: 'the site root', url: () => site.server.url, lesson: first },
];

for (const { name, url, lesson } of pages) {
  const asked = questionsOf(lesson);

  test(`${name}: the served HTML already holds every section, question prompt and MathML`, async () => {
    const html = await (await fetch(url())).text();
    assert.match(html, new RegExp(`<main id="lesson"[^>]* data-lesson="${lesson.slug}"`), 'the page names its lesson');
    for (const section of lesson.sections)
      assert.ok(html.includes(`id="${section.id}-title"`), `section ${section.id}`);
    for (const question of asked) assert.ok(html.includes(`id="question-${question.id}"`), `question ${question.id}`);
    const prose = lesson.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'html');
    assert.ok(prose.length > 0 && prose.every((b) => html.includes(b.html)), 'every paragraph of prose, as compiled');
    assert.ok((html.match(/<math/g) ?? []).length > 50, 'math is typeset, MathML included');
    assert.match(plain(html), /The figures and questions of this lesson need JavaScript/);
  });

  test(`${name}: the stylesheet is asked for before any script, and is the only one`, async () => {
    // Its head read as a browser reads it: nothing paints before the stylesheet, so it leads the requests.
    const html = await (await fetch(url())).text();
    const page = new DOMParser().parseFromString(
      `${html.slice(0, html.indexOf('</head>'))}</head></html>`,
      'text/html',
    );
    const head = [...page.getElementsByTagName('head')[0].childNodes].filter((node) => node.nodeType === 1);
    const fetched = head.filter(
      (node) => node.tagName === 'script' || ['stylesheet', 'modulepreload'].includes(node.getAttribute('rel')),
    );
    const kinds = fetched.map((node) => (node.tagName === 'script' ? 'script' : node.getAttribute('rel')));
    assert.equal(kinds.filter((kind) => kind === 'stylesheet').length, 1, `one stylesheet (${kinds})`);
    assert.equal(kinds[0], 'stylesheet', `the stylesheet first (${kinds})`);
    assert.ok(kinds.includes('script') && kinds.includes('modulepreload'), `the scripts follow it (${kinds})`);
  });

  test(`${name}: with JavaScript off, the lesson reads and says what needs scripts`, async () => {
    const browser = await startChromium();
    try {
      const page = await browser.newPage({ javaScriptEnabled: false });
      await page.goto(url());
      assert.equal(await page.textContent('h1'), lesson.title);
      const text = await page.textContent('main');
      assert.ok(!text.includes('Loading the lesson'), 'no loading placeholder');
      assert.ok(text.includes(lesson.sections[0].title), 'the first section is there');
      assert.ok(
        await page.isVisible('text=The figures and questions of this lesson need JavaScript'),
        'the reader is told what needs scripts',
      );
      assert.ok(
        (await page.$$('main .static-note')).length >= asked.length,
        'each question and figure says it needs JavaScript',
      );
      assert.ok(await page.isVisible(`#question-${asked[0].id} .prompt`), 'question prompts are readable');
      assert.ok(await page.isVisible('main .katex-display .katex-html'), 'the typeset math shows');
      // The list of all lessons follows the lesson and names this one as the page.
      const current = await page.$$eval('nav[aria-label="Lessons"] a[aria-current="page"]', (links) =>
        links.map((link) => link.getAttribute('href')),
      );
      assert.deepEqual(current, [`./${lesson.slug}.html`]);
    } finally {
      await browser.close();
    }
  });
}

test('with JavaScript on, the live lesson replaces the written one in place', async () => {
  const { page } = site;
  await page.goto(pageUrl());
  await page.waitForSelector('.question form');
  assert.equal(await page.$$eval('article.lesson', (articles) => articles.length), 1);
  assert.equal(await page.$('article[data-prerendered]'), null, 'the written lesson is gone');
  assert.equal(await page.textContent('h1'), compiled.title);
  // A :has() rule makes Chromium restyle elements all over the page on every change inside a figure (the section
  // headings and buttons of a phone's slider step): the live page keeps none.
  const relational = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.selectorText ?? '').filter((selector) => selector.includes(':has(')),
    ),
  );
  assert.deepEqual(relational, []);
});

// Where a section starts, relative to the top of the window (0: a link to it has landed).
const sectionTop = (page, id) => page.$eval(`#${id}`, (section) => section.getBoundingClientRect().top);

// By keyboard (focus, Enter): a mouse click aims where the link was a moment ago, and the page is still loading. If
// the live lesson replaced the focused link between the focus and the key (nothing followed), the new link is used.
const follow = async (page, id) => {
  for (let tries = 0; tries < 3; tries++) {
    await page.focus(`nav.contents a[href="#${id}"]`);
    await page.keyboard.press('Enter');
    if ((await page.evaluate(() => location.hash)) === `#${id}`) return;
  }
  assert.fail(`the contents link to #${id} could not be followed`);
};

// Resolves once the section has not moved for two frames: the page has finished laying out what just mounted.
const settled = (page, id) =>
  page.waitForFunction(
    (target) =>
      new Promise((done) => {
        const top = () => document.getElementById(target).getBoundingClientRect().top;
        const before = top();
        requestAnimationFrame(() => requestAnimationFrame(() => done(Math.abs(top() - before) < 0.5)));
      }),
    id,
  );

// The middle of the lesson and far down it, each with more than a screen below, so the window can bring it to the top.
const linked = [compiled.sections[6], compiled.sections.at(-3), compiled.sections.at(-2)];

// The figure with the most of its section before it: a link to it lands deep inside a section, past blocks that may
// skip their layout.
const inner = compiled.sections
  .flatMap((section) =>
    section.blocks.flatMap((block, at) => (block.kind === 'widget' ? [{ figure: block.id, at }] : [])),
  )
  .reduce((best, place) => (place.at > best.at ? place : best));

// Far sections skip layout until they come near (content-visibility); the ones before a link's target are laid out in
// full by CSS alone, so a reader without scripts lands on the section too, and a link in the address lands at load.
test('with JavaScript off, contents links land on their sections, and so does one named in the address', async () => {
  const browser = await startChromium();
  try {
    const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    for (const section of linked) {
      await page.goto(pageUrl());
      await page.click(`nav.contents a[href="#${section.id}"]`);
      const top = await sectionTop(page, section.id);
      assert.ok(Math.abs(top) <= 2, `"${section.title}" at the top of the window (${top} px)`);
      const skipped = await page.$$eval(
        '.lesson-body > section',
        (all) => all.filter((s) => getComputedStyle(s).contentVisibility === 'auto').length,
      );
      assert.ok(skipped > 0, 'sections after it may skip their layout: the test checks the case that needs it');
    }
    const last = linked.at(-1);
    await page.goto(`${pageUrl()}#${last.id}`);
    const top = await sectionTop(page, last.id);
    assert.ok(Math.abs(top) <= 2, `opened at "${last.title}" (${top} px)`);
    // Opened at a figure deep inside its section, the page paints it where the link lands from its first frame on:
    // nothing shifts as the blocks before it are laid out (Chromium reports shifts over CDP with scripts off too).
    await page.goto('about:blank');
    const cdp = await page.context().newCDPSession(page);
    const shifts = [];
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => shifts.push(event.layoutShiftDetails?.value));
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['layout-shift'] });
    await page.goto(`${pageUrl()}#${inner.figure}`);
    const figureTop = await sectionTop(page, inner.figure);
    assert.ok(Math.abs(figureTop) <= 2, `opened at the figure "${inner.figure}" (${figureTop} px)`);
    await cdp.send('Page.captureScreenshot'); // a frame painted since: any shift of the landing is reported
    assert.deepEqual(shifts, [], `no layout shift opening at "${inner.figure}"`);
    await cdp.detach();
    // Opened at its top, the page lays out the first section's blocks near the window, not those far below it.
    await page.goto(pageUrl());
    const blocks = await page.$eval('.lesson-body > section', (section) =>
      [...section.children]
        .filter((block) => block.firstElementChild)
        .map((block) => block.firstElementChild.checkVisibility({ contentVisibilityAuto: true })),
    );
    assert.equal(blocks[0], true, `the first blocks are laid out (${blocks})`);
    assert.equal(blocks.at(-1), false, `the last ones, screens below, skip their layout (${blocks})`);
  } finally {
    await browser.close();
  }
});

for (const section of linked) {
  test(`a contents link to "${section.title}" lands on it before and after the figures mount`, async () => {
    const { page } = site;
    await page.goto(pageUrl(), { waitUntil: 'domcontentloaded' });
    await follow(page, section.id);
    const followed = await sectionTop(page, section.id);
    assert.ok(Math.abs(followed) <= 2, `at the top as soon as the link is followed (${followed} px)`);
    // The live lesson takes over and the figures near the section draw; the section stays where the reader is.
    await page.waitForSelector('.question form');
    const own = section.blocks.filter((b) => b.kind === 'widget');
    for (const { id } of own) await page.waitForSelector(`#${id}-widget[data-rendered]`, { state: 'attached' });
    await settled(page, section.id);
    const after = await sectionTop(page, section.id);
    assert.ok(Math.abs(after) <= 2, `still at the top once the lesson and its figures drew (${after} px)`);
    // Followed again from the top of the live lesson, the same link lands on the same place.
    await page.evaluate(() => window.scrollTo(0, 0));
    await follow(page, section.id);
    const again = await sectionTop(page, section.id);
    assert.ok(Math.abs(again) <= 2, `at the top when followed in the live lesson (${again} px)`);
  });
}

// The site's KaTeX fonts are cut to the characters the lessons' math uses (web/katex-fonts.ts): every character of
// the math must still be drawn with a KaTeX font, as Chromium reports the fonts it used for each text (CDP).
test('every character of the math is drawn in a KaTeX font, none falls back', async () => {
  const { page, context } = site;
  await page.goto(pageUrl());
  await page.waitForSelector('.question form');
  // Every section laid out (far ones skip layout), so each text picks its font; then the fonts it asked for load.
  const texts = await page.evaluate(async () => {
    document.querySelectorAll('main *').forEach((element) => {
      if (getComputedStyle(element).contentVisibility !== 'visible') element.style.contentVisibility = 'visible';
    });
    let count = 0;
    document.querySelectorAll('.katex-html *').forEach((element) => {
      const own = [...element.childNodes].some((n) => n.nodeType === 3 /* text */ && n.textContent.trim());
      if (own && element.getClientRects().length > 0) element.dataset.glyphCheck = String(count++);
    });
    await document.fonts.ready;
    return count;
  });
  assert.ok(texts > 200, `the lesson's math has many texts (${texts})`);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-glyph-check]' });
    assert.equal(nodeIds.length, texts);
    const fallbacks = new Map();
    const used = new Set();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) {
        if (font.isCustomFont && font.familyName.startsWith('KaTeX_')) used.add(font.familyName);
        else fallbacks.set(nodeId, font.familyName);
      }
    }
    const examples = await Promise.all(
      [...fallbacks].slice(0, 5).map(async ([nodeId, family]) => {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
        return `${outerHTML} in ${family}`;
      }),
    );
    assert.deepEqual(examples, [], 'texts drawn in a font other than KaTeX’s');
    assert.ok(used.has('KaTeX_Main') && used.has('KaTeX_Math'), `KaTeX's fonts drew the math (${[...used]})`);
  } finally {
    await cdp.detach();
  }
});
