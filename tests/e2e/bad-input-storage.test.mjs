// Bad-input matrix, storage rows: blocked, full before load, full mid-session, corrupt, another tab writing. Each row
// checks the notice a learner sees, that a question still grades, and that no answer is lost across a reload.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { answer } from './embed-answer.mjs';
import { questions } from './lesson-data.mjs';

const key = 'attention-lab:progress:why-sqrt-dk';
const backupKey = 'attention-lab:progress-set-aside:why-sqrt-dk';
const [first, second, third] = questions;

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());

async function freshPage(page = lesson.page) {
  await lesson.clearStorage(page);
  await page.goto(lesson.url);
  await page.waitForSelector('.question');
}

const status = (page, q) => page.getAttribute(`#question-${q.id}`, 'data-status');
const notices = (page) => page.textContent('#page-notices');

// Fills this origin's localStorage to the last byte, as another app on the same site might; returns the keys used.
const fillStorage = (page) =>
  page.evaluate(() => {
    const keys = [];
    for (const size of [1 << 20, 1 << 16, 1 << 10, 64, 1]) {
      const value = 'x'.repeat(size);
      for (;;) {
        const name = `filler:${keys.length}`;
        try {
          localStorage.setItem(name, value);
          keys.push(name);
        } catch {
          break;
        }
      }
    }
    return keys;
  });
const freeStorage = (page, keys) =>
  page.evaluate((names) => names.forEach((name) => localStorage.removeItem(name)), keys);

test('storage blocked: a notice says progress lasts for this visit, and questions still grade', async () => {
  const blocked = await openLesson({ storageBlocked: true });
  try {
    const { page } = blocked;
    await page.goto(blocked.url);
    await page.waitForSelector('.question');
    assert.match(await notices(page), /not letting the page save anything/);
    await answer(page, first);
    assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
    assert.deepEqual(blocked.problems, []);
  } finally {
    await blocked.close();
  }
});

test('storage full before load: saved answers show, new ones are kept and saved once there is room', async () => {
  const { page } = lesson;
  await freshPage();
  await answer(page, first);
  const fillers = await fillStorage(page);
  await page.reload();
  await page.waitForSelector('.question');
  assert.equal(await status(page, first), 'correct', 'the answer saved before storage filled up is shown');
  assert.match(await notices(page), /storage .*is full/);
  await answer(page, second);
  await freeStorage(page, fillers);
  await answer(page, third, { right: false });
  assert.match(await notices(page), /Saving works again/);
  await page.reload();
  await page.waitForSelector('.question');
  assert.deepEqual(
    [await status(page, first), await status(page, second), await status(page, third)],
    ['correct', 'correct', 'incorrect'],
  );
  assert.deepEqual(lesson.problems, []);
});

test('storage full mid-session: the learner is told, answers stay for the session and are saved later', async () => {
  const { page } = lesson;
  await freshPage();
  await answer(page, first);
  const fillers = await fillStorage(page);
  await answer(page, second);
  assert.match(await notices(page), /storage .*is full/);
  assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^2 of ${questions.length}`));
  await freeStorage(page, fillers);
  await answer(page, third);
  assert.match(await notices(page), /Saving works again/);
  await page.reload();
  await page.waitForSelector('.question');
  assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^3 of ${questions.length}`));
  assert.deepEqual(lesson.problems, []);
});

test(
  'corrupt saved progress: only the bad entry is dropped, kept aside under its own key, and the learner is ' + 'told',
  async () => {
    const { page } = lesson;
    await freshPage();
    const good = { attempts: 1, correct: true, lastStatus: 'correct', lastAnswer: String(first.answer ?? '') };
    const saved = {
      version: 1,
      answers: {
        [first.id]: good,
        [second.id]: { ...good, attempts: 1.5 },
        [third.id]: { ...good, colour: 'red' },
      },
    };
    await page.evaluate(([k, text]) => localStorage.setItem(k, text), [key, JSON.stringify(saved)]);
    await page.reload();
    await page.waitForSelector('.question');
    assert.equal(await status(page, first), 'correct', 'the valid entry is kept');
    assert.match(await notices(page), /2 saved answers could not be read/);
    const backup = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), backupKey));
    assert.deepEqual(Object.keys(backup.entries).sort(), [second.id, third.id].sort());
    assert.equal(backup.entries[second.id].attempts, 1.5);
    await answer(page, second);
    await page.reload();
    await page.waitForSelector('.question');
    assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^2 of ${questions.length}`));
    assert.deepEqual(lesson.problems, []);
  },
);

test('unreadable saved text is kept aside whole, and the lesson starts afresh with a notice', async () => {
  const { page } = lesson;
  await freshPage();
  await page.evaluate((k) => localStorage.setItem(k, '{"version":1,"answers":{"x":{"attempts":"many"}}'), key);
  await page.reload();
  await page.waitForSelector('.question');
  assert.match(await notices(page), /could not be read/);
  assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^0 of ${questions.length}`));
  const backup = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), backupKey));
  assert.match(backup.text, /"many"/);
  await answer(page, first);
  assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^1 of ${questions.length}`));
});

test('another tab writing: answers from both tabs survive, and a reset in one is not undone by the other', async () => {
  const { page } = lesson;
  await freshPage();
  const other = await lesson.context.newPage();
  try {
    await other.goto(lesson.url);
    await other.waitForSelector('.question');
    await answer(page, first);
    await answer(other, second);
    // The other tab learns of the first tab's answer without a reload.
    await other.waitForSelector(`#question-${first.id}[data-status="correct"]`);
    await page.waitForSelector(`#question-${second.id}[data-status="correct"]`);
    await page.reload();
    await page.waitForSelector('.question');
    assert.match(await page.textContent('#lesson-progress-text'), new RegExp(`^2 of ${questions.length}`));

    await page.click('text=Reset my progress');
    await page.click('text=Press again to erase every answer');
    await other.waitForFunction((id) => !document.querySelector(`#question-${id}`)?.dataset.status, first.id);
    await answer(other, third);
    await page.reload();
    await page.waitForSelector('.question');
    assert.equal(await status(page, first), null, 'the reset is not undone');
    assert.equal(await status(page, second), null);
    assert.equal(await status(page, third), 'correct', 'the answer given after the reset is kept');
    assert.deepEqual(lesson.problems, []);
  } finally {
    await other.close();
  }
});
