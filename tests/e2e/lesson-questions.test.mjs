// Questions in the real page: keyboard-only completion, right/wrong/anticipated/garbage answers, progress kept.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';
import { plainWrongNumber, questions, rightAnswer } from './lesson-data.mjs';

let lesson;
before(async () => {
  lesson = await openLesson();
  await lesson.page.goto(lesson.url);
  await lesson.page.waitForSelector('.question');
});
after(() => lesson?.close());

const sel = (q) => `#question-${q.id}`;
const status = (page, q) => page.getAttribute(sel(q), 'data-status');
const feedback = (page, q) => page.textContent(`${sel(q)} .feedback`);
const savedAttempts = (page, q) =>
  page.evaluate(
    (id) =>
      JSON.parse(localStorage.getItem('attention-lab:progress:why-sqrt-dk') ?? '{"answers":{}}').answers[id]
        ?.attempts ?? 0,
    q.id,
  );

async function tabUntil(page, predicate, limit = 600) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  throw new Error('focus never reached the target with Tab');
}

test('the lesson has the nine questions of the brief, one on float16 and two on aligned q and k', () => {
  assert.equal(questions.length, 12);
  for (const id of ['float16-spread', 'bounded-fixes', 'aligned-sqrt-score'])
    assert.ok(
      questions.some((q) => q.id === id),
      id,
    );
  assert.deepEqual(questions.map((q) => q.kind).filter((k) => k !== 'numeric').length >= 3, true);
});

test('the whole lesson can be completed with the keyboard alone', async () => {
  const { page } = lesson;
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('.question');
  await page.keyboard.press('Tab'); // the skip link
  for (const q of questions) {
    const answer = rightAnswer(q);
    if (q.kind === 'numeric') {
      await tabUntil(page, `document.activeElement?.id === 'question-${q.id}-answer'`);
      await page.keyboard.type(answer);
      await page.keyboard.press('Enter');
    } else {
      const ids = q.options.map((o) => `question-${q.id}-${o.id}`);
      await tabUntil(page, `${JSON.stringify(ids)}.includes(document.activeElement?.id)`);
      if (q.kind === 'choice') {
        const target = q.options.findIndex((o) => answer.includes(o.id));
        await page.keyboard.press('Space');
        for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
        await tabUntil(
          page,
          `document.activeElement?.closest('#question-${q.id}') && document.activeElement.type === 'submit'`,
          5,
        );
      } else {
        for (let i = 0; i < q.options.length; i++) {
          if (answer.includes(q.options[i].id)) await page.keyboard.press('Space');
          await page.keyboard.press('Tab'); // the last Tab lands on Check
        }
      }
      await page.keyboard.press('Enter');
    }
    assert.equal(await status(page, q), 'correct', `question ${q.id}: ${await feedback(page, q)}`);
  }
  assert.match(
    await page.textContent('#lesson-progress-text'),
    new RegExp(`^${questions.length} of ${questions.length} questions answered correctly — lesson complete\\.$`),
  );
});

test('progress survives a reload', async () => {
  const { page } = lesson;
  await page.reload();
  await page.waitForSelector('.question');
  assert.match(
    await page.textContent('#lesson-progress-text'),
    new RegExp(`^${questions.length} of ${questions.length}`),
  );
  for (const q of questions) assert.equal(await status(page, q), 'correct');
});

test(
  'numeric questions: garbage is not an attempt, anticipated mistakes get their own feedback, wrong and right ' +
    'are graded',
  async () => {
    const { page } = lesson;
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    for (const q of questions.filter((x) => x.kind === 'numeric')) {
      const input = `${sel(q)} input.answer`;
      const check = `${sel(q)} button[type=submit]`;
      for (const garbage of ['22..6', 'sqrt(', 'banana', '1,000']) {
        await page.fill(input, garbage);
        await page.click(check);
        assert.equal(await status(page, q), 'unreadable', `${q.id} with ${garbage}`);
        assert.ok((await feedback(page, q)).length > 10);
      }
      assert.equal(await savedAttempts(page, q), 0, 'unreadable input is not counted');
      for (const mistake of q.anticipated ?? []) {
        await page.fill(input, String(mistake.value));
        await page.click(check);
        assert.equal(await status(page, q), 'incorrect');
        assert.match(
          await feedback(page, q),
          new RegExp(mistake.feedback.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        );
        if (mistake.show) {
          await page.click(`${sel(q)} .show-me`);
          const widget = `#${mistake.show.widget}-widget`;
          assert.equal(
            await page.evaluate(() => document.activeElement?.id),
            `${mistake.show.widget}-widget`,
            'focus moves to the widget',
          );
          await page.waitForFunction(
            ([w, state]) => {
              const rendered = JSON.parse(document.querySelector(w)?.dataset.rendered ?? '{}');
              return Object.entries(state).every(([k, v]) => rendered[k] === v);
            },
            [widget, mistake.show.state],
          );
        }
      }
      await page.fill(input, plainWrongNumber(q));
      await page.click(check);
      assert.equal(await status(page, q), 'incorrect');
      await page.fill(input, rightAnswer(q));
      await page.click(check);
      assert.equal(await status(page, q), 'correct');
      assert.equal(await page.isVisible(`${sel(q)} .explanation`), true);
      assert.equal(await savedAttempts(page, q), 2 + (q.anticipated?.length ?? 0));
    }
  },
);

test(
  'choice questions: a wrong pick is graded and explained by option, retry repeats only the missed ' + 'ones',
  async () => {
    const { page } = lesson;
    const choiceQuestions = questions.filter((x) => x.kind !== 'numeric');
    for (const q of choiceQuestions) {
      const wrong = q.options.find((o) => !o.correct);
      await page.check(`#question-${q.id}-${wrong.id}`);
      await page.click(`${sel(q)} button[type=submit]`);
      assert.equal(await status(page, q), 'incorrect');
    }
    await page.click('text=Retry the questions I missed');
    for (const q of choiceQuestions) assert.equal(await status(page, q), 'retry');
    const numeric = questions.find((x) => x.kind === 'numeric');
    assert.equal(await status(page, numeric), 'correct', 'questions answered right are left alone');
  },
);

test("a wrong multi-select answer marks the learner's wrong picks, never a missed option", async () => {
  const { page } = lesson;
  const q = questions.find((x) => x.kind === 'multi');
  const right = q.options.filter((o) => o.correct);
  const wrong = q.options.filter((o) => !o.correct);
  const picks = [right[0], wrong[0]];
  for (const option of q.options) await page.setChecked(`#question-${q.id}-${option.id}`, picks.includes(option));
  await page.click(`${sel(q)} button[type=submit]`);
  await page.waitForSelector(`${sel(q)}[data-status="incorrect"]`);
  const marked = () =>
    page.$$eval(`${sel(q)} label.option`, (labels) =>
      labels
        .filter((l) => l.querySelector('.option-mark')?.checkVisibility())
        .map((l) => l.querySelector('input').value),
    );
  assert.deepEqual(await marked(), [wrong[0].id], 'only the wrong pick says "not correct"');
  assert.match(await page.textContent(`${sel(q)} label[for="question-${q.id}-${wrong[0].id}"]`), /not correct/);
  await page.setChecked(`#question-${q.id}-${wrong[0].id}`, false);
  assert.deepEqual(await marked(), [], 'changing a pick clears the marks: it is a new answer');
});

// Issue 22: the page's words follow <html lang>; a Chinese keyboard's full-width digits are read like ASCII ones.
test('in a zh-CN page the chrome is Chinese and an answer typed in full-width digits is graded', async () => {
  const page = await lesson.context.newPage();
  page.on('pageerror', (error) => lesson.problems.push(`zh-CN page error: ${error.message}`));
  try {
    // Set after the HTML is parsed and before the page's module runs, as an embed or a zh-CN page sets it.
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') document.documentElement.lang = 'zh-CN';
      }),
    );
    await page.goto(lesson.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    // The first figure mounts as it comes near; its prediction holds "Look for" back until the learner skips it.
    await page.waitForSelector('.widget-slot', { state: 'attached' });
    await page.$eval('.widget-slot', (slot) => slot.scrollIntoView());
    await page.waitForSelector('figure.widget figcaption');
    assert.equal(await page.textContent('section.predict h3'), '先预测');
    await page.click('section.predict .predict-skip');
    const figure = await page.waitForSelector('figure.widget .claim strong');
    assert.equal(await figure.textContent(), '请观察：');
    const chrome = await page.$eval('figure.widget', (f) => ({
      caption: f.querySelector('figcaption')?.textContent ?? '',
      resample: f.querySelector('.seed button')?.textContent ?? '',
      table: f.querySelector('details.data summary')?.textContent ?? '',
    }));
    assert.match(chrome.caption, /[\u4e00-\u9fff]/, chrome.caption);
    assert.deepEqual([chrome.resample, chrome.table], ['重新采样', '数据表']);
    const q = questions.find((x) => x.kind === 'numeric');
    const fullWidth = (text) => text.replace(/[0-9.]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    assert.equal(await page.textContent(`${sel(q)} button[type=submit]`), '检查');
    await page.fill(`${sel(q)} input.answer`, '１，０００');
    await page.click(`${sel(q)} button[type=submit]`);
    assert.equal(await status(page, q), 'unreadable');
    assert.match(await feedback(page, q), /“，”既可能是千位分隔符/);
    await page.fill(`${sel(q)} input.answer`, fullWidth(rightAnswer(q)));
    await page.click(`${sel(q)} button[type=submit]`);
    assert.equal(await status(page, q), 'correct');
    assert.match(await feedback(page, q), /^正确/);
  } finally {
    await page.close();
  }
});

test('the page raised no errors', () => {
  assert.deepEqual(lesson.problems, []);
});
