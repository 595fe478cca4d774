// Help that waits to be asked for: hints on request, worked solutions only once earned, "show me" with a way back,
// the score again at the end, and "Embed this" only for instructors.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { plainWrongNumber, questions, rightAnswer } from './lesson-data.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
});
after(() => lesson?.close());
beforeEach(async () => {
  const { page } = lesson;
  await lesson.clearStorage();
  await page.goto(lesson.url);
  await page.waitForSelector('.question');
});

const sel = (q) => `#question-${q.id}`;

async function tabUntil(page, predicate, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  throw new Error(`focus never reached ${predicate} with Tab`);
}

async function answer(page, q, text) {
  await page.fill(`${sel(q)} input.answer`, text);
  await page.click(`${sel(q)} button[type=submit]`);
}

test('every question with a hint has a Hint button; the hint shows only when asked, before any answer', async () => {
  const { page } = lesson;
  const hinted = questions.filter((q) => q.hint);
  assert.ok(hinted.length >= 6, `most questions have a hint (${hinted.length} of ${questions.length})`);
  for (const q of questions) {
    const button = `${sel(q)} .hint-toggle`;
    if (!q.hint) {
      assert.equal(await page.$(button), null, `${q.id} has no hint, so no button`);
      continue;
    }
    assert.equal(await page.isVisible(`${sel(q)} .hint-text`), false, `${q.id}: the hint waits to be asked for`);
    assert.equal(await page.getAttribute(button, 'aria-expanded'), 'false');
    await page.focus(button);
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible(`${sel(q)} .hint-text`), true, `${q.id}: the hint shows on request`);
    assert.equal(await page.textContent(`${sel(q)} .hint-text`), q.hint);
    assert.equal(await page.getAttribute(button, 'aria-expanded'), 'true');
    assert.equal(await page.getAttribute(sel(q), 'data-status'), null, 'asking for a hint is not an answer');
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible(`${sel(q)} .hint-text`), false, `${q.id}: the hint hides again`);
  }
});

test('the worked solution appears after a correct answer or when the attempts run out, never before', async () => {
  const { page } = lesson;
  const [first, second] = questions.filter((q) => q.kind === 'numeric');
  const solution = (q) => page.isVisible(`${sel(q)} .explanation`);
  for (const q of questions) assert.equal(await solution(q), false, `${q.id}: no solution before answering`);
  await answer(page, first, plainWrongNumber(first));
  assert.equal(await page.getAttribute(sel(first), 'data-status'), 'incorrect');
  assert.equal(await solution(first), false, 'one miss: the learner can still work it out');
  await answer(page, first, '');
  assert.equal(await solution(first), false, 'an empty answer is not an attempt');
  await answer(page, first, plainWrongNumber(first));
  assert.equal(await solution(first), true, 'the attempts have run out: the worked solution shows');
  assert.match(await page.textContent(`${sel(first)} .explanation`), /^Worked solution/);
  await answer(page, second, rightAnswer(second));
  assert.equal(await solution(second), true, 'a correct answer earns the worked solution at once');
  assert.ok((await page.$$(`${sel(second)} .explanation li`)).length >= 2, 'it goes step by step');
});

test('a wrong multi-select answer speaks of the options chosen, not of the correct ones missed', async () => {
  const { page } = lesson;
  const q = questions.find((x) => x.kind === 'multi');
  const pickedRight = q.options.find((o) => o.correct);
  const pickedWrong = q.options.find((o) => !o.correct);
  const missed = q.options.filter((o) => o.correct && o !== pickedRight);
  assert.ok(missed.length > 0);
  await page.check(`#question-${q.id}-${pickedRight.id}`);
  await page.check(`#question-${q.id}-${pickedWrong.id}`);
  await page.click(`${sel(q)} button[type=submit]`);
  const feedback = await page.textContent(`${sel(q)} .feedback`);
  assert.equal(await page.getAttribute(sel(q), 'data-status'), 'incorrect');
  assert.ok(feedback.includes(pickedWrong.feedback), 'the wrong pick is explained');
  for (const option of missed)
    assert.ok(!feedback.includes(option.feedback), `the missed option ${option.id} is not given away`);
  assert.equal(await page.isVisible(`${sel(q)} .explanation`), false);
});

test('"Show me in the widget" leaves a link at the widget\'s top that takes focus back (keyboard)', async () => {
  const { page } = lesson;
  const q = questions.find((x) => x.kind === 'numeric' && x.anticipated?.some((a) => a.show));
  const mistake = q.anticipated.find((a) => a.show);
  await page.focus(`${sel(q)} input.answer`);
  await page.keyboard.type(String(mistake.value));
  await page.keyboard.press('Enter');
  await tabUntil(page, `document.activeElement?.matches('${sel(q)} .show-me')`);
  await page.keyboard.press('Enter');
  const widgetId = `${mistake.show.widget}-widget`;
  assert.equal(await page.evaluate(() => document.activeElement?.id), widgetId, 'focus moves to the widget');
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement?.textContent),
    'Back to the question',
    'the first Tab finds the way back',
  );
  const placement = await page.evaluate((id) => {
    const link = document.activeElement;
    const figure = document.getElementById(id);
    return {
      inside: figure.contains(link),
      afterCaption: figure.querySelector('figcaption').nextElementSibling === link,
    };
  }, widgetId);
  assert.deepEqual(placement, { inside: true, afterCaption: true }, 'the link sits in the widget, under its caption');
  await page.keyboard.press('Enter');
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest('.question')?.id),
    `question-${q.id}`,
    'focus is back in the question',
  );
  await page.waitForFunction((s) => {
    const box = document.querySelector(s).getBoundingClientRect();
    return box.top >= -1 && box.top < window.innerHeight;
  }, sel(q));
  assert.equal(await page.$(`#${widgetId} .back-to-question`), null, 'the link goes once it is used');
});

test('the end of the lesson shows the score live, with its own "Retry the questions I missed"', async () => {
  const { page } = lesson;
  const closing = '#wrap-up .closing-progress';
  assert.equal(await page.evaluate((s) => document.querySelector(s)?.closest('section')?.id, closing), 'wrap-up');
  assert.match(await page.textContent(`${closing} p`), new RegExp(`^0 of ${questions.length} questions`));
  assert.equal(await page.isVisible(`${closing} .retry-missed`), false, 'nothing to retry yet');
  const [right, wrong] = questions.filter((q) => q.kind === 'numeric');
  await answer(page, right, rightAnswer(right));
  await answer(page, wrong, plainWrongNumber(wrong));
  assert.match(await page.textContent(`${closing} p`), new RegExp(`^1 of ${questions.length} questions`));
  assert.equal(
    await page.textContent(`${closing} p`),
    await page.textContent('#lesson-progress-text'),
    'the same score as at the top',
  );
  await page.click(`${closing} .retry-missed`);
  assert.equal(await page.getAttribute(sel(wrong), 'data-status'), 'retry');
  assert.equal(await page.getAttribute(sel(right), 'data-status'), 'correct');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('.question')?.id), `question-${wrong.id}`);
});

test('"Embed this" stays hidden until "For instructors" is pressed, and the choice is remembered', async () => {
  const { page } = lesson;
  const q = questions[0];
  const embed = `${sel(q)} .embed-this-toggle`;
  await page.waitForSelector(embed, { state: 'attached' });
  assert.equal(await page.isVisible(embed), false, 'learners do not see it');
  assert.equal(await page.getAttribute('.instructor-toggle', 'aria-pressed'), 'false');
  await page.click('.instructor-toggle');
  assert.equal(await page.isVisible(embed), true);
  await page.reload();
  await page.waitForSelector('.question');
  assert.equal(await page.getAttribute('.instructor-toggle', 'aria-pressed'), 'true', 'remembered across a reload');
  assert.equal(await page.isVisible(embed), true);
  await page.click('.instructor-toggle');
  assert.equal(await page.isVisible(embed), false);
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
