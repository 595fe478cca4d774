// A graded launch in Chromium, through the platform double's course page and the real tool: the learner answers in
// the page, the server grades, and no response the page loads (HTML, scripts, styles, JSON; the WebAssembly core and
// fonts are binary and hold no lesson) carries an answer key before the server releases it. A fourth answer under
// attempts=3, from a second tab opened before the third, is refused by the server and the learner reads why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { lesson, questions } from '../e2e/lesson-data.mjs';
import { answerKey } from './answer-key.mjs';
import { waitFor } from './wait-for.mjs';
import { startCourse } from './course.mjs';

let cluster;
let platform;
let tool;
let context;
let course;
// Every response of the browser, in order: what the page loaded and when.
const responses = [];
before(async () => {
  course = await startCourse();
  ({ cluster, platform, tool, context } = course);
  context.on('response', (response) => {
    const entry = { url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' };
    responses.push(entry);
    entry.body = response.body().then(
      (body) => body,
      () => Buffer.alloc(0), // a redirect has no body
    );
  });
});
after(() => course?.close());

// Searches the responses from `from` on for every question's answer key (`formatted`: also as the page would print
// that question's answer), but what `released(question, needle, index)` says the server had released; checks that
// pages, scripts and the server's JSON were among them.
async function answerKeysIn(from, released, formatted) {
  const everyKey = questions.map((q) => ({ q, needles: answerKey(q, lesson, { formatted: q === formatted }) }));
  const kinds = new Set();
  const found = [];
  for (const [i, response] of responses.entries()) {
    if (i < from || /wasm|font|image/.test(response.type)) continue;
    const text = (await response.body).toString('utf8');
    if (text === '') continue;
    kinds.add(response.type.split(';')[0]);
    for (const { q, needles } of everyKey) {
      const leaks = needles.filter((n) => n.pattern.test(text) && !released(q, n, i));
      if (leaks.length) found.push(`${response.url}: ${q.id}: ${leaks.map((n) => n.what).join('; ')}`);
    }
  }
  for (const kind of ['html', 'javascript', 'json'])
    assert.ok(
      [...kinds].some((k) => k.endsWith(kind)),
      `responses of type ${kind} were searched`,
    );
  return found;
}

const placed = questions.find((q) => q.id === 'std-at-512');
// The lesson in Chinese, as the build compiled it: what a zh-CN launch is asked.
const chineseLesson = JSON.parse(
  readFileSync(new URL('../../web/generated/lessons/why-sqrt-dk.zh-CN.json', import.meta.url), 'utf8'),
);
const chineseQuestion = (id) =>
  chineseLesson.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'question' && b.question.id === id).question;
const custom = { lesson: lesson.slug, question: placed.id, variant: 'learner', attempts: '3', graded: 'true' };

test('a graded learner answers in the page; no response holds an answer key until the server releases it', async () => {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Errors the page reports (a CSP violation would be one); the course page's missing favicon is the double's.
  page.on('console', (message) => {
    const where = message.location().url;
    if (message.type() === 'error' && !where.endsWith('/favicon.ico'))
      problems.push(`console: ${message.text()} ${where}`);
  });
  const lineItem = { label: 'Standard deviation at 512', scoreMaximum: 1 };
  const id = platform.prepareLaunch({ user: 'learner-9', custom, resourceLinkId: 'link-graded', lineItem });
  await page.goto(platform.coursePageUrl(id));
  const frame = page.frameLocator('#tool');
  const section = frame.locator(`#question-${placed.id}`);
  const input = section.getByLabel('Your answer');
  const check = section.getByRole('button', { name: 'Check' });
  const feedback = section.locator('.feedback');
  await input.waitFor();
  // The variant the server chose for this learner; the answer key of the numbers on screen.
  const key = await section.getAttribute('data-variant');
  const shown = placed.variants.find(
    (v) =>
      Object.entries(v.params)
        .map(([n, x]) => `${n}=${x}`)
        .join(',') === key,
  );
  assert.ok(shown, `the page shows a variant of the lesson (${key})`);
  const asked = shown.question;
  assert.match(await section.locator('.variant-label').textContent(), /^Variant \d of 8 · seed [1-9]\d*$/);
  const mistake = asked.anticipated[0];

  const answer = async (typed, expected) => {
    await input.fill(typed);
    await check.click();
    await feedback.filter({ hasText: expected }).waitFor();
  };
  await answer('1,000', "I couldn't read this");
  await answer(String(mistake.value), mistake.feedback);
  await answer(String(asked.answer * 5 + 1), `Not quite. ${asked.hint}`);
  // A second tab of the same launch, opened while one attempt is left.
  const toolUrl = page
    .frames()
    .find((f) => f.url().startsWith(tool.url))
    .url();
  const second = await context.newPage();
  second.on('pageerror', (error) => problems.push(`page error in the second tab: ${error.message}`));
  await second.goto(toolUrl);
  const secondSection = second.locator(`#question-${placed.id}`);
  await secondSection.getByLabel('Your answer').waitFor();
  assert.equal(await secondSection.getByLabel('Your answer').isEnabled(), true);

  const releasedAt = responses.length;
  await answer(String(asked.answer * 3 + 7.5), `Not quite. ${asked.hint}`);
  await section.locator('.locked-note').filter({ hasText: 'you have used all 3 attempts' }).waitFor();
  await section.locator('.explanation:not([hidden])').waitFor();
  assert.equal(await input.isDisabled(), true);

  // The other tab still offers a fourth try; the server refuses it and the learner reads why.
  await secondSection.getByLabel('Your answer').fill(String(asked.answer));
  await secondSection.getByRole('button', { name: 'Check' }).click();
  const refusal = 'You have used all 3 attempts this question allows, so this answer was not graded.';
  await secondSection.locator('.feedback').filter({ hasText: refusal }).waitFor();
  assert.equal(await secondSection.getByLabel('Your answer').isDisabled(), true, 'the refused tab locks too');
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const rows = (await db.query("SELECT counted FROM attempts WHERE user_id = 'learner-9' ORDER BY id")).rows;
  await db.end();
  assert.deepEqual(
    rows.map((r) => r.counted),
    [false, true, true, true],
    'the unreadable answer and three counted ones recorded, the refused one not',
  );
  // Each counted answer reaches the course's gradebook through AGS, in order; the last says the work is done.
  const sent = await waitFor('three scores at the platform', () => {
    const mine = platform.scores.filter((s) => s.score.userId === 'learner-9').map((s) => s.score);
    return mine.length >= 3 && mine;
  });
  assert.deepEqual(
    sent.map((s) => [s.scoreGiven, s.scoreMaximum]),
    [
      [0, 1],
      [0, 1],
      [0, 1],
    ],
  );
  assert.deepEqual(
    sent.map((s) => s.activityProgress),
    ['InProgress', 'InProgress', 'Completed'],
  );
  assert.equal(sent[2].gradingProgress, 'FullyGraded');
  assert.ok(sent[0].timestamp < sent[1].timestamp && sent[1].timestamp < sent[2].timestamp, 'in the order answered');

  // Every response so far, searched for every question's answer key; the placed question's own key counts only
  // before the third answer released its worked solution, and the mistake the learner made was theirs to read.
  const released = (q, needle, i) =>
    (i >= releasedAt && (q === placed || needle.generic)) || (q === placed && needle.source === mistake.feedback);
  assert.deepEqual(await answerKeysIn(0, released, placed), [], 'no answer key before the server released it');
  // The same search finds the worked solution once the server sent it.
  const solution = answerKey(asked, lesson).find((needle) => needle.what.startsWith('worked solution'));
  const after = await Promise.all(responses.slice(releasedAt).map((response) => response.body));
  assert.ok(
    after.some((body) => solution.pattern.test(body.toString('utf8'))),
    'the released solution is found',
  );
  assert.ok(
    responses.some((r) => r.url.includes('/grading/questions/std-at-512/answers')),
    'the page asked the server to grade',
  );
  assert.deepEqual(
    problems.filter((p) => !p.includes('/grading/questions/std-at-512/answers')),
    [],
  );
  await second.close();
  await page.close();
});

test('a whole lesson placed graded: its questions come from the tool and are graded there', async () => {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const from = responses.length;
  const custom = { lesson: lesson.slug, attempts: '2', graded: 'true' };
  const id = platform.prepareLaunch({ user: 'learner-10', custom, resourceLinkId: 'link-lesson' });
  await page.goto(platform.coursePageUrl(id));
  const frame = page.frameLocator('#tool');
  await frame
    .locator('.question')
    .nth(questions.length - 1)
    .waitFor();
  assert.equal(await frame.locator('.question').count(), questions.length, 'every question of the lesson');
  const choice = questions.find((q) => q.kind === 'choice');
  const section = frame.locator(`#question-${choice.id}`);
  const releasedAt = responses.length;
  await section.locator(`input[value="${choice.options.find((o) => o.correct).id}"]`).check();
  await section.getByRole('button', { name: 'Check' }).click();
  await section
    .locator('.feedback')
    .filter({ hasText: /^Correct/ })
    .waitFor();
  await section.locator('.explanation:not([hidden])').waitFor();
  // The lesson's own prose is the learner's to read here, numbers and all: the search is for the key as data.
  // Released with the solution: its fields (a choice's correct flags) and its words.
  const released = (q, needle, i) => i >= releasedAt && (q === choice || needle.generic);
  assert.deepEqual(await answerKeysIn(from, released), [], 'no answer key before the server released it');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a launch in zh-CN: the graded page asks in Chinese and shows the Chinese verdict, with no notice', async () => {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const custom = { lesson: lesson.slug, question: placed.id, attempts: '3', graded: 'true' };
  const id = platform.prepareLaunch({ user: 'learner-11', locale: 'zh-CN', custom, resourceLinkId: 'link-zh' });
  await page.goto(platform.coursePageUrl(id));
  const toolFrame = await (await page.waitForSelector('#tool')).contentFrame();
  const section = `#question-${placed.id}`;
  await toolFrame.waitForSelector(`${section} input.answer`);
  assert.equal(await toolFrame.evaluate(() => document.documentElement.lang), 'zh-CN');
  const chinese = chineseQuestion(placed.id);
  const prompt = await toolFrame.$eval(`${section} .prompt`, (p) => p.textContent.replace(/\s+/g, ' ').trim());
  assert.equal(
    prompt,
    await toolFrame.evaluate((html) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.textContent.replace(/\s+/g, ' ').trim();
    }, chinese.prompt),
  );
  // The tool sent the lesson in Chinese: the page finds it so, and says nothing of a missing translation.
  assert.equal(await toolFrame.textContent('#page-notices'), '');
  // Full-width digits, read as 12345: wrong, and the server's verdict is the Chinese one.
  await toolFrame.fill(`${section} input.answer`, '１２３４５');
  await toolFrame.press(`${section} input.answer`, 'Enter');
  await toolFrame.waitForSelector(`${section}[data-status="incorrect"]`);
  assert.match(await toolFrame.textContent(`${section} .feedback`), /^\s*不太对。/);
  assert.deepEqual(problems, []);
  await page.close();
});
