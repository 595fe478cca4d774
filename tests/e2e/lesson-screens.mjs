// What several page tests do to a whole lesson: draw every figure, and take the screenshot set a person looks at.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';

/** Brings every figure's slot into view and waits until each has drawn (far figures mount only when they come near). */
export async function drawEveryFigure(page) {
  for (const slot of await page.$$('.widget-slot')) await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.widget[data-rendered]:not([aria-busy])').length ===
      document.querySelectorAll('.widget-slot').length,
  );
}

/**
 * Screenshots of a lesson page at 375 and 1280 px, light and dark, into screenshots/<name>-…: the window at the
 * figure `anchor`, and the whole page. `live(page)` waits until the page's script has taken over. No size may scroll
 * sideways.
 */
export async function screenshotSet(page, { url, anchor, name, live }) {
  mkdirSync('screenshots', { recursive: true });
  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ]) {
    for (const scheme of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${url}#${anchor}`);
      await page.waitForSelector('.widget[data-rendered]:not([aria-busy])');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (overflow ${overflow} px)`);
      await page.screenshot({ path: `screenshots/${name}-${width}x${height}-${scheme}.png` });
      await page.goto(url);
      await live(page);
      // Far sections skip their layout until the window comes near; a picture of the whole page lays them all out.
      await page.evaluate(() => document.documentElement.classList.add('full-layout'));
      await page.screenshot({ path: `screenshots/${name}-${width}-${scheme}-full.png`, fullPage: true });
      await page.evaluate(() => document.documentElement.classList.remove('full-layout'));
    }
  }
}
