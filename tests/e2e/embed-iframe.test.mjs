// Embedding by iframe across origins: a course page on 127.0.0.2 frames a widget and a question from the site on
// 127.0.0.1; heights follow content; the host hears ready/answered/progress/completed, never an answer key.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, requireBuilt, startOrigins, waitForMessage } from './embed-support.mjs';
import { lesson, ownVariant, questions, rightAnswer, widgetOf } from './lesson-data.mjs';
import { pressSlider } from './sliders.mjs';

requireBuilt('dist/site/embed.html', 'dist/site/embed-host.js');

const softmax = widgetOf('softmax-dies');
const question =
  questions.find((q) => q.kind === 'numeric' && q.id === 'std-at-512') ?? questions.find((q) => q.kind === 'numeric');
let origins;
let browser;
before(async () => {
  [origins, browser] = await Promise.all([startOrigins(), launch()]);
});
after(async () => {
  await browser?.close();
  await origins?.close();
});

const siteOrigin = () => new URL(origins.site.url).origin;
const embedUrl = (query) => `${origins.site.url}embed.html?${query}`;

async function openHost(page) {
  await page.goto(`${origins.host.url}iframes.html?site=${encodeURIComponent(origins.site.url)}`);
}

async function addEmbed(page, query, name) {
  await page.evaluate(([src, frameName]) => window.addEmbed(src, frameName), [embedUrl(query), name]);
  for (let i = 0; i < 200; i++) {
    const frame = page.frames().find((f) => f.name() === name && f.url().startsWith(origins.site.url));
    if (frame) return frame;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`the iframe ${name} never loaded`);
}

// Polls until the iframe's height on the host equals its document's height inside.
async function heightsAgree(page, frame, name, atLeast = 0) {
  const deadline = Date.now() + 8000;
  let outer;
  let inner;
  while (Date.now() < deadline) {
    outer = await page.evaluate(
      (n) => document.querySelector(`iframe[name="${n}"]`).getBoundingClientRect().height,
      name,
    );
    inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    if (Math.abs(outer - inner) <= 1 && inner > atLeast) return inner;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`iframe ${name}: host height ${outer}, content height ${inner}`);
}

test('a widget embedded cross-origin says ready, takes its URL state, and its frame follows its height', async () => {
  const { page } = browser;
  await openHost(page);
  const frame = await addEmbed(page, `lesson=why-sqrt-dk&widget=${softmax.id}&dk=512&hide=scale&frame=w`, 'w');
  const ready = await waitForMessage(
    page,
    `(m) => m.frame === 'w' && m.data.verb === 'ready'`,
    'ready from the widget',
  );
  assert.equal(ready.origin, siteOrigin());
  assert.deepEqual(ready.data, {
    type: 'attention-lab',
    version: 1,
    verb: 'ready',
    verbId: 'http://adlnet.gov/expapi/verbs/initialized',
    frame: 'w',
    lesson: 'why-sqrt-dk',
    widgets: [softmax.id],
    questions: [],
  });

  await frame.waitForSelector(`#${softmax.id}-widget[data-rendered]:not([aria-busy])`);
  const rendered = JSON.parse(await frame.getAttribute(`#${softmax.id}-widget`, 'data-rendered'));
  assert.equal(rendered.dk, 512);
  assert.equal(await frame.isVisible('input[type="radio"][value="sqrt"]'), false, 'hide=scale hides the scale control');
  assert.equal(
    await frame.isVisible(`#${softmax.id}-widget-temperature-slider`),
    false,
    'and τ, which only the hidden scale could bring into use',
  );
  assert.equal(await frame.textContent('#page-notices'), '', 'no notice for a clean link');

  const first = await heightsAgree(page, frame, 'w', 150);
  await frame.click(`#${softmax.id}-widget details.data summary`); // the data table opens: the content grows
  const grown = await heightsAgree(page, frame, 'w', first + 40);
  const canvas = await waitForMessage(
    page,
    `(m) => m.frame === 'w' && m.data.subject === 'lti.frameResize' && m.data.height === ${grown}`,
    `Canvas's lti.frameResize with height ${grown}`,
  );
  assert.equal(canvas.origin, siteOrigin());
  const events = await page.evaluate(() => window.hostEvents.filter((e) => e.frame === 'w').map((e) => e.verb));
  assert.ok(
    events.includes('ready') && events.includes('resize'),
    'embed-host.js re-dispatches the messages on the iframe',
  );
});

test(
  'a question embedded cross-origin reports answered, progress and completed, and never the answer ' + 'key',
  async () => {
    const { page } = browser;
    await openHost(page);
    const frame = await addEmbed(page, `lesson=why-sqrt-dk&question=${question.id}&frame=q`, 'q');
    const ready = await waitForMessage(
      page,
      `(m) => m.frame === 'q' && m.data.verb === 'ready'`,
      'ready from the question',
    );
    assert.deepEqual(ready.data.questions, [question.id]);
    assert.equal(
      await frame.textContent(`#question-${question.id} h3`),
      `A question from “${lesson.title}”`,
      'alone in a course page, the question is named by its lesson, not by its number there',
    );
    const input = `#question-${question.id} input.answer`;
    await frame.fill(input, String(question.answer * 3 + 7.5));
    await frame.press(input, 'Enter');
    const wrong = await waitForMessage(
      page,
      `(m) => m.frame === 'q' && m.data.verb === 'answered'`,
      'answered (wrong)',
    );
    assert.deepEqual(wrong.data, {
      type: 'attention-lab',
      version: 1,
      verb: 'answered',
      verbId: 'http://adlnet.gov/expapi/verbs/answered',
      frame: 'q',
      lesson: 'why-sqrt-dk',
      questionId: question.id,
      correct: false,
      attempts: 1,
      afterSolution: false,
      variant: ownVariant(question),
    });
    await frame.fill(input, rightAnswer(question));
    await frame.press(input, 'Enter');
    await waitForMessage(
      page,
      `(m) => m.frame === 'q' && m.data.verb === 'answered' && m.data.correct`,
      'answered (right)',
    );
    const completed = await waitForMessage(page, `(m) => m.frame === 'q' && m.data.verb === 'completed'`, 'completed');
    assert.equal(completed.data.score, 1);
    const progress = await page.evaluate(
      () => window.received.filter((m) => m.frame === 'q' && m.data.verb === 'progress').at(-1).data,
    );
    assert.deepEqual([progress.answered, progress.correct, progress.total], [1, 1, 1]);
    const answered = await page.evaluate(() =>
      window.received.filter((m) => m.frame === 'q' && m.data.verb === 'answered').map((m) => m.data),
    );
    assert.deepEqual(
      answered.map((m) => [m.correct, m.attempts]),
      [
        [false, 1],
        [true, 2],
      ],
    );

    // Nothing about the answer leaves the frame: no key, no tolerance, no typed answer, no feedback.
    const everything = JSON.stringify(
      await page.evaluate(() => window.received.filter((m) => m.frame === 'q').map((m) => m.data)),
    );
    for (const secret of [
      '"answer"',
      'tolerance',
      'anticipated',
      'explanation',
      'lastAnswer',
      'feedback',
      String(question.answer).slice(0, 6),
      rightAnswer(question),
    ]) {
      assert.ok(!everything.includes(secret), `the host saw ${secret}`);
    }

    // Storage in the frame is blocked or partitioned: the site's own top-level storage never saw these answers.
    const direct = await browser.context.newPage();
    await direct.goto(embedUrl(`question=${question.id}`));
    assert.equal(await direct.evaluate(() => localStorage.getItem('attention-lab:progress:why-sqrt-dk')), null);
    await direct.close();
  },
);

test('with storage blocked inside the frame the question still works, and says progress will not be kept', async () => {
  const blocked = await launch({ storageBlocked: true });
  try {
    const { page } = blocked;
    await openHost(page);
    const frame = await addEmbed(page, `lesson=why-sqrt-dk&question=${question.id}&frame=b`, 'b');
    await frame.waitForSelector(`#question-${question.id}`);
    assert.match(await frame.textContent('#page-notices'), /not letting the page save anything/);
    await frame.fill(`#question-${question.id} input.answer`, rightAnswer(question));
    await frame.press(`#question-${question.id} input.answer`, 'Enter');
    const answered = await waitForMessage(
      page,
      `(m) => m.frame === 'b' && m.data.verb === 'answered'`,
      'answered with storage blocked',
    );
    assert.equal(answered.data.correct, true);
    assert.equal(await frame.getAttribute(`#question-${question.id}`, 'data-status'), 'correct');
    assert.deepEqual(blocked.problems, []);
  } finally {
    await blocked.close();
  }
});

test('the whole lesson embeds too, and its ready lists every widget and question', async () => {
  const { page } = browser;
  await openHost(page);
  const frame = await addEmbed(page, 'lesson=why-sqrt-dk&frame=all', 'all');
  const ready = await waitForMessage(
    page,
    `(m) => m.frame === 'all' && m.data.verb === 'ready'`,
    'ready from the whole lesson',
  );
  assert.deepEqual(
    ready.data.questions,
    questions.map((q) => q.id),
  );
  assert.ok(ready.data.widgets.includes(softmax.id));
  const progress = await waitForMessage(
    page,
    `(m) => m.frame === 'all' && m.data.verb === 'progress'`,
    'progress after ready',
  );
  assert.equal(progress.data.total, questions.length);
  const verbs = await page.evaluate(() =>
    window.received.filter((m) => m.frame === 'all' && m.data.type).map((m) => m.data.verb),
  );
  assert.equal(verbs[0], 'ready', 'ready comes first even though the lesson reports progress while it renders');
  assert.equal((await frame.$$('.question')).length, questions.length);
  assert.equal(
    await frame.textContent(`#question-${questions[1].id} h3`),
    'Question 2',
    'in the whole lesson, numbers',
  );
  await heightsAgree(page, frame, 'all', 2000);
});

test(
  'origin= restricts every message to that origin; a frame that names another origin tells this host ' + 'nothing',
  async () => {
    const { page } = browser;
    await openHost(page);
    const hostOrigin = new URL(origins.host.url).origin;
    const elsewhere = await addEmbed(
      page,
      `widget=${softmax.id}&frame=elsewhere&origin=${encodeURIComponent('https://lms.example')}`,
      'elsewhere',
    );
    await addEmbed(page, `widget=${softmax.id}&frame=here&origin=${encodeURIComponent(hostOrigin)}`, 'here');
    await elsewhere.waitForSelector(`#${softmax.id}-widget[data-rendered]`);
    await waitForMessage(
      page,
      `(m) => m.frame === 'here' && m.data.verb === 'ready'`,
      'ready from the frame that names this origin',
    );
    await waitForMessage(
      page,
      `(m) => m.frame === 'here' && m.data.verb === 'resize'`,
      'resize from the frame that names this origin',
    );
    assert.equal(await page.evaluate(() => window.received.filter((m) => m.frame === 'elsewhere').length), 0);
  },
);

test('a hidden control hides the rows only it brings into use, and no others', async () => {
  const page = await browser.context.newPage();
  const widget = `#${softmax.id}-widget`;
  const shows = (state) => page.goto(embedUrl(`lesson=why-sqrt-dk&widget=${softmax.id}&${state}`));
  try {
    await shows('scale=temperature&hide=scale'); // τ is in use: it stays, and works
    await page.waitForSelector(`${widget}[data-rendered]`);
    assert.equal(await page.isVisible(`${widget}-temperature-slider`), true);
    assert.equal(await page.isEnabled(`${widget}-temperature-slider`), true);
    await shows('scale=none'); // the scale can still bring τ into use: disabled, in sight
    await page.waitForSelector(`${widget}[data-rendered]`);
    assert.equal(await page.isVisible(`${widget}-temperature-slider`), true);
    assert.equal(await page.isEnabled(`${widget}-temperature-slider`), false);

    const jacobian = widgetOf('jacobian-view');
    await page.goto(embedUrl(`lesson=why-sqrt-dk&widget=${jacobian.id}&source=given&hide=source`));
    await page.waitForSelector(`#${jacobian.id}-widget[data-rendered]`);
    assert.equal(await page.isVisible(`#${jacobian.id}-widget-keys-slider`), false, 'n, for sampled scores only');
    assert.equal(await page.isVisible(`#${jacobian.id}-widget-multiplier-slider`), true);

    // The lesson page reads the same rule from its own hide=<id>.<control>.
    await page.goto(`${origins.site.url}lesson.html?hide=${softmax.id}.scale#${softmax.id}`);
    await page.waitForSelector(`${widget}[data-rendered]`);
    assert.equal(await page.isVisible(`${widget}-temperature-slider`), false);
  } finally {
    await page.close();
  }
});

test('unknown or out-of-range parameters fall back to defaults with a polite notice, never a blank frame', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(embedUrl(`lesson=why-sqrt-dk&widget=${softmax.id}&dk=999999&bogus=1&hide=nothing&theme=neon`));
    await page.waitForSelector(`#${softmax.id}-widget[data-rendered]`);
    const rendered = JSON.parse(await page.getAttribute(`#${softmax.id}-widget`, 'data-rendered'));
    assert.equal(rendered.dk, softmax.params.dk, 'the lesson value stands in for the out-of-range one');
    assert.equal(await page.getAttribute('#page-notices', 'aria-live'), 'polite');
    const notice = await page.textContent('#page-notices');
    for (const word of ['dk', 'bogus', 'nothing', 'neon'])
      assert.ok(notice.includes(word), `the notice names ${word}: ${notice}`);

    await page.goto(embedUrl('lesson=no-such-lesson&widget=no-such-widget'));
    await page.waitForSelector('.widget[data-rendered]');
    assert.match(
      await page.textContent('#page-notices'),
      /no lesson called “no-such-lesson”[\s\S]*no widget “no-such-widget”/,
    );

    await page.goto(embedUrl('question=no-such-question'));
    await page.waitForSelector('.question');
    assert.match(await page.textContent('#page-notices'), /no question “no-such-question”/);
  } finally {
    await page.close();
  }
});

test(
  '"Embed this" on the lesson page gives the iframe snippet for the current state, with a working ' + 'Copy',
  async () => {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${origins.site.url}lesson.html`);
      const section = `#question-${question.id}`;
      // Learners do not see "Embed this": the toolbar's instructor toggle shows it.
      await page.waitForSelector(`${section} .embed-this-toggle`, { state: 'attached' });
      assert.equal(await page.isVisible(`${section} .embed-this-toggle`), false, 'hidden until an instructor asks');
      await page.click('.instructor-toggle');
      assert.equal(await page.getAttribute('.instructor-toggle', 'aria-pressed'), 'true');
      await page.click(`${section} .embed-this-toggle`);
      assert.equal(await page.getAttribute(`${section} .embed-this-toggle`, 'aria-expanded'), 'true');
      const code = await page.inputValue(`${section} .embed-this-panel textarea`);
      assert.match(
        code,
        new RegExp(
          `^<iframe src="${origins.site.url}embed\\.html\\?lesson=why-sqrt-dk&amp;question=${question.id}" ` +
            'title="[^"]+"',
        ),
      );
      assert.match(code, /<script src="[^"]+\/embed-host\.js" async><\/script>$/);
      await page.click(`${section} .embed-this-panel button`);
      // The clipboard answers asynchronously: wait for the status line to say what happened.
      await page.waitForSelector(`${section} .embed-copy-status:not(:empty)`);
      assert.match(await page.textContent(`${section} .embed-copy-status`), /^(Copied\.|Selected: press Ctrl\+C)/);

      // A widget: move dₖ, then the snippet reproduces the moved state.
      await page.evaluate((id) => document.getElementById(id).scrollIntoView(), softmax.id);
      const widget = `#${softmax.id}-widget`;
      await page.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`);
      const state = await pressSlider(page, widget, 'dk', Array(4).fill('ArrowRight'));
      await page.click(`${widget} .embed-this-toggle`);
      const snippet = await page.inputValue(`${widget} .embed-this-panel textarea`);
      const src = new URL(/src="([^"]+)"/.exec(snippet)[1].replaceAll('&amp;', '&'));
      assert.equal(src.searchParams.get('widget'), softmax.id);
      assert.equal(Number(src.searchParams.get('dk')), state.dk);
      assert.notEqual(state.dk, softmax.params.dk);
      await page.goto(src.href);
      await page.waitForSelector(`${widget}[data-rendered]`);
      assert.equal(JSON.parse(await page.getAttribute(widget, 'data-rendered')).dk, state.dk);
    } finally {
      await page.close();
    }
    assert.deepEqual(browser.problems, []);
  },
);
