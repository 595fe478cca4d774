// Frame times of the real page in Chromium while a slider moves: the main thread must stay free (core in a worker).
import { openBenchPage } from './browser/page.mjs';
import { openLesson } from '../tests/e2e/browser.mjs';

export async function measureFrames({ presses = 120 } = {}) {
  const lesson = await openLesson();
  try {
    const { page } = lesson;
    await page.goto(`${lesson.url}#softmax-dies`);
    await page.waitForSelector('#softmax-dies-widget[data-rendered]');
    await page.evaluate(() => {
      const w = window;
      w.benchFrames = [];
      w.benchLongest = 0;
      w.benchUpdates = 0;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => (w.benchLongest = Math.max(w.benchLongest, e.duration))),
      ).observe({ type: 'longtask', buffered: false });
      new MutationObserver(() => w.benchUpdates++).observe(document.querySelector('#softmax-dies-widget'), {
        attributes: true,
        attributeFilter: ['data-rendered'],
      });
      let last = performance.now();
      const tick = (now) => {
        w.benchFrames.push(now - last);
        last = now;
        if (w.benchFrames.length < 100000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.focus('#softmax-dies-widget-dk-slider');
    for (let i = 0; i < presses; i++) await page.keyboard.press(i % 96 < 48 ? 'ArrowLeft' : 'ArrowRight', { delay: 8 });
    const { frames, longest, updates } = await page.evaluate(() => ({
      frames: window.benchFrames.slice(1),
      longest: window.benchLongest,
      updates: window.benchUpdates,
    }));
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      count: frames.length,
      median: at(0.5),
      p95: at(0.95),
      max: sorted.at(-1) ?? 0,
      longestTask: longest,
      updates,
    };
  } finally {
    await lesson.close();
  }
}

/**
 * Longest main-thread task and frame times while the Train-it widget trains at dₖ = 512 (the worker does the work),
 * on the device `profile` (bench/browser/profiles.mjs). Steps per second are those of the run under way, as the raw
 * trainer in Node counts them: from the first chunk the page shows (the trainers made and warm) over `seconds`, timed
 * on the page's clock as each chunk arrives; `startMs` is the time from Start to that first chunk.
 */
export async function measureTraining({ seconds = 1.5, profile } = {}) {
  const lesson = await openBenchPage({ profile });
  try {
    const { page } = lesson;
    await page.goto(`${lesson.url}lesson.html?training.dk=512&training.keys=32&training.steps=3000#training`);
    await page.waitForSelector('#training-widget button.training-start');
    // Fast: the worker trains as fast as it can, which is what this compares with the raw trainer.
    await page.check('#training-widget-speed-fast');
    // Everything is recorded by the page itself, so no query from here runs on its thread while it trains.
    const measured = page.evaluate((ms) => {
      const w = window;
      w.benchFrames = [];
      w.benchLongest = 0;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => (w.benchLongest = Math.max(w.benchLongest, e.duration))),
      ).observe({ type: 'longtask' });
      let last = performance.now();
      const tick = (now) => {
        w.benchFrames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const widget = document.querySelector('#training-widget');
      const progress = widget.querySelector('progress');
      const start = widget.querySelector('button.training-start');
      return new Promise((resolve) => {
        let pressed;
        let first;
        // The progress bar's value is written once per chunk, as its message arrives.
        new MutationObserver(() => {
          const sample = { at: performance.now(), steps: Number(progress.value) };
          if (sample.steps <= 0) return;
          first ??= sample;
          if (sample.at - first.at < ms) return;
          resolve({
            first,
            last: sample,
            pressed,
            running: widget.dataset.training === 'running',
            frames: w.benchFrames.slice(1),
            longest: w.benchLongest,
          });
        }).observe(progress, { attributes: true, attributeFilter: ['value'] });
        pressed = performance.now();
        start.click();
      });
    }, seconds * 1000);
    const { first, last, pressed, running, frames, longest } = await measured;
    // A run that already finished would make steps per second a lower bound: the window must end mid-run.
    if (!running) throw new Error(`measureTraining: the run ended within ${seconds} s; measure over a shorter window`);
    await page.click('#training-widget button.training-stop');
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      count: frames.length,
      median: at(0.5),
      p95: at(0.95),
      max: sorted.at(-1) ?? 0,
      longestTask: longest,
      stepsPerSecond: (last.steps - first.steps) / ((last.at - first.at) / 1000),
      startMs: first.at - pressed,
    };
  } finally {
    await lesson.close();
  }
}
