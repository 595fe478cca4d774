// A reload brings the reader back to what they were reading, although far sections are laid out only as they come
// near (their heights are estimates until then): measured by the block at the top of the window before and after,
// not by the scroll offset. An answer typed and not yet checked survives the reload too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';

let lesson;
let site;
before(async () => {
  lesson = await openLesson();
  // The site's root: the prerendered lesson, which the live one replaces after the first figures.
  site = lesson.url.replace(/lesson\.html$/, 'index.html');
});
after(() => lesson?.close());

// The live lesson is in (questions have their forms) and the math has its fonts.
async function live(page) {
  await page.waitForSelector('.question form');
  await page.evaluate(() => document.fonts.ready);
}

// The block of a section (paragraph, equation, figure, question…) at the top of the window, and where it starts.
const topBlock = (page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll('.lesson-body > section > *')];
    const index = blocks.findIndex((block) => block.getBoundingClientRect().bottom > 0);
    const block = blocks[index];
    return {
      index,
      top: block.getBoundingClientRect().top,
      text: block.textContent.trim().slice(0, 60),
      scrollY: window.scrollY,
      screen: window.innerHeight,
    };
  });

// Scrolls to y (a script's scroll, as a link's would be), waits until the page has noted the place, reloads, and
// finds the block that was at the top.
async function reloadAt(page, y) {
  const target = await page.evaluate((wanted) => {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(wanted, end));
    return window.scrollY;
  }, y);
  await page.waitForFunction(() => window.history.state?.readerPlace?.y === window.scrollY);
  const was = await topBlock(page);
  await page.reload();
  await live(page);
  const is = await topBlock(page);
  const moved = await page.evaluate((index) => {
    const block = document.querySelectorAll('.lesson-body > section > *')[index];
    return block.getBoundingClientRect().top;
  }, was.index);
  return { target, was, is, moved };
}

test('a reload returns to the block the reader was at, at 1280 and at 375 px', async () => {
  const { page } = lesson;
  await page.goto(site);
  await live(page);
  for (const [width, height, y] of [
    [1280, 800, 8000],
    [1280, 800, 20000],
    [1280, 800, Infinity],
    [375, 812, 20000],
  ]) {
    await page.setViewportSize({ width, height });
    const { target, was, is, moved } = await reloadAt(page, y);
    const where = `at ${width} px, scrolled to ${Math.round(target)} (${was.text})`;
    assert.ok(target > 4000, `${where}: the lesson is long enough to test`);
    assert.ok(
      Math.abs(moved - was.top) < was.screen,
      `${where}: the block that was ${Math.round(was.top)} px from the top is now ${Math.round(moved)} px from it ` +
        `(now at the top: ${is.text}, scroll ${Math.round(is.scrollY)})`,
    );
  }
});

test('once the reader scrolls, the page stops holding the reloaded place', async () => {
  const { page } = lesson;
  const held = await topBlock(page);
  await page.mouse.move(100, 400);
  await page.mouse.wheel(0, -600);
  await page.waitForFunction((from) => window.scrollY < from - 300, held.scrollY);
  const reading = await topBlock(page);
  // Something above grows after the reader moved on (a notice here): what they read now stays, not the reloaded place.
  await page.evaluate(() => {
    const notice = Object.assign(document.createElement('p'), { textContent: 'A notice above the lesson.' });
    notice.style.height = '500px';
    document.getElementById('page-notices').append(notice);
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const now = await topBlock(page);
  assert.equal(now.index, reading.index, `still reading "${reading.text}", not "${now.text}"`);
  await page.evaluate(() => document.getElementById('page-notices').lastElementChild.remove());
});

test('an answer typed but not checked survives a reload, and checking it leaves no draft', async () => {
  const { page } = lesson;
  await page.setViewportSize({ width: 1280, height: 800 });
  const input = page.locator('#question-var-of-product-answer');
  await input.scrollIntoViewIfNeeded();
  await input.fill('2');
  await page.reload();
  await live(page);
  assert.equal(await input.inputValue(), '2', 'the unchecked answer is back after the reload');
  await input.press('Enter');
  await page.waitForSelector('#question-var-of-product[data-status="incorrect"]');
  const drafts = await page.evaluate(() => localStorage.getItem('attention-lab:drafts:why-sqrt-dk'));
  assert.equal(drafts, null, 'a checked answer is progress, not a draft');
  // Typed after a checked answer: the newer text is what comes back, beside the verdict of the checked one.
  await input.fill('sqrt(1)');
  await page.reload();
  await live(page);
  assert.equal(await input.inputValue(), 'sqrt(1)');
  assert.match(await page.textContent('#question-var-of-product .feedback'), /Answered once, not yet correctly/);
  assert.deepEqual(lesson.problems, []);
});
