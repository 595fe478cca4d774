// The scores part of the real tool (dist/server/main.js, started, killed and started again), with real launches
// from the platform double, a real Postgres, and the double's token endpoint checking the tool's signature.
// AGS: nothing lost while the platform is down, backoff that grows, a refusal for good kept and named, each score
// sent once and in order per learner by two instances. Instructor view: right rate, attempts, median time and
// anticipated mistakes from attempts rows; the class from NRPS; the CSV as LibreOffice Calc opens it; only the
// launch's own course; a learner's launch refused; the page in Chromium in the course page's iframe, passing axe.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';
import { backoffMs, classCsvColumns, enqueueScore, scoreScope } from '../../dist/server/scores/index.js';
import { launchTool, visit } from './launch.mjs';
import { startPlatform } from './platform-double.mjs';
import { throwawayPostgres } from './postgres.mjs';
import { scriptedLineItems } from './scripted-line-items.mjs';
import { openInCalc } from './spreadsheet.mjs';
import { startTool } from './tool.mjs';
import { waitFor } from './wait-for.mjs';

const firstMs = 100;
const maxMs = 400;
const timings = {
  LTI_SCORE_RETRY_FIRST_MS: String(firstMs),
  LTI_SCORE_RETRY_MAX_MS: String(maxMs),
  LTI_SCORE_POLL_MS: '50',
  LTI_SCORE_TIMEOUT_MS: '20000',
};
let cluster;
let pool;
let platform;
let scripted;
let browserReady;
let profile;
const tools = [];
let ada;

const running = (tool) => tool.process.exitCode === null && tool.process.signalCode === null;

async function newTool() {
  const tool = await startTool({ databaseUrl: cluster.url, platforms: [platform.registration()], env: timings });
  tools.push(tool);
  platform.useTool(tool); // instances share the tool's keys: any of them serves the JWKS
  return tool;
}

/** A learner's launch of a graded question with a line item, as the tool reads it (GET /api/launch). */
async function launchOf(tool, user) {
  const custom = { lesson: 'why-sqrt-dk', question: 'std-at-512', attempts: '3' };
  const lineItem = { label: 'Attention Lab', scoreMaximum: 4 };
  const launched = await launchTool(tool, platform, { user, custom, lineItem, resourceLinkId: 'link-scores' });
  assert.ok(launched.ok, `the launch stopped at ${launched.step}: ${JSON.stringify(launched.body)}`);
  const response = await visit(launched.jar, `${tool.url}/api/launch`, {
    headers: { authorization: `Bearer ${launched.ltik}` },
  });
  return response.json();
}

/** Polls until `check` returns a truthy value (a state, not a time); fails after a minute, saying what it awaited. */
const score = (scoreGiven, timestamp) => ({
  scoreGiven,
  scoreMaximum: 4,
  activityProgress: 'Submitted',
  gradingProgress: 'FullyGraded',
  timestamp,
});

const rowsAt = async (lineItemUrl) =>
  (await pool.query('SELECT * FROM score_queue WHERE line_item_url = $1 ORDER BY id', [lineItemUrl])).rows;

const classCustom = { lesson: 'why-sqrt-dk', section: 'where-the-scores-come-from', attempts: '3' };
const launchOptions = {
  teacher: { user: 'teacher', name: 'Tess Teacher', roles: ['Instructor'], custom: classCustom },
  learner: { user: 'ada', name: 'Ada Lovelace', roles: ['Learner'], custom: classCustom },
  other: { user: 'teacher-2', name: 'Otto Other', roles: ['Instructor'], custom: classCustom, contextId: 'course-2' },
  // The same course's other activity: a multi-select question, whose wrong picks are its anticipated mistakes.
  fixes: {
    user: 'teacher',
    roles: ['Instructor'],
    custom: { lesson: 'why-sqrt-dk', section: 'other-ways-to-fix-the-variance', attempts: '3' },
    resourceLinkId: 'link-2',
  },
};

// [course, learner, question, variant, typed, correct, mistake, seconds, after solution, counted, resource link]
const rows = [
  ['course-1', 'ada', 'std-at-512', 'dk=512', '512', false, '512', 10, false, true],
  ['course-1', 'ada', 'std-at-512', 'dk=512', 'sqrt(512)', true, null, 20, false, true],
  ['course-1', 'ben', 'std-at-512', 'dk=512', '1', false, '1', 30, false, true],
  ['course-1', 'ben', 'std-at-512', 'dk=384', '384', false, '384', 40, false, true],
  ['course-1', 'cleo', 'std-at-512', 'dk=512', '22.6', true, null, 5, false, true],
  ['course-1', 'cleo', 'std-at-512', 'dk=512', 'sqrt(', false, null, 2, false, false],
  ['course-1', 'dan', 'std-at-512', 'dk=512', '-3', false, null, 12, false, true],
  ['course-1', 'ada', 'var-of-product', 'lesson', '2', false, '2', 8, false, true],
  ['course-1', 'ada', 'var-of-product', 'lesson', '1', true, null, 3, true, true],
  ['course-1', 'dan', 'var-of-product', 'lesson', '=1+1', false, null, null, false, true],
  ['course-2', 'zed', 'std-at-512', 'dk=512', '0', false, null, 99, false, true],
  ['course-1', 'ada', 'bounded-fixes', 'lesson', 'a,b,d', false, 'd', 30, false, true, 'link-2'],
  ['course-1', 'ben', 'bounded-fixes', 'lesson', 'a,d,e', false, 'd,e', 40, false, true, 'link-2'],
  ['course-1', 'cleo', 'bounded-fixes', 'lesson', 'a,b', false, '', 50, false, true, 'link-2'],
];

let classTool;
let classReady;
const launched = {};

/** A GET as the launch's page makes it: its ltik as a bearer, its session cookie. */
function get(who, path) {
  const { ltik, jar } = launched[who];
  return visit(jar, `${classTool.url}${path}`, { headers: { authorization: `Bearer ${ltik}` } });
}

/** The class: a running instance (the sender's tests leave two), its NRPS list, launches and attempts rows. */
function theClass() {
  classReady ??= setUpClass();
  return classReady;
}

async function setUpClass() {
  classTool = tools.find(running) ?? (await newTool());
  platform.useTool(classTool);
  // The class as the platform's NRPS lists it: Eve has not answered anything; the teacher is no learner.
  platform.members = [
    { user_id: 'ada', name: 'Ada Lovelace' },
    { user_id: 'ben', name: 'Ben Okafor' },
    { user_id: 'cleo', name: 'Cleo Park' },
    { user_id: 'dan', name: '=Dan' },
    { user_id: 'eve', name: 'Eve Example' },
    { user_id: 'teacher', name: 'Tess Teacher', roles: ['Instructor'] },
  ];
  for (const [who, options] of Object.entries(launchOptions)) {
    launched[who] = await launchTool(classTool, platform, options);
    assert.ok(launched[who].ok, `${who}: ${JSON.stringify(launched[who].body)}`);
  }
  const { platformId } = await (await get('teacher', '/api/launch')).json();
  for (const [i, row] of rows.entries()) {
    const [course, user, question, variant, typed, correct, mistake, seconds, afterSolution, counted, link] = row;
    await pool.query(
      `INSERT INTO attempts (platform_id, context_id, resource_link_id, user_id, lesson, question_id, variant, seed,
         typed, correct, counted, mistake, points, after_solution, seconds, answered_at)
       VALUES ($1, $2, $14, $3, 'why-sqrt-dk', $4, $5, 0, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        platformId,
        course,
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
        link ?? 'link-1',
      ],
    );
  }
}

before(async () => {
  profile = mkdtempSync(join(tmpdir(), 'attention-lab-chromium-'));
  // As the spine's browser test: third-party cookies allowed, Chrome's default for most people.
  mkdirSync(join(profile, 'Default'));
  const allowThirdParty = { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } };
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(allowThirdParty));
  browserReady = chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    viewport: { width: 1280, height: 900 },
  });
  const platformReady = startPlatform();
  [cluster, scripted] = await Promise.all([throwawayPostgres(), scriptedLineItems()]);
  platform = await platformReady;
  pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
});

after(async () => {
  await (await browserReady)?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  for (const tool of tools) await tool.stop();
  await pool?.end();
  await Promise.all([platform?.close(), scripted?.close()]);
  cluster?.stop();
});

test('scores queued while the platform is down arrive after it returns, across a restart of the tool', async () => {
  const first = await newTool();
  ada = await launchOf(first, 'ada');
  const ben = { ...ada, userId: 'ben' };
  assert.ok(ada.lineItemUrl && ada.agsScopes.includes(scoreScope), 'the launch carries its line item and scope');
  await platform.goDown();
  const at = (second) => new Date(Date.UTC(2026, 2, 1, 9, 0, second));
  for (const [launch, given, second] of [
    [ada, 1, 0],
    [ada, 3, 10],
    [ben, 2, 5],
  ]) {
    assert.equal((await enqueueScore(pool, launch, score(given, at(second)))).queued, true);
  }
  // Each learner's first score is tried and refused by a closed port, twice; Ada's second waits behind her first.
  await waitFor('two failed tries of each learner’s first score', async () => {
    const rows = await rowsAt(ada.lineItemUrl);
    return rows[0].tries >= 2 && rows[2].tries >= 2;
  });
  first.process.kill('SIGKILL');
  await first.stop();
  const waiting = await rowsAt(ada.lineItemUrl);
  assert.deepEqual(
    waiting.map((row) => row.state),
    ['waiting', 'waiting', 'waiting'],
  );
  assert.equal(waiting[1].tries, 0, 'a later score is not tried before the earlier one is accepted');
  assert.match(waiting[0].last_error, /token endpoint .*ECONNREFUSED/);

  await platform.comeBack();
  // Two instances this time, on the one database: the last test has them share the queue.
  await Promise.all([newTool(), newTool()]);
  await waitFor('every score accepted', async () =>
    (await rowsAt(ada.lineItemUrl)).every((row) => row.state === 'sent'),
  );
  const arrived = platform.scores.filter((s) => s.lineItemUrl === ada.lineItemUrl);
  assert.deepEqual(
    arrived.filter((s) => s.score.userId === 'ada').map((s) => s.score),
    [
      { userId: 'ada', ...score(1, at(0).toISOString()) },
      { userId: 'ada', ...score(3, at(10).toISOString()) },
    ],
  );
  assert.deepEqual(
    arrived.filter((s) => s.score.userId === 'ben').map((s) => s.score),
    [{ userId: 'ben', ...score(2, at(5).toISOString()) }],
  );
  assert.equal(arrived.length, 3, 'each score once');
  assert.deepEqual(arrived[0].scopes, [scoreScope], 'a token for the score scope alone');
});

test('a score the platform refuses for good is kept as failed with its words; backoff grows to its cap', async () => {
  scripted.answer('gone', async () => ({ status: 400, body: '{"error":"line item gone was deleted"}' }));
  const waits = [];
  const busyUrl = `${scripted.lineItem('busy')}?type=1`;
  scripted.answer('busy', async () => {
    // The previous try's wait, as the sender recorded it, read while this try is on its way.
    const [row] = await rowsAt(busyUrl);
    if (row.tries > 0) waits.push(new Date(row.due_at) - new Date(row.last_tried_at));
    return row.tries < 4 ? { status: 503, body: 'Service Unavailable: maintenance' } : { status: 200 };
  });
  await enqueueScore(pool, { ...ada, lineItemUrl: scripted.lineItem('gone') }, score(4));
  await enqueueScore(pool, { ...ada, lineItemUrl: busyUrl }, score(4));
  await waitFor('the busy line item to accept', async () => (await rowsAt(busyUrl))[0].state === 'sent');

  const [gone] = await rowsAt(scripted.lineItem('gone'));
  assert.equal(gone.state, 'failed');
  assert.equal(gone.tries, 1, 'a refusal for good is not tried again');
  assert.equal(gone.last_error, 'the platform answered HTTP 400 Bad Request: line item gone was deleted');
  assert.equal(scripted.tries.filter((t) => t.lineItem === 'gone').length, 1);
  // Posted to <line item>/scores with its query string kept, as AGS's score media type, with a bearer token.
  const busy = scripted.tries.find((t) => t.lineItem === 'busy');
  assert.equal(busy.contentType, 'application/vnd.ims.lis.v1.score+json');
  assert.match(busy.authorization, /^Bearer [0-9a-f]+$/);

  assert.equal(waits.length, 4);
  waits.forEach((wait, i) => {
    const ceiling = Math.min(maxMs, firstMs * 2 ** i);
    assert.ok(wait >= ceiling / 2 && wait <= ceiling, `wait ${i + 1}: ${wait} ms, expected ${ceiling / 2}–${ceiling}`);
    // Below the cap each wait's range starts where the one before ended; at the cap, jitter alone varies it.
    if (i && ceiling < maxMs) assert.ok(wait >= waits[i - 1], `wait ${i + 1} (${wait} ms) shorter than the one before`);
  });
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => backoffMs(n, { firstMs, maxMs }, () => 1)),
    [100, 200, 400, 400, 400],
  );
});

test('two instances send each score once, in order per learner; a slow answer blocks no one', async () => {
  assert.equal(tools.filter((tool) => tool.process.exitCode === null && !tool.process.killed).length, 2);
  const learners = ['cleo', 'dev', 'eve', 'finn', 'gus'];
  let answered = 0;
  let othersDone;
  const othersAnswered = new Promise((resolve) => (othersDone = resolve));
  scripted.answer('class', async (sent) => {
    // The slow learner's gradebook answers only once everyone else's scores are in.
    if (sent.userId === 'slow') await othersAnswered;
    else if (++answered === learners.length * 4) othersDone();
    return { status: 200 };
  });
  const lineItemUrl = scripted.lineItem('class');
  for (let attempt = 1; attempt <= 4; attempt++) {
    for (const userId of ['slow', ...learners]) {
      if (userId !== 'slow' || attempt <= 2) await enqueueScore(pool, { ...ada, userId, lineItemUrl }, score(attempt));
    }
  }
  await waitFor('all 22 scores accepted', async () => (await rowsAt(lineItemUrl)).every((row) => row.state === 'sent'));
  const arrived = scripted.accepted.filter((s) => s.lineItem === 'class').map((s) => s.score);
  for (const userId of [...learners, 'slow']) {
    assert.deepEqual(
      arrived.filter((s) => s.userId === userId).map((s) => s.scoreGiven),
      userId === 'slow' ? [1, 2] : [1, 2, 3, 4],
      `${userId}: each score once, in order`,
    );
  }
  assert.equal(arrived.length, 22);
});

test('a launch with no line item or no score scope queues nothing and says why; a bad score is refused', async () => {
  assert.deepEqual(await enqueueScore(pool, { ...ada, lineItemUrl: undefined }, score(1)), {
    queued: false,
    reason: 'the launch names no AGS line item for this placement',
  });
  assert.match(
    (await enqueueScore(pool, { ...ada, agsScopes: [] }, score(1))).reason,
    /did not grant the AGS scope .*\/score$/,
  );
  await assert.rejects(enqueueScore(pool, ada, score(-1)), /scoreGiven must be .* got -1/);
  await assert.rejects(enqueueScore(pool, ada, { ...score(1), activityProgress: 'Done' }), /activityProgress must be/);
});

test('per question: right rate, attempts, median time and each anticipated mistake; the class from NRPS', async () => {
  await theClass();
  assert.match(launched.teacher.landing, /^\/instructor\?ltik=/, 'an instructor lands on the results');
  const response = await get('teacher', '/instructor/results.json');
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
  assert.equal(results.rosterNote, undefined);
  assert.deepEqual(
    results.learners.map((l) => [l.userId, l.name, Object.keys(l.answers).length]),
    [
      ['dan', '=Dan', 2],
      ['ada', 'Ada Lovelace', 2],
      ['ben', 'Ben Okafor', 1],
      ['cleo', 'Cleo Park', 1],
      ['eve', 'Eve Example', 0],
    ],
  );
  assert.deepEqual(
    results.learners[2].answers['std-at-512'].map((a) => [a.variant, a.typed]),
    [
      ['dk=512', '1'],
      ['dk=384', '384'],
    ],
  );
});

test('a multi-select question counts each wrong pick as the mistake it is', async () => {
  await theClass();
  const [fixes] = (await (await get('fixes', '/instructor/results.json')).json()).questions;
  assert.equal(fixes.id, 'bounded-fixes');
  // Options d, e, f, g are wrong: d picked twice, e once; Cleo only missed a right option.
  assert.deepEqual(
    fixes.mistakes.map((m) => m.count),
    [2, 1, 0, 0],
  );
  assert.equal(fixes.otherWrong, 1);
  assert.match(fixes.mistakes[0].feedback, /\S/);
});

test("one course's instructor never sees another's answers", async () => {
  await theClass();
  const results = await (await get('other', '/instructor/results.json')).json();
  assert.deepEqual(
    results.learners.filter((l) => Object.keys(l.answers).length).map((l) => l.userId),
    ['zed'],
  );
  assert.equal(results.questions.find((q) => q.id === 'std-at-512').attempts, 1);
});

test('the CSV opens in a spreadsheet with every answer, no formula, numbers as numbers', async () => {
  await theClass();
  const response = await get('teacher', '/instructor/results.csv');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  assert.match(response.headers.get('content-disposition'), /attachment; filename="attention-lab-why-sqrt-dk-/);
  const sheet = await openInCalc(await response.text());
  const [header, ...lines] = sheet;
  assert.deepEqual(
    header.map((c) => c.text),
    [...classCsvColumns],
  );
  for (const [r, line] of sheet.entries()) {
    for (const cell of line) assert.notEqual(cell?.type, 'formula', `row ${r + 1}`);
  }
  const at = Object.fromEntries(classCsvColumns.map((name, i) => [name, i]));
  const text = (line, name) => line[at[name]]?.text ?? '';
  // Nine counted answers, and a row for each question a learner on the class list left unanswered.
  assert.equal(lines.length, 9 + 4);
  const dan = lines.filter((line) => text(line, 'learner') === 'dan');
  assert.deepEqual(
    dan.map((line) => [text(line, 'name'), text(line, 'question'), text(line, 'response'), text(line, 'result')]),
    [
      ["'=Dan", 'var-of-product', "'=1+1", 'wrong'],
      ["'=Dan", 'std-at-512', "'-3", 'wrong'],
    ],
  );
  const eve = lines.filter((line) => text(line, 'learner') === 'eve');
  assert.deepEqual(
    eve.map((line) => [text(line, 'question'), text(line, 'result')]),
    [
      ['var-of-product', 'unanswered'],
      ['std-at-512', 'unanswered'],
    ],
  );
  const [cleo] = lines.filter((line) => text(line, 'learner') === 'cleo' && text(line, 'result') === 'correct');
  assert.deepEqual([cleo[at.response].type, cleo[at.response].number], ['n', 22.6]);
  assert.deepEqual([cleo[at.seconds].type, cleo[at.seconds].number], ['n', 5]);
  assert.deepEqual([cleo[at.attempt].type, cleo[at.attempt].number], ['n', 1]);
  assert.equal(text(cleo, 'time'), '2026-03-01T09:04:00.000Z');
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
  await theClass();
  assert.doesNotMatch(launched.learner.landing, /instructor/);
  for (const path of ['/instructor', '/instructor/results.json', '/instructor/results.csv']) {
    const response = await get('learner', path);
    assert.equal(response.status, 403, path);
    assert.match((await response.json()).error, /^This is for instructors: GET \/instructor.* roles are Learner\.$/);
  }
});

test('in the course page’s iframe the view shows its tables and charts, under its CSP, passing axe', async () => {
  await theClass();
  const page = await (await browserReady).newPage();
  const problems = [];
  // The tool's page: CSP violations and failed loads show as console errors there (the double's favicon is not ours).
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.startsWith(classTool.url)) problems.push(message.text());
  });
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  await page.goto(platform.coursePageUrl(platform.prepareLaunch(launchOptions.teacher)));
  const frame = page.frameLocator('#tool');
  await frame.getByRole('heading', { name: 'Results: Why attention divides by √dₖ' }).waitFor();
  const table = frame.getByRole('table', { name: /^Per question/ });
  const row = table.getByRole('row', { name: /^std-at-512/ });
  assert.deepEqual(await row.getByRole('cell').allTextContents(), ['4', '50 %', '6', '16 s', '4', '3']);
  const chart = frame.getByRole('img', { name: 'Right rate per question' });
  assert.match(await chart.getAttribute('aria-labelledby'), /right-rate-title right-rate-desc/);
  // The page's own stylesheet arrived (it carries the ltik): the bars are filled by it.
  const fill = await frame
    .locator('#right-rate .bar-value')
    .first()
    .evaluate((bar) => getComputedStyle(bar).fill);
  assert.notEqual(fill, 'rgb(0, 0, 0)');
  const download = page.waitForEvent('download');
  await frame.getByRole('link', { name: 'Download every answer (CSV)' }).click();
  assert.match((await download).suggestedFilename(), /^attention-lab-why-sqrt-dk-class-answers\.csv$/);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
  assert.deepEqual(problems, []);
  await page.close();
});
