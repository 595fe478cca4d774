// The real page in Chromium under the strict CSP: the dₖ slider moved by keyboard redraws numbers the core agrees with.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { openLesson } from './browser.mjs';

let lesson;
let core;
before(async () => {
  [lesson, core] = await Promise.all([openLesson(), loadCore()]);
});
after(() => lesson?.close());

const widget = '#score-softmax';

async function shownTable(page) {
  return page.$$eval(`${widget} tbody tr`, (rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => Number(cell.textContent.replace('−', '-')))),
  );
}

function assertMatchesCore(rows, dk, seed) {
  const scores = core.sampleQueryScores({ dk, keyCount: 8, seed });
  const unscaled = core.softmax(scores);
  const scaled = core.softmax(scores, { temperature: Math.sqrt(dk) });
  assert.equal(rows.length, 8);
  rows.forEach(([score, p, q], i) => {
    assert.ok(Math.abs(score - scores[i]) <= 0.005 + 1e-9, `score ${i}: shown ${score}, core ${scores[i]}`);
    assert.ok(Math.abs(p - unscaled[i]) <= Math.max(5e-5, unscaled[i] * 0.005), `unscaled ${i}: shown ${p}, core ${unscaled[i]}`);
    assert.ok(Math.abs(q - scaled[i]) <= Math.max(5e-5, scaled[i] * 0.005), `scaled ${i}: shown ${q}, core ${scaled[i]}`);
  });
}

test('the page is served with the strict Content-Security-Policy', async () => {
  const response = await lesson.page.goto(lesson.server.url);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['content-security-policy'], contentSecurityPolicy);
  const scriptSources = /script-src ([^;]*)/.exec(contentSecurityPolicy)[1].split(' ');
  assert.deepEqual(scriptSources, ["'self'", "'wasm-unsafe-eval'"]);
  await lesson.page.waitForSelector(`${widget}[data-dk="512"]`);
  await lesson.page.waitForFunction(() => document.getElementById('core-status')?.textContent?.startsWith('Core loaded'));
});

test('moving the dₖ slider with the keyboard changes the bars, and every shown number is the core\'s', async () => {
  const { page } = lesson;
  const seed = Number(await page.getAttribute(widget, 'data-seed'));
  const before = await shownTable(page);
  assertMatchesCore(before, 512, seed);
  const barsBefore = await page.$$eval(`${widget} rect.bar`, (bars) => bars.map((bar) => bar.getAttribute('height')));

  await page.focus('#dk-slider');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft'); // 3 doublings down: 512 → 64
  await page.waitForSelector(`${widget}[data-dk="64"]`);
  assert.equal(await page.getAttribute('#dk-slider', 'aria-valuetext'), 'dₖ = 64');
  assert.equal(await page.inputValue('#dk-box'), '64');

  const afterRows = await shownTable(page);
  assertMatchesCore(afterRows, 64, seed);
  const barsAfter = await page.$$eval(`${widget} rect.bar`, (bars) => bars.map((bar) => bar.getAttribute('height')));
  assert.equal(barsAfter.length, 16);
  assert.notDeepEqual(barsAfter, barsBefore);
  assert.match(await page.textContent(`${widget} .chart-summary`), /^At dₖ = 64 the unscaled softmax puts/);
});

test('the number box sets dₖ exactly and refuses garbage without losing the view', async () => {
  const { page } = lesson;
  await page.fill('#dk-box', '777');
  await page.press('#dk-box', 'Enter');
  await page.waitForSelector(`${widget}[data-dk="777"]`);
  await page.fill('#dk-box', '99999');
  await page.press('#dk-box', 'Enter');
  assert.match(await page.textContent('#dk-problem'), /Enter a whole number from 1 to 4096; kept dₖ = 777/);
  assert.equal(await page.getAttribute(widget, 'data-dk'), '777');
  assertMatchesCore(await shownTable(page), 777, Number(await page.getAttribute(widget, 'data-seed')));
});

test('the page raised no errors and broke no CSP rule', () => {
  assert.deepEqual(lesson.problems, []);
});
