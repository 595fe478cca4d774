// Server-side grading against a real PostgreSQL: the router graded answers with the quiz engine, kept attempts and
// the worked solution by the placement's policy, and answered only for the launch's own learner. The launch comes from
// a Bearer token here, as ltijs's ltik check gives it to the router in the tool.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import express from 'express';
import pg from 'pg';
import { migrate, readMigrations } from '../../dist/server/db/migrate.js';
import { gradingRouter } from '../../dist/server/grading/index.js';
import { lesson, questions } from '../e2e/lesson-data.mjs';
import { answerKey, foundIn } from './answer-key.mjs';
import { throwawayPostgres } from './postgres.mjs';

const questionById = (id) => questions.find((q) => q.id === id);
/** The compiled question at the variant the server gave: what the learner is graded on. */
const asked = (id, index) => questionById(id).variants?.[index]?.question ?? questionById(id);

let cluster;
let pool;
let server;
let base;
const launches = new Map();
const scores = [];

before(async () => {
  cluster = await throwawayPostgres();
  pool = new pg.Pool({ connectionString: cluster.url, max: 6 });
  // pool.end() does not wait for its connections to close, so the cluster stopping at once may say goodbye first:
  // that farewell is no error of the test.
  pool.on('connect', (client) => client.on('error', () => {}));
  await migrate(pool, readMigrations('server/migrations'));
  const app = express();
  // Stands in for ltijs's ltik check: the Bearer token names a launch the test made.
  app.use((req, res, next) => {
    const launch = launches.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!launch) return void res.status(401).json({ error: 'no launch' });
    res.locals.launch = launch;
    next();
  });
  app.use(
    gradingRouter({
      pool,
      launchOf: (res) => res.locals.launch,
      onCountedAttempt: (launch, score) => scores.push({ user: launch.userId, link: launch.resourceLinkId, ...score }),
    }),
  );
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});
after(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await pool?.end();
  cluster?.stop();
});

let links = 0;
/** A launch of `user` into a new placement (its own resource link), graded unless told otherwise. */
function launch(user, placement, { graded = true, link } = {}) {
  const token = `token-${launches.size}`;
  launches.set(token, {
    platformId: 'platform-1',
    issuer: 'https://lms.example',
    clientId: 'client-1',
    deploymentId: 'deployment-1',
    userId: user,
    contextId: 'course-1',
    resourceLinkId: link ?? `link-${++links}`,
    roles: [],
    isInstructor: false,
    placement: { lesson: lesson.slug, what: 'lesson', id: '', ...placement },
    graded,
    agsScopes: [],
  });
  return token;
}

async function call(token, path, body) {
  const response = await fetch(`${base}/grading/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
const answer = (token, id, body) => call(token, `questions/${id}/answers`, body);

const attemptRows = async (link) =>
  (await pool.query('SELECT * FROM attempts WHERE resource_link_id = $1 ORDER BY id', [link])).rows;
const linkOf = (token) => launches.get(token).resourceLinkId;

// Every key of a JSON value, however deep.
const keysOf = (value) =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([key, inner]) => [Array.isArray(value) ? [] : [key], ...keysOf(inner)].flat());

test('the questions come as the learner sees them, at a variant the server chose and keeps', async () => {
  const token = launch('ada', { variant: 'learner', attempts: '3' });
  const { status, body } = await call(token, 'questions');
  assert.equal(status, 200);
  assert.deepEqual(
    body.questions.map((q) => q.id),
    questions.map((q) => q.id),
  );
  assert.equal(body.policy, 'variant=learner&attempts=3&explain=after-attempts');
  // A widget's prediction is ungraded and has its own reveal sentences ("feedback"): seek the questions' keys.
  const sections = body.lesson.sections.map((section) => ({
    ...section,
    blocks: section.blocks.map((block) => ({ ...block, predict: undefined })),
  }));
  const keys = new Set(keysOf({ ...body, lesson: { ...body.lesson, sections } }));
  for (const secret of ['answer', 'anticipated', 'tolerance', 'explanation', 'correct', 'correctFeedback', 'feedback'])
    assert.ok(!keys.has(secret), `no “${secret}” is sent before anything is answered`);
  for (const q of body.questions) {
    const compiled = asked(q.id, q.variant.index);
    assert.equal(q.prompt, compiled.prompt, `${q.id}: the prompt of its variant`);
    if (compiled.kind !== 'numeric')
      assert.deepEqual(
        q.options,
        compiled.options.map(({ id, text }) => ({ id, text })),
      );
  }
  for (const q of questions)
    assert.deepEqual(foundIn(JSON.stringify(body), answerKey(q, lesson)), [], `${q.id}: nothing of its answer key`);
  const blocks = body.lesson.sections.flatMap((s) => s.blocks);
  assert.equal(body.lesson.slug, lesson.slug);
  assert.equal(blocks.length, lesson.sections.flatMap((s) => s.blocks).length, 'the whole lesson, prose included');
  const varied = body.questions.filter((q) => q.variant.count > 1);
  assert.ok(varied.length >= 3 && varied.every((q) => q.variant.seed > 0), 'variant=learner draws a seed per learner');
  const again = await call(token, 'questions');
  assert.deepEqual(
    again.body.questions.map((q) => q.variant),
    body.questions.map((q) => q.variant),
    'the same variants on every visit',
  );
  const stored = await pool.query('SELECT question_id, seed FROM graded_questions WHERE resource_link_id = $1', [
    linkOf(token),
  ]);
  assert.equal(stored.rows.length, questions.length, 'each variant the server chose is stored');
});

test('right, wrong, anticipated and unreadable answers get the verdict and feedback, never the answer', async () => {
  const token = launch('grace', { what: 'question', id: 'std-at-512', variant: 'learner' });
  const asAsked = (await call(token, 'questions')).body;
  const [shown] = asAsked.questions;
  // One question placed: the lesson comes with that question and the widgets, and none of its prose.
  const kinds = asAsked.lesson.sections.flatMap((s) => s.blocks.map((b) => b.question?.id ?? b.kind));
  assert.deepEqual([...new Set(kinds)].sort(), ['std-at-512', 'widget']);
  const q = asked('std-at-512', shown.variant.index);
  const mistake = q.anticipated[0];

  const unreadable = await answer(token, 'std-at-512', { answer: '1,000' });
  assert.equal(unreadable.status, 200);
  assert.equal(unreadable.body.grade.status, 'unreadable');
  assert.equal(unreadable.body.attemptsUsed, 0, 'an unreadable answer costs no attempt');
  assert.match(unreadable.body.message, /couldn't read this/);

  const anticipated = await answer(token, 'std-at-512', { answer: String(mistake.value) });
  assert.equal(anticipated.body.grade.status, 'incorrect');
  assert.equal(anticipated.body.message, `Not quite. ${mistake.feedback}`);

  const wrong = await answer(token, 'std-at-512', { answer: String(q.answer * 3 + 7.5) });
  assert.equal(wrong.body.message, `Not quite. ${q.hint}`);
  const key = answerKey(q, lesson, { formatted: true });
  for (const verdict of [unreadable, anticipated, wrong]) {
    // The feedback of the mistake the learner made is theirs to read; nothing else of the key is.
    const shown = foundIn(JSON.stringify(verdict.body), key).filter(
      (what) => !what.includes(`mistake ${mistake.value}`),
    );
    assert.deepEqual(shown, [], 'no verdict carries the answer');
    assert.equal(verdict.body.explanation, undefined);
  }

  const right = await answer(token, 'std-at-512', { answer: `sqrt(${Math.round(q.answer ** 2)})` });
  assert.equal(right.body.grade.status, 'correct');
  assert.equal(right.body.points, 1);
  assert.equal(right.body.explanation.html, q.explanation, 'a right answer releases the worked solution');

  const rows = await attemptRows(linkOf(token));
  assert.deepEqual(
    rows.map((r) => [r.typed, r.correct, r.counted, r.mistake, Number(r.points)]),
    [
      ['1,000', false, false, null, 0],
      [String(mistake.value), false, true, String(mistake.value), 0],
      [String(q.answer * 3 + 7.5), false, true, null, 0],
      [`sqrt(${Math.round(q.answer ** 2)})`, true, true, null, 1],
    ],
  );
  assert.ok(rows.every((r) => r.variant === shown.variant.key && Number(r.seed) === shown.variant.seed));
  const last = scores.filter((s) => s.link === linkOf(token)).at(-1);
  assert.equal(new Date(last.timestamp).getTime(), new Date(rows.at(-1).answered_at).getTime(), 'when it was earned');
  assert.deepEqual(
    { ...last, user: undefined, link: undefined, timestamp: undefined },
    {
      user: undefined,
      link: undefined,
      timestamp: undefined,
      scoreGiven: 1,
      scoreMaximum: 1,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    },
  );
  assert.equal(scores.filter((s) => s.link === linkOf(token)).length, 3, 'each counted attempt reports the score');
});

test('a choice question is graded by the picks; an option it does not have is refused', async () => {
  const token = launch('hedy', { what: 'question', id: 'jacobian-one-hot' });
  const q = questionById('jacobian-one-hot');
  const wrongOption = q.options.find((o) => !o.correct);
  const wrong = await answer(token, q.id, { choices: [wrongOption.id] });
  assert.equal(wrong.body.message, `Not quite. ${wrongOption.feedback}`);
  const unknown = await answer(token, q.id, { choices: ['zz'] });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.error, /no option “zz”; its options are/);
  const rows = await attemptRows(linkOf(token));
  assert.deepEqual(
    rows.map((r) => r.mistake),
    [wrongOption.id],
  );
});

test('under attempts=3 a fourth answer is refused and recorded nowhere', async () => {
  const token = launch('alan', { what: 'question', id: 'var-of-product', attempts: '3' });
  const q = questionById('var-of-product');
  for (let i = 1; i <= 3; i++) {
    const { body } = await answer(token, q.id, { answer: String(10 + i) });
    assert.equal(body.attemptsLeft, 3 - i);
    assert.equal(body.locked, i === 3);
  }
  const fourth = await answer(token, q.id, { answer: String(q.answer) });
  assert.equal(fourth.status, 409);
  assert.equal(fourth.body.error, 'You have used all 3 attempts this question allows, so this answer was not graded.');
  assert.equal(fourth.body.locked, true);
  assert.equal(fourth.body.progress.attempts, 3);
  assert.equal((await attemptRows(linkOf(token))).length, 3);
});

test('two answers at once to the last attempt: exactly one is graded', async () => {
  const token = launch('barbara', { what: 'question', id: 'var-of-product', attempts: '1' });
  const both = await Promise.all([
    answer(token, 'var-of-product', { answer: '1' }),
    answer(token, 'var-of-product', { answer: '2' }),
  ]);
  assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
  assert.equal((await attemptRows(linkOf(token))).length, 1);
});

test('explain= decides when the server releases the worked solution', async () => {
  const never = launch('edsger', { what: 'question', id: 'var-of-product', attempts: '1', explain: 'never' });
  const locked = await answer(never, 'var-of-product', { answer: '5' });
  assert.equal(locked.body.locked, true);
  assert.equal(locked.body.solution, 'hidden');
  assert.equal(locked.body.explanation, undefined);
  const refused = await call(never, 'questions/var-of-product/solution', {});
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error, 'This activity does not show worked solutions.');

  const afterCorrect = launch('edsger', { what: 'question', id: 'var-of-product', explain: 'after-correct' });
  await answer(afterCorrect, 'var-of-product', { answer: '5' });
  await answer(afterCorrect, 'var-of-product', { answer: '6' });
  const early = await call(afterCorrect, 'questions/var-of-product/solution', {});
  assert.equal(early.status, 403);
  assert.equal(early.body.error, 'The worked solution opens once you answer this question correctly.');

  const usedUp = launch('edsger', { what: 'question', id: 'var-of-product', attempts: '2' });
  await answer(usedUp, 'var-of-product', { answer: '5' });
  const last = await answer(usedUp, 'var-of-product', { answer: '6' });
  assert.equal(last.body.solution, 'shown', 'after-attempts: shown once the attempts are used');
  assert.equal(last.body.explanation.html, questionById('var-of-product').explanation);
});

test('a right answer after the learner asked for the worked solution earns 0 points', async () => {
  const token = launch('katherine', { what: 'question', id: 'var-of-product' });
  const q = questionById('var-of-product');
  assert.equal((await call(token, 'questions/var-of-product/solution', {})).status, 403, 'not before it is offered');
  await answer(token, q.id, { answer: '5' });
  const second = await answer(token, q.id, { answer: '6' });
  assert.equal(second.body.solution, 'offered', 'unlimited attempts: offered after two wrong answers, not shown');
  assert.equal(second.body.explanation, undefined);
  const released = await call(token, 'questions/var-of-product/solution', {});
  assert.equal(released.status, 200);
  assert.equal(released.body.explanation.html, q.explanation);
  const right = await answer(token, q.id, { answer: String(q.answer) });
  assert.equal(right.body.grade.status, 'correct');
  assert.equal(right.body.afterSolution, true);
  assert.equal(right.body.points, 0);
  assert.match(
    right.body.message,
    /^Correct.*\nIt came after the worked solution was shown, so it earns no points\.$/s,
  );
  assert.equal(right.body.score.scoreGiven, 0);
  const rows = await attemptRows(linkOf(token));
  assert.deepEqual(
    rows.map((r) => r.after_solution),
    [false, false, true],
  );
});

test('a learner cannot answer or read as another: the launch’s user is the learner', async () => {
  const link = `link-shared-${++links}`;
  const ada = launch('ada', { what: 'question', id: 'var-of-product', attempts: '3' }, { link });
  const bob = launch('bob', { what: 'question', id: 'var-of-product', attempts: '3' }, { link });
  const posing = await answer(ada, 'var-of-product', { answer: '1', userId: 'bob' });
  assert.equal(posing.status, 403);
  assert.equal(
    posing.body.error,
    'Answers are graded and recorded for the learner of this launch only; this request names another learner.',
  );
  const reading = await call(ada, 'questions?user=bob');
  assert.equal(reading.status, 403);
  assert.equal(
    (await answer(ada, 'var-of-product', { answer: '7', userId: 'ada' })).status,
    200,
    'naming oneself is fine',
  );
  const bobs = await call(bob, 'questions');
  assert.equal(bobs.body.questions[0].attemptsUsed, 0, "ada's answer is not bob's");
  assert.equal(bobs.body.questions[0].progress, null);
  const rows = await attemptRows(link);
  assert.deepEqual(
    rows.map((r) => r.user_id),
    ['ada'],
  );
});

test('practice launches, unknown questions and bodies that are not JSON are refused with a sentence', async () => {
  const practice = launch('ada', {}, { graded: false });
  const refusedPractice = await call(practice, 'questions');
  assert.equal(refusedPractice.status, 409);
  assert.match(refusedPractice.body.error, /for practice: its answers are checked in the page/);
  const token = launch('ada', { what: 'question', id: 'var-of-product' });
  const unknown = await answer(token, 'no-such-question', { answer: '1' });
  assert.equal(unknown.status, 404);
  assert.equal(
    unknown.body.error,
    'This activity has no question “no-such-question”; its questions are var-of-product.',
  );
  const notJson = await answer(token, 'var-of-product', '{"answer": ');
  assert.equal(notJson.status, 400);
  assert.equal(notJson.body.error, 'The request body is not valid JSON.');
  const noText = await answer(token, 'var-of-product', { answer: 1 });
  assert.equal(noText.status, 400);
  assert.match(noText.body.error, /Send the answer as text/);
});
