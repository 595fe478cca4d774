// Bad-input matrix, page rows: URL parameters and typed answers a learner (or a link) can throw at the lesson, and a
// .wasm that is missing or served with the wrong type. Each row checks the message the learner sees, that the rest of
// the page works (a widget draws, a question grades) and that answers survive a reload.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { widgetSchemas } from '../../dist/lib/src/authoring/index.js';
import { openLesson } from './browser.mjs';
import { answer } from './embed-answer.mjs';
import { siteDir } from './embed-support.mjs';
import { questions, widgetOf } from './lesson-data.mjs';

let lesson;
before(async () => {
  // Node's 16 KiB header limit would refuse the 100 000-character link before the page saw it.
  lesson = await openLesson({ server: { maxHeaderSize: 512 * 1024 } });
});
after(() => lesson?.close());

const { id: widget } = widgetOf('softmax-dies');
const numeric = questions.filter((q) => q.kind === 'numeric');
const [kept, asked] = numeric;
const sel = (q) => `#question-${q.id}`;
const drawn = (page) =>
  page.waitForSelector(`#${widget}-widget[data-rendered]:not([aria-busy]) svg.weights path.bar`, { state: 'attached' });
const rendered = async (page) => JSON.parse(await page.getAttribute(`#${widget}-widget`, 'data-rendered'));

// The lesson with one answer saved, opened at `query`; the widget is on screen and has drawn.
async function openWith(query) {
  const { page } = lesson;
  await lesson.clearStorage(page);
  await page.goto(lesson.url);
  await page.waitForSelector('.question');
  await answer(page, kept);
  await page.goto(`${lesson.url}?${query}#${widget}`);
  await page.waitForSelector('.question');
  await drawn(page);
  return page;
}

// The rest of the page works and nothing is lost: a question grades, and both answers are there after a reload.
async function stillWorks(page) {
  await answer(page, asked);
  await page.reload();
  await page.waitForSelector(`${sel(asked)}[data-status="correct"]`);
  assert.equal(await page.getAttribute(sel(kept), 'data-status'), 'correct');
  assert.deepEqual(lesson.problems, []);
}

describe('URL parameters', () => {
  // What the widget falls back to: the lesson's own value, else the schema's default.
  const fallback = (name) => widgetOf('softmax-dies').params?.[name] ?? widgetSchemas['softmax-dies'][name].default;
  const rows = [
    ['out of range', 'dk', '99999', /dk = 99999 is out of range/],
    ['NaN', 'dk', 'NaN', /dk must be/],
    ['huge', 'dk', '1e309', /dk/],
    ['negative', 'keys', '-5', /keys = -5 is out of range/],
    ['markup', 'scale', '<img src=x onerror="document.body.dataset.owned=1">', /<img src=x onerror=/],
    ['100 000 characters', 'dk', '9'.repeat(100000), /dk/],
  ];
  for (const [row, name, value, notice] of rows) {
    test(`${row}: the widget says which setting it reset, draws with the lesson's value, questions grade`, async () => {
      const page = await openWith(`${widget}.${name}=${encodeURIComponent(value)}`);
      const text = await page.textContent(`#${widget}-widget .widget-notice`);
      assert.match(text, /not usable and were reset to defaults/);
      assert.match(text, notice);
      assert.ok(text.length < 600, `a notice a learner can read, not ${text.length} characters`);
      assert.equal(String((await rendered(page))[name]), String(fallback(name)));
      assert.equal(await page.$$eval('img[onerror]', (images) => images.length), 0, 'markup stays text');
      assert.equal(await page.evaluate(() => document.body.dataset.owned), undefined);
      await stillWorks(page);
    });
  }
});

describe('typed answers', () => {
  const rows = [
    ['empty', '', /enter|type|empty/i],
    ['10 000 characters', '7'.repeat(10000), /more than 200 characters/],
    ['1e309', '1e309', /too large/],
    ['NaN', 'NaN', /unknown name 'NaN'/],
    ['sqrt(-1)', 'sqrt(-1)', /square root of a negative number/],
    ['5 000 "("', '('.repeat(5000), /more than 200 characters|nest/],
  ];
  for (const [row, typed, feedback] of rows) {
    test(`${row}: the question says why it cannot read it, counts no attempt, then grades`, async () => {
      const page = await openWith('');
      await page.fill(`${sel(asked)} input.answer`, typed);
      await page.press(`${sel(asked)} input.answer`, 'Enter');
      await page.waitForSelector(`${sel(asked)}[data-status="unreadable"]`);
      assert.match(await page.textContent(`${sel(asked)} .feedback`), feedback);
      assert.match(
        await page.textContent('#lesson-progress-text'),
        new RegExp(`^1 of ${questions.length}`),
        'no attempt counted, no answer lost',
      );
      await stillWorks(page);
    });
  }
});

describe('the WebAssembly core', () => {
  test('.wasm 404: the page says the figures could not start, and the text and questions still work', async () => {
    const root = mkdtempSync(join(tmpdir(), 'attention-lab-no-wasm-'));
    cpSync(siteDir, root, { recursive: true });
    const assets = join(root, 'assets');
    for (const name of readdirSync(assets)) if (name.endsWith('.wasm')) rmSync(join(assets, name));
    const broken = await openLesson({ server: { root } });
    try {
      const { page } = broken;
      await page.goto(broken.url);
      await page.waitForSelector('.question');
      // The client retries a failed start twice before it gives up and says so.
      await page.waitForFunction(() =>
        /could not start/.test(document.getElementById('core-status')?.textContent ?? ''),
      );
      assert.match(await page.textContent('#core-status'), /could not start.*The text and questions still work/s);
      await answer(page, asked);
      await page.reload();
      await page.waitForSelector(`${sel(asked)}[data-status="correct"]`);
      const unexpected = broken.problems.filter((problem) => !/404|wasm|WebAssembly|Failed to load/i.test(problem));
      assert.deepEqual(unexpected, [], 'only the missing .wasm is reported in the console');
    } finally {
      await broken.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('.wasm served as application/octet-stream (as some LMS file servers do): the widgets still draw', async () => {
    const odd = await openLesson({ server: { types: { '.wasm': 'application/octet-stream' } } });
    try {
      const { page } = odd;
      await page.goto(`${odd.url}#${widget}`);
      await drawn(page);
      assert.equal(await page.textContent('#core-status'), '');
      await answer(page, asked);
      await page.reload();
      await page.waitForSelector(`${sel(asked)}[data-status="correct"]`);
      assert.deepEqual(odd.problems, []);
    } finally {
      await odd.close();
    }
  });
});
