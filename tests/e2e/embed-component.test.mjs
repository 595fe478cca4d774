// The web component (attention-lab.js): in a plain host page that loads it from our origin (as from a CDN), and in a
// host page under a strict CSP that serves a copy of the site from its own static folder, under a sub-path.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { launch, requireBuilt, startOrigins } from './embed-support.mjs';
import { ownVariant, questions, rightAnswer, widgetOf } from './lesson-data.mjs';

requireBuilt('dist/site/attention-lab.js');

const softmax = widgetOf('softmax-dies');
const question = questions.find((q) => q.id === 'std-at-512') ?? questions.find((q) => q.kind === 'numeric');
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

// The elements, their shadow roots (which Playwright's CSS selectors pierce), and the events they fire.
async function exercise(page) {
  const widget = `attention-lab-widget#w1 #${softmax.id}-widget`;
  await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`, { timeout: 15000 });
  const rendered = JSON.parse(await page.getAttribute(widget, 'data-rendered'));
  assert.equal(rendered.dk, 512);
  assert.equal(
    await page.isVisible(`${widget} input[type="radio"][value="sqrt"]`),
    false,
    'hide="scale" hides the scale control',
  );
  assert.ok(
    await page.evaluate(() => document.getElementById('w1').shadowRoot.adoptedStyleSheets.length === 1),
    'styles stay in the shadow root',
  );
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.body).fontFamily.includes('system-ui')),
    false,
    'our styles do not leak into the host',
  );

  // Attributes mirror the URL state: changing one redraws the widget.
  const before = await page.getAttribute(widget, 'data-rendered');
  await page.evaluate(() => document.getElementById('w1').setAttribute('dk', '64'));
  await page.waitForFunction(
    ([w, b]) => {
      const figure = document.getElementById('w1').shadowRoot.querySelector(w);
      return figure?.dataset.rendered && figure.dataset.rendered !== b && !figure.hasAttribute('aria-busy');
    },
    [`#${softmax.id}-widget`, before],
  );
  assert.equal(JSON.parse(await page.getAttribute(widget, 'data-rendered')).dk, 64);

  const input = `attention-lab-question#q1 #question-${question.id} input.answer`;
  await page.waitForSelector(input);
  await page.waitForFunction(() => document.fonts.check('16px KaTeX_Main'));
  await page.fill(input, rightAnswer(question));
  await page.press(input, 'Enter');
  await page.waitForFunction(() => window.received.some((e) => e.data.verb === 'completed'));
  const events = await page.evaluate(() => window.received.map((e) => [e.element, e.data.verb]));
  assert.deepEqual(
    events
      .filter(([element]) => element === 'w1')
      .map(([, verb]) => verb)
      .slice(0, 1),
    ['ready'],
  );
  const answered = await page.evaluate(() => window.received.find((e) => e.data.verb === 'answered'));
  assert.deepEqual(answered, {
    element: 'q1',
    data: {
      type: 'attention-lab',
      version: 1,
      verb: 'answered',
      verbId: 'http://adlnet.gov/expapi/verbs/answered',
      frame: 'q1',
      lesson: 'why-sqrt-dk',
      questionId: question.id,
      correct: true,
      attempts: 1,
      afterSolution: false,
      variant: ownVariant(question),
    },
  });
  assert.equal(await page.getAttribute(`attention-lab-question#q1 #question-${question.id}`, 'data-status'), 'correct');
}

test('in a plain host page on another origin, loading the module from our origin', async () => {
  // Our files need CORS for a cross-origin module, its worker (started from a blob:) and the WASM.
  const origins = await startOrigins({ siteOptions: { headers: { 'Access-Control-Allow-Origin': '*' } } });
  const page = await browser.context.newPage();
  try {
    await page.goto(`${origins.host.url}component-plain.html?site=${encodeURIComponent(origins.site.url)}`);
    await exercise(page);
    const wasm = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.wasm')),
    );
    assert.equal(wasm.length, 0, 'the page itself fetched no WASM: the worker did');

    // Elements that leave the page release the core worker; one that comes back starts it again and draws.
    assert.equal(page.workers().length, 1, 'one worker serves every element');
    const [worker] = page.workers();
    const ended = worker.waitForEvent('close');
    const detached = await page.evaluate(() => {
      const elements = [...document.querySelectorAll('attention-lab-widget, attention-lab-question')];
      elements.forEach((element) => element.remove());
      window.detachedElements = elements;
      return elements.length;
    });
    assert.ok(detached >= 1);
    await ended;
    assert.equal(page.workers().length, 0, 'no element left: no worker left');
    const started = page.waitForEvent('worker');
    await page.evaluate(() => document.body.append(...window.detachedElements));
    await started;
    await page.waitForFunction(() =>
      [...document.querySelectorAll('attention-lab-widget')].every((element) =>
        element.shadowRoot?.querySelector('.widget[data-rendered]:not([aria-busy])'),
      ),
    );
  } finally {
    await page.close();
    await origins.close();
  }
  assert.deepEqual(browser.problems, []);
});

test('in a host page under a strict CSP, with the site copied under a sub-path of the host', async () => {
  const origins = await startOrigins({ plainHost: false });
  const page = await browser.context.newPage();
  try {
    const response = await page.goto(`${origins.host.url}component-strict.html`);
    assert.equal(response.headers()['content-security-policy'], contentSecurityPolicy);
    await exercise(page);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
  } finally {
    await page.close();
    await origins.close();
  }
  assert.deepEqual(browser.problems, []);
});

test('graded attributes: attempts and explain apply, a kept seed, events name the variant', async () => {
  const origins = await startOrigins({ siteOptions: { headers: { 'Access-Control-Allow-Origin': '*' } } });
  const page = await browser.context.newPage();
  try {
    await page.goto(`${origins.host.url}component-plain.html?site=${encodeURIComponent(origins.site.url)}`);
    await page.evaluate((id) => {
      const element = document.createElement('attention-lab-question');
      for (const [name, value] of Object.entries({
        id: 'graded',
        lesson: 'why-sqrt-dk',
        question: id,
        attempts: '1',
        explain: 'never',
        variant: 'learner',
      }))
        element.setAttribute(name, value);
      document.body.append(element);
    }, question.id);
    const section = `attention-lab-question#graded #question-${question.id}`;
    await page.fill(`${section} input.answer`, String(question.answer * 3 + 7.5));
    await page.press(`${section} input.answer`, 'Enter');
    await page.waitForSelector(`${section}[data-locked="true"]`);
    assert.equal(await page.isDisabled(`${section} input.answer`), true, 'locked after its one attempt');
    assert.match(await page.textContent(`${section} .locked-note`), /used your one attempt/);
    assert.equal(await page.isVisible(`attention-lab-question#graded #question-${question.id}-solution`), false);
    const answered = await page.evaluate(() =>
      window.received.filter((e) => e.element === 'graded' && e.data.verb === 'answered').map((e) => e.data),
    );
    assert.equal(answered.length, 1);
    const key = await page.getAttribute(section, 'data-variant');
    assert.deepEqual([answered[0].variant.key, typeof answered[0].variant.index], [key, 'number']);
    assert.match(
      await page.evaluate(() => localStorage.getItem('attention-lab:variant-seed')),
      /^[0-9a-f]{32}$/,
      'the learner’s seed is kept in this browser',
    );
  } finally {
    await page.close();
    await origins.close();
  }
  assert.deepEqual(browser.problems, []);
});
