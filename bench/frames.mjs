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
 * on the device `profile` (bench/browser/profiles.mjs).
 */
export async function measureTraining({ seconds = 1.5, profile } = {}) {
  const lesson = await openBenchPage({ profile });
  try {
    const { page } = lesson;
    await page.goto(`${lesson.url}lesson.html?training.dk=512&training.keys=32&training.steps=3000#training`);
    await page.waitForSelector('#training-widget button.training-start');
    // Fast: the worker trains as fast as it can, which is what this compares with the raw trainer.
    await page.check('#training-widget-speed-fast');
    await page.evaluate(() => {
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
    });
    await page.click('#training-widget button.training-start');
    const started = Date.now();
    const firstStep = await page.evaluate(() =>
      Number(document.querySelector('#training-widget progress')?.value ?? 0),
    );
    await page.waitForTimeout(seconds * 1000);
    const { frames, longest, steps, running } = await page.evaluate(() => ({
      frames: window.benchFrames.slice(1),
      longest: window.benchLongest,
      steps: Number(document.querySelector('#training-widget progress')?.value ?? 0),
      running: document.querySelector('#training-widget')?.dataset.training === 'running',
    }));
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
      stepsPerSecond: (steps - firstStep) / ((Date.now() - started) / 1000),
    };
  } finally {
    await lesson.close();
  }
}
