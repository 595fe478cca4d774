// "Another like this": a new variant of a question with its own numbers, graded by them, drawn from a visible seed,
// kept across a reload, counted once any variant is right, and listed in the learner's downloaded results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { variantForSeed } from '../../dist/lib/src/quiz/index.js';
import { downloadedText, openLesson } from './browser.mjs';
import { questions } from './lesson-data.mjs';

const storageKey = 'attention-lab:progress:why-sqrt-dk';
const q = questions.find((question) => question.id === 'std-at-512');
const sel = `#question-${q.id}`;
// The variant key of each answer the tests give, in order, for the downloaded record.
const answeredKeys = [];
const keyAt = (index) => `dk=${q.variants[index].params.dk}`;
let lesson;
before(async () => {
  lesson = await openLesson();
  await lesson.page.goto(lesson.url);
  await lesson.page.waitForSelector('.question');
});
after(() => lesson?.close());

const label = () => lesson.page.textContent(`${sel} .variant-label`);
const prompt = () => lesson.page.innerText(`${sel} .prompt`);
const status = () => lesson.page.getAttribute(sel, 'data-status');
const score = () => lesson.page.textContent('#lesson-closing-progress-text');
async function answer(text) {
  await lesson.page.fill(`${sel} .answer`, text);
  await lesson.page.click(`${sel} button[type=submit]`);
}
// The variant on screen as the page names it: "Variant 3 of 8 · seed 41".
async function shown() {
  const [, n, of, seed] = /Variant (\d+) of (\d+) · seed (\d+)/.exec(await label()) ?? [];
  return { index: Number(n) - 1, count: Number(of), seed: Number(seed) };
}
async function fresh() {
  await lesson.page.evaluate(() => localStorage.clear());
  await lesson.page.reload();
  await lesson.page.waitForSelector('.question');
}

test('another like this: a different dₖ, graded by its own square root, its mistake shown in the widget', async () => {
  const { page } = lesson;
  await fresh();
  assert.deepEqual(await shown(), { index: 0, count: q.variants.length, seed: 0 });
  assert.match(await prompt(), /512/);
  assert.equal(await page.isVisible(`${sel} .another-variant`), false, 'no new variant before an answer');
  await answer('sqrt(512)');
  assert.equal(await status(), 'correct');
  await page.click(`${sel} .another-variant`);
  const drawn = await shown();
  assert.notEqual(drawn.index, 0, 'a different variant');
  assert.ok(drawn.seed > 0);
  // The seed on screen reproduces the variant through the shared model.
  assert.equal(variantForSeed(q, drawn.seed).index, drawn.index);
  const { dk } = q.variants[drawn.index].params;
  assert.notEqual(dk, 512);
  assert.ok((await prompt()).includes(String(dk)), `the prompt names dₖ = ${dk}`);
  assert.equal(await page.inputValue(`${sel} .answer`), '', 'the answer box starts empty');
  await answer('sqrt(512)');
  assert.equal(await status(), 'incorrect', 'the old answer is wrong for the new numbers');
  await answer(String(dk));
  assert.equal(await status(), 'incorrect');
  await page.click(`${sel} .show-me`);
  // The explorer shows the variance mistake at another dₖ: at the variant's own it would print the answer.
  const shownAt = q.variants[drawn.index].question.anticipated[0].show.state.dk;
  assert.notEqual(shownAt, dk);
  await page.waitForFunction(
    (want) => JSON.parse(document.querySelector('#explore-variance-widget')?.dataset.rendered ?? '{}').dk === want,
    shownAt,
  );
  await page.waitForSelector('#explore-variance-widget > .back-to-question');
  await answer(`sqrt(${dk})`);
  assert.equal(await status(), 'correct');
  assert.match(await score(), new RegExp(`^1 of ${questions.length} `));
  answeredKeys.push('dk=512', ...Array(3).fill(keyAt(drawn.index)));
});

test('the variant survives a reload; a wrong answer to a new variant keeps the credit', async () => {
  const { page } = lesson;
  const before = await shown();
  const dk = q.variants[before.index].params.dk;
  await page.reload();
  await page.waitForSelector('.question');
  assert.deepEqual(await shown(), before);
  assert.ok((await prompt()).includes(String(dk)));
  assert.equal(await status(), 'correct');
  await page.click(`${sel} .another-variant`);
  const next = await shown();
  assert.notEqual(next.index, before.index, 'never the same variant twice in a row');
  await answer('1234567');
  assert.equal(await status(), 'incorrect');
  assert.match(await score(), new RegExp(`^1 of ${questions.length} `), 'the question still counts as right');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).answers['std-at-512'], storageKey);
  assert.deepEqual(saved.variant, { key: keyAt(next.index), seed: next.seed });
  assert.equal(saved.variants[keyAt(before.index)].correct, true);
  answeredKeys.push(keyAt(next.index));
});

test('download my results: JSON and CSV list the answered variants', async () => {
  const { page } = lesson;
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('.download-results-json')]);
  const record = JSON.parse(await downloadedText(jsonDownload));
  assert.equal(record.format, 'attention-lab-results');
  assert.equal(record.lesson, 'why-sqrt-dk');
  assert.equal(record.questions.length, questions.length);
  const entry = record.questions.find((x) => x.id === 'std-at-512');
  assert.deepEqual(
    entry.answers.map((a) => a.variant),
    answeredKeys,
  );
  assert.deepEqual(
    entry.answers.map((a) => a.result),
    ['correct', 'wrong', 'wrong', 'correct', 'wrong'],
  );
  assert.deepEqual(
    entry.answers.map((a) => a.attempt),
    [1, 2, 3, 4, 5],
  );
  assert.ok(entry.answers.every((a) => !Number.isNaN(Date.parse(a.at))));
  assert.equal(entry.correct, true);
  assert.equal(record.score.correct, 1);
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('.download-results-csv')]);
  const lines = (await downloadedText(csvDownload)).trim().split(/\r\n/);
  assert.equal(lines[0], 'lesson,question,variant,seed,attempt,response,result,time,after_solution,kind,figure');
  const rows = lines.filter((line) => line.startsWith('why-sqrt-dk,std-at-512,'));
  assert.equal(rows.length, 5);
  assert.match(rows[0], /^why-sqrt-dk,std-at-512,dk=512,0,1,sqrt\(512\),correct,\d{4}-/);
  assert.deepEqual(
    rows.map((row) => row.split(',')[2]),
    answeredKeys,
  );
  // "Show me" moved a figure a prediction waited on: that prediction's row (a skip) follows the questions' rows.
  const questionRows = lines.filter((line) => line.split(',')[9] !== 'prediction');
  assert.equal(questionRows.length, 1 + 5 + (questions.length - 1), 'one row per other, unanswered question');
});

test('progress saved before variants loads as the lesson’s own numbers', async () => {
  const { page } = lesson;
  const old = { attempts: 1, correct: true, lastStatus: 'correct', lastAnswer: '22.63', at: 1 };
  await page.evaluate(
    ([key, entry]) =>
      localStorage.setItem(key, JSON.stringify({ version: 2, resetAt: 0, answers: { 'std-at-512': entry } })),
    [storageKey, old],
  );
  await page.reload();
  await page.waitForSelector('.question');
  assert.deepEqual(await shown(), { index: 0, count: q.variants.length, seed: 0 });
  assert.equal(await status(), 'correct');
  assert.equal(await page.inputValue(`${sel} .answer`), '22.63');
  assert.match(await score(), new RegExp(`^1 of ${questions.length} `));
  await page.click(`${sel} .another-variant`);
  assert.notEqual((await shown()).index, 0);
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).answers['std-at-512'], storageKey);
  assert.deepEqual(saved.variants, { 'dk=512': { attempts: 1, correct: true } }, 'the old attempt is the default’s');
});
