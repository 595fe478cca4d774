// The instructor view's numbers from attempts rows in a real Postgres: right rate, attempts, median time and
// anticipated mistakes per question; every answer in a CSV opened by LibreOffice Calc; only the launch's own course;
// a learner's launch refused.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import express from 'express';
import pg from 'pg';
import { migrate, readMigrations } from '../../dist/server/db/migrate.js';
import { classCsvColumns, scoresRouter } from '../../dist/server/scores/index.js';
import { throwawayPostgres } from './postgres.mjs';
import { openInCalc } from './spreadsheet.mjs';

let cluster;
let pool;
let server;
let base;

const placement = { lesson: 'why-sqrt-dk', what: 'section', id: 'where-the-scores-come-from' };
const launchOf = (contextId, isInstructor) => ({
  platformId: 'platform-1',
  issuer: 'https://lms.example',
  clientId: 'tool',
  deploymentId: 'deployment-1',
  userId: isInstructor ? 'teacher' : 'ada',
  contextId,
  resourceLinkId: 'link-1',
  roles: [],
  isInstructor,
  placement,
  graded: true,
  agsScopes: [],
});
// Until the tool's own launch is here, a bearer names which launch the request stands for.
const launches = {
  teacher: launchOf('course-1', true),
  learner: launchOf('course-1', false),
  other: launchOf('course-2', true),
};

// [context, user, question, variant, typed, correct, mistake, seconds, after solution, counted]
const rows = [
  ['course-1', 'ada', 'std-at-512', 'dk=512', '512', false, '512', 10, false, true],
  ['course-1', 'ada', 'std-at-512', 'dk=512', 'sqrt(512)', true, null, 20, false, true],
  ['course-1', 'ben', 'std-at-512', 'dk=512', '1', false, '1', 30, false, true],
  ['course-1', 'ben', 'std-at-512', 'dk=384', '384', false, '384', 40, false, true],
  ['course-1', 'cleo', 'std-at-512', 'dk=512', '22.6', true, null, 5, false, true],
  ['course-1', 'cleo', 'std-at-512', 'dk=512', 'sqrt(', false, null, 2, false, false],
  ['course-1', 'dan', 'std-at-512', 'dk=512', '-3', false, null, 12, false, true],
  ['course-1', 'ada', 'var-of-product', '', '2', false, '2', 8, false, true],
  ['course-1', 'ada', 'var-of-product', '', '1', true, null, 3, true, true],
  ['course-1', 'dan', 'var-of-product', '', '=1+1', false, null, null, false, true],
  ['course-2', 'zed', 'std-at-512', 'dk=512', '0', false, null, 99, false, true],
];

const get = (path, who) => fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${who}` } });

before(async () => {
  cluster = await throwawayPostgres();
  pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
  await migrate(pool, readMigrations(new URL('../../server/migrations/', import.meta.url).pathname));
  for (const [i, [context, user, question, variant, typed, correct, mistake, seconds, afterSolution, counted]] of [
    ...rows.entries(),
  ]) {
    await pool.query(
      `INSERT INTO attempts (platform_id, context_id, resource_link_id, user_id, lesson, question_id, variant, seed,
         typed, correct, counted, mistake, points, after_solution, seconds, answered_at)
       VALUES ('platform-1', $1, 'link-1', $2, 'why-sqrt-dk', $3, $4, 0, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        context,
        user,
        question,
        variant,
        typed,
        correct,
        counted,
        mistake,
        correct ? 1 : 0,
        afterSolution,
        seconds,
        new Date(Date.UTC(2026, 2, 1, 9, i)),
      ],
    );
  }
  const app = express();
  app.use((req, res, next) => {
    res.locals.launch = launches[/^Bearer (\w+)$/.exec(req.get('authorization') ?? '')?.[1]];
    next();
  });
  app.use(scoresRouter({ pool, launchOf: (res) => res.locals.launch }));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  server?.close();
  await pool?.end();
  cluster?.stop();
});

test('per question: right rate, attempts, median time and each anticipated mistake, from the attempts', async () => {
  const response = await get('/instructor/results.json', 'teacher');
  assert.equal(response.status, 200);
  const results = await response.json();
  assert.deepEqual(
    results.questions.map((q) => q.id),
    ['var-of-product', 'std-at-512'],
  );
  const [product, std] = results.questions;
  // Ada and Cleo right of four who answered; Cleo's unreadable answer counts nowhere; median of 5,10,12,20,30,40.
  assert.deepEqual(
    [std.learners, std.rightLearners, std.rightRate, std.attempts, std.medianSeconds],
    [4, 2, 0.5, 6, 16],
  );
  // 512 at dₖ = 512 and 384 at dₖ = 384 are the same mistake (the variance); -3 was not anticipated.
  assert.deepEqual(
    std.mistakes.map((m) => [m.label, m.count]),
    [
      ['512', 2],
      ['1', 1],
    ],
  );
  assert.equal(std.otherWrong, 1);
  assert.match(std.mistakes[0].feedback, /variance, not the standard deviation/);
  // Right only after the worked solution was shown is not right.
  assert.deepEqual([product.learners, product.rightLearners, product.rightRate, product.attempts], [2, 0, 0, 3]);
  assert.deepEqual(
    product.mistakes.map((m) => [m.label, m.count]),
    [
      ['2', 1],
      ['0', 0],
    ],
  );
  assert.deepEqual(
    results.learners.map((l) => l.userId),
    ['ada', 'ben', 'cleo', 'dan'],
  );
  const ben = results.learners[1].answers['std-at-512'];
  assert.deepEqual(
    ben.map((a) => [a.variant, a.typed]),
    [
      ['dk=512', '1'],
      ['dk=384', '384'],
    ],
  );
});

test("one course's instructor never sees another's answers", async () => {
  const results = await (await get('/instructor/results.json', 'other')).json();
  assert.deepEqual(
    results.learners.map((l) => l.userId),
    ['zed'],
  );
  assert.equal(results.questions.find((q) => q.id === 'std-at-512').attempts, 1);
});

test('the CSV opens in a spreadsheet with every answer, no formula, numbers as numbers', async () => {
  const response = await get('/instructor/results.csv', 'teacher');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  const sheet = await openInCalc(await response.text());
  const [header, ...lines] = sheet;
  assert.deepEqual(
    header.map((c) => c.text),
    [...classCsvColumns],
  );
  const at = Object.fromEntries(classCsvColumns.map((name, i) => [name, i]));
  for (const [r, line] of sheet.entries()) {
    for (const cell of line) assert.notEqual(cell?.type, 'formula', `row ${r + 1}`);
  }
  const text = (line, name) => line[at[name]]?.text ?? '';
  // Nine counted answers, and one row for each question a learner left unanswered (Ben, Cleo: var-of-product).
  assert.equal(lines.length, 9 + 2);
  const dan = lines.filter((line) => text(line, 'learner') === 'dan');
  assert.deepEqual(
    dan.map((line) => [text(line, 'question'), text(line, 'response'), text(line, 'result')]),
    [
      ['var-of-product', "'=1+1", 'wrong'],
      ['std-at-512', "'-3", 'wrong'],
    ],
  );
  const cleo = lines.filter((line) => text(line, 'learner') === 'cleo');
  assert.deepEqual(
    cleo.map((line) => [text(line, 'question'), text(line, 'result')]),
    [
      ['var-of-product', 'unanswered'],
      ['std-at-512', 'correct'],
    ],
  );
  const right = cleo[1];
  assert.deepEqual([right[at.response].type, right[at.response].number], ['n', 22.6]);
  assert.deepEqual([right[at.seconds].type, right[at.seconds].number], ['n', 5]);
  assert.deepEqual([right[at.attempt].type, right[at.attempt].number], ['n', 1]);
  assert.equal(text(right, 'time'), '2026-03-01T09:04:00.000Z');
  const ben = lines.filter((line) => text(line, 'learner') === 'ben' && text(line, 'question') === 'std-at-512');
  assert.deepEqual(
    ben.map((line) => [text(line, 'variant'), text(line, 'mistake'), line[at.attempt].number]),
    [
      ['dk=512', '1', 1],
      ['dk=384', '384', 2],
    ],
  );
});

test("a learner's launch calling the instructor routes is refused with a sentence", async () => {
  for (const path of ['/instructor', '/instructor/results.json', '/instructor/results.csv']) {
    const response = await get(path, 'learner');
    assert.equal(response.status, 403, path);
    assert.match((await response.json()).error, /^Only an instructor or teaching assistant of this course/);
  }
});
