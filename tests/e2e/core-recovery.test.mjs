// The computation core as a learner meets its failures: a slow download is announced, a worker that dies is
// restarted with the widgets' latest requests, a training run it cut short says so, and a core that cannot start
// at all is explained with a Retry that works once the cause is gone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { widgetOf } from './lesson-data.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

const softmax = widgetOf('softmax-dies').id;
const entropy = widgetOf('entropy-vs-dk').id;
const training = widgetOf('train-it').id;
const drawn = (id) => `#${id}-widget[data-rendered]:not([aria-busy])`;
const rendered = async (page, id) => JSON.parse(await page.getAttribute(`#${id}-widget`, 'data-rendered'));

/** Holds every .wasm request until `release` is called, so the core is slow to load for as long as the test likes. */
async function holdWasm(context) {
  let release;
  const released = new Promise((done) => (release = done));
  await context.route('**/*.wasm', async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release(), stop: () => context.unroute('**/*.wasm') };
}

test('a slow core: each figure says it is loading the computation core, then draws', async () => {
  const { page, context } = lesson;
  const hold = await holdWasm(context);
  try {
    await page.goto(`${lesson.url}#${softmax}`);
    await page.waitForSelector(`#${softmax}-widget .widget-waiting:not([hidden])`);
    assert.equal(
      (await page.textContent(`#${softmax}-widget .widget-waiting`)).trim(),
      'Loading the computation core…',
    );
    assert.match(await page.textContent('#core-status'), /Loading the computation core/);
    hold.release();
    await page.waitForSelector(drawn(softmax));
    assert.equal(
      await page.isHidden(`#${softmax}-widget .widget-waiting`),
      true,
      'the loading note goes once it has drawn',
    );
  } finally {
    await hold.stop();
  }
});

test('a worker that dies is restarted, and the change made meanwhile is drawn', async () => {
  const { page } = lesson;
  // 48 keys × 500 trials are computed in the worker (cheaper states may be computed on the page's own core).
  await page.goto(`${lesson.url}?${entropy}.keys=48&${entropy}.trials=500#${entropy}`);
  await page.waitForSelector(drawn(entropy));
  const [worker] = page.workers();
  const ended = worker.waitForEvent('close');
  await worker.evaluate(() => setTimeout(() => self.close(), 0));
  await ended;
  // A change while no worker answers: the client notices the silence, restarts, and sends the latest request again.
  // (The page's core may draw a draft of it at once: the whole answer is the worker's, once it is back.)
  const wanted = (await rendered(page, entropy)).keys + 1;
  await page.focus(`#${entropy}-widget-keys-slider`);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    ([selector, keys]) => {
      const element = document.querySelector(selector);
      return element && !element.hasAttribute('aria-busy') && JSON.parse(element.dataset.rendered).keys === keys;
    },
    [`#${entropy}-widget`, wanted],
    { timeout: 20000 },
  );
  assert.equal(await page.getAttribute(`#${entropy}-widget`, 'data-computed-in'), 'worker');
  assert.equal(await page.textContent('#core-status'), '', 'the restart notice is gone once the new core is ready');
});

test('a worker terminated mid-computation: the notice shows, and the latest change is drawn', async () => {
  const { page } = lesson;
  // Every Worker the page starts is kept; one asked to is terminated right after it is sent the 64-key request, in
  // the same task, so it dies with that request in hand however fast or slow the machine is.
  await page.addInitScript(() => {
    const Original = window.Worker;
    window.startedWorkers = [];
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        window.startedWorkers.push(this);
      }
      postMessage(message, ...rest) {
        super.postMessage(message, ...rest);
        if (this.dieOnCompute && message?.widget === 'entropy-vs-dk' && message.params?.keys === 64) {
          this.dieOnCompute = false;
          this.terminate();
        }
      }
    };
  });
  // 64 keys × 500 trials are computed in the worker, never on the page's own core.
  await page.goto(`${lesson.url}?${entropy}.keys=63&${entropy}.trials=500#${entropy}`);
  await page.waitForSelector(drawn(entropy));
  await page.evaluate(() => (window.startedWorkers.at(-1).dieOnCompute = true));
  await page.focus(`#${entropy}-widget-keys-slider`);
  await page.keyboard.press('ArrowRight');
  // The worker got the request for 64 keys and was terminated with it.
  await page.waitForFunction(() => window.startedWorkers[0].dieOnCompute === false);
  await page.waitForFunction(
    () => /is restarting; your settings are kept/.test(document.querySelector('#core-status')?.textContent ?? ''),
    undefined,
    { timeout: 20000 },
  );
  await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element && !element.hasAttribute('aria-busy') && JSON.parse(element.dataset.rendered).keys === 64;
    },
    `#${entropy}-widget`,
    { timeout: 20000 },
  );
  assert.equal(await page.getAttribute(`#${entropy}-widget`, 'data-computed-in'), 'worker');
  assert.equal(await page.evaluate(() => window.startedWorkers.length), 2, 'one new worker replaced the dead one');
  await page.waitForFunction(() => document.querySelector('#core-status')?.textContent === '');
});

test('a training run cut short by a dying worker says it was interrupted, and the page goes on', async () => {
  const { page } = lesson;
  await page.goto(`${lesson.url}?${training}.steps=3000#${training}`);
  await page.waitForSelector(drawn(training));
  await page.click(`#${training}-widget button.training-start`);
  await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 20, `#${training}-widget progress`);
  const [worker] = page.workers();
  await worker.evaluate(() => setTimeout(() => self.close(), 0));
  await page.waitForSelector(`#${training}-widget[data-training="failed"]`, { timeout: 20000 });
  assert.match(await page.textContent(`#${training}-widget .widget-notice`), /interrupted.*Press Start to train again/);
  await page.click(`#${training}-widget button.training-start`);
  await page.waitForFunction((w) => Number(document.querySelector(w)?.value) >= 20, `#${training}-widget progress`);
  await page.click(`#${training}-widget button.training-stop`);
});

test('a core that cannot start: a clear message and Retry, which works once the file is back', async () => {
  const { page, context } = lesson;
  await context.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'missing' }));
  try {
    await page.goto(`${lesson.url}#${softmax}`);
    await page.waitForSelector('#core-status button', { timeout: 20000 });
    assert.match(await page.textContent('#core-status'), /could not start.*The text and questions still work/);
    await page.waitForFunction(
      (id) => /could not compute/.test(document.querySelector(`#${id}-widget .widget-notice`)?.textContent ?? ''),
      softmax,
    );
    assert.ok(await page.isVisible('.question'), 'the questions are still there');
  } finally {
    await context.unroute('**/*.wasm');
  }
  await page.click('#core-status button');
  await page.waitForFunction(
    (id) => {
      const element = document.querySelector(`#${id}-widget`);
      return (
        element?.dataset.rendered &&
        !element.hasAttribute('aria-busy') &&
        !element.querySelector('.widget-notice')?.textContent
      );
    },
    softmax,
    { timeout: 20000 },
  );
  assert.equal(await page.textContent('#core-status'), '');
});
