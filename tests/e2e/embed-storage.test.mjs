// An embedded question in a browser that refuses storage: the notice says what is kept and until when, and the test
// holds it to its word by reloading and by closing the tab. `attempts=` locks last as long as that.
// Chromium here refuses a third-party frame both localStorage and sessionStorage; a browser that refuses only
// localStorage is emulated on the embed page opened on its own, where sessionStorage still works.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { storageNotices } from '../../dist/lib/src/lesson/safe-storage.js';
import { answer } from './embed-answer.mjs';
import { launch, requireBuilt, startOrigins } from './embed-support.mjs';
import { questions, widgetOf } from './lesson-data.mjs';

requireBuilt('dist/site/embed.html', 'dist/lib/src/lesson/safe-storage.js');

const question = questions.find((q) => q.kind === 'numeric');
const section = `#question-${question.id}`;
let origins;
before(async () => {
  origins = await startOrigins();
});
after(() => origins?.close());

// sessionStorage refused as well: what Chromium does for a frame when the user blocks all site data.
const refuseSessionStorage = () =>
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    get() {
      throw new DOMException('The user has blocked site data.', 'SecurityError');
    },
  });

async function browserRefusing(what) {
  const browser = await launch({ storageBlocked: true });
  if (what === 'all') await browser.context.addInitScript(refuseSessionStorage);
  return browser;
}

// Opens the course page in `page` with one framed embed, and waits for what the frame shows.
async function openEmbed(page, query, ready) {
  await page.goto(`${origins.host.url}iframes.html?site=${encodeURIComponent(origins.site.url)}`);
  const src = `${origins.site.url}embed.html?lesson=why-sqrt-dk&${query}`;
  await page.evaluate((url) => window.addEmbed(url, 'e'), src);
  const frame = await (await page.waitForSelector('iframe[name="e"]')).contentFrame();
  await frame.waitForSelector(ready);
  return frame;
}

// The frame's own reload, as its page would be reloaded; the host page stays.
const reload = (frame) => frame.goto(frame.url());
const locked = (frame) => frame.getAttribute(section, 'data-locked');
const status = (frame) => frame.getAttribute(section, 'data-status');

test('localStorage refused, sessionStorage kept: the notice says "until you close the tab", and so it is', async () => {
  const browser = await browserRefusing('local');
  const embed = `${origins.site.url}embed.html?lesson=why-sqrt-dk&question=${question.id}&attempts=2`;
  try {
    const { page } = browser;
    await page.goto(embed);
    await page.waitForSelector(`${section} form`);
    assert.equal(await page.textContent('#page-notices'), storageNotices.tab);
    assert.match(storageNotices.tab, /until you close the tab \(reloading keeps them\)/);
    await answer(page, question, { right: false });
    await answer(page, question, { right: false });
    assert.equal(await locked(page), 'true', 'two wrong answers use up attempts=2');

    // "reloading keeps them": the lock and the answers are still there.
    await page.reload();
    await page.waitForSelector(`${section}[data-locked="true"]`);
    assert.equal(await status(page), 'incorrect');

    // "until you close the tab": a new tab starts afresh.
    await page.close();
    const tab = await browser.context.newPage();
    await tab.goto(embed);
    await tab.waitForSelector(`${section} form`);
    assert.equal(await locked(tab), null);
    assert.equal(await status(tab), null);
    assert.deepEqual(browser.problems, []);
  } finally {
    await browser.close();
  }
});

test('framed, all storage refused: the notice says "until you reload", and a reload does start afresh', async () => {
  const browser = await browserRefusing('all');
  try {
    const frame = await openEmbed(browser.page, `question=${question.id}&attempts=2`, `${section} form`);
    assert.equal(await frame.textContent('#page-notices'), storageNotices.page);
    assert.match(storageNotices.page, /last only until you reload or leave this page/);
    await answer(frame, question, { right: false });
    await answer(frame, question, { right: false });
    assert.equal(await locked(frame), 'true');
    await reload(frame);
    await frame.waitForSelector(`${section} form`);
    assert.equal(await locked(frame), null, 'nothing outlived the reload, as the notice said');
    assert.equal(await status(frame), null);
    assert.deepEqual(browser.problems, []);
  } finally {
    await browser.close();
  }
});

test('a lone widget keeps nothing, so it says nothing about storage', async () => {
  const browser = await browserRefusing('all');
  try {
    const widget = widgetOf('softmax-dies');
    const frame = await openEmbed(browser.page, `widget=${widget.id}`, `#${widget.id}-widget[data-rendered]`);
    assert.equal(await frame.textContent('#page-notices'), '');
    assert.deepEqual(browser.problems, []);
  } finally {
    await browser.close();
  }
});
