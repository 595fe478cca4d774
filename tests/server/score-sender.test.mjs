// AGS scores through the durable queue, against a real Postgres and a loopback platform, with the sender running as
// the tool does (ltijs in a process of its own, killed and started again): nothing lost while the platform is down,
// backoff that grows, a refusal for good kept and named, each score sent once and in order per learner.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { migrate, readMigrations } from '../../dist/server/db/migrate.js';
import { backoffMs, enqueueScore, scoreScope } from '../../dist/server/scores/index.js';
import { loopbackPlatform } from './loopback-platform.mjs';
import { throwawayPostgres } from './postgres.mjs';

const firstMs = 100;
const maxMs = 400;
let cluster;
let pool;
let platform;
let platformId;
const senders = [];

function startSender() {
  const child = spawn(process.execPath, [new URL('./score-sender-tool.mjs', import.meta.url).pathname], {
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      PLATFORM_URL: platform.url,
      LTI_SCORE_RETRY_FIRST_MS: String(firstMs),
      LTI_SCORE_RETRY_MAX_MS: String(maxMs),
      LTI_SCORE_POLL_MS: '50',
      LTI_SCORE_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = once(child, 'exit');
  const ready = new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => line.startsWith('ready ') && done(JSON.parse(line.slice(6))));
    exited.then(([code]) => fail(new Error(`the sender exited (${code}) before it was ready:\n${errors}`)));
  });
  const sender = { child, ready, exited, errors: () => errors };
  senders.push(sender);
  return sender;
}

/** Polls until `check` returns a truthy value (a state, not a time); fails after a minute, saying what it awaited. */
async function waitFor(what, check) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const launch = (userId, lineItem) => ({
  platformId,
  issuer: platform.url,
  clientId: 'attention-lab-tool',
  deploymentId: 'deployment-1',
  userId,
  contextId: 'course-1',
  resourceLinkId: `link-${lineItem}`,
  roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  isInstructor: false,
  placement: { lesson: 'why-sqrt-dk', what: 'question', id: 'std-at-512' },
  graded: true,
  lineItemUrl: platform.lineItem(lineItem),
  agsScopes: [scoreScope],
});

const score = (scoreGiven, timestamp) => ({
  scoreGiven,
  scoreMaximum: 4,
  activityProgress: 'Submitted',
  gradingProgress: 'FullyGraded',
  timestamp,
});

const rowsOf = async (lineItem) =>
  (await pool.query('SELECT * FROM score_queue WHERE line_item_url = $1 ORDER BY id', [platform.lineItem(lineItem)]))
    .rows;

before(async () => {
  [cluster, platform] = await Promise.all([throwawayPostgres(), loopbackPlatform()]);
  pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
  await migrate(pool, readMigrations(new URL('../../server/migrations/', import.meta.url).pathname));
});

after(async () => {
  for (const { child, exited } of senders) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
  await pool?.end();
  await platform?.close();
  cluster?.stop();
});

test('scores queued while the platform is down arrive after it returns, across a restart of the tool', async () => {
  await platform.down();
  const first = startSender();
  ({ platformId } = await first.ready);
  const at = (second) => new Date(Date.UTC(2026, 2, 1, 9, 0, second));
  for (const [user, given, second] of [
    ['ada', 1, 0],
    ['ada', 3, 10],
    ['ben', 2, 5],
  ]) {
    assert.equal((await enqueueScore(pool, launch(user, 'unit-1'), score(given, at(second)))).queued, true);
  }
  // Each learner's first score is tried and refused by a closed port, twice; Ada's second waits behind her first.
  await waitFor('two failed tries of each learner’s first score', async () => {
    const rows = await rowsOf('unit-1');
    return rows[0].tries >= 2 && rows[2].tries >= 2;
  });
  first.child.kill('SIGKILL');
  await first.exited;
  const waiting = await rowsOf('unit-1');
  assert.deepEqual(
    waiting.map((row) => row.state),
    ['waiting', 'waiting', 'waiting'],
  );
  assert.equal(waiting[1].tries, 0, 'a later score is not tried before the earlier one is accepted');
  assert.match(waiting[0].last_error, /ECONNREFUSED/);

  await platform.up();
  platform.trustTool((await startSender().ready).publicKey);
  await waitFor('every score accepted', async () => (await rowsOf('unit-1')).every((row) => row.state === 'sent'));
  const arrived = platform.accepted.filter((s) => s.lineItem === 'unit-1').map((s) => s.score);
  assert.deepEqual(
    arrived.filter((s) => s.userId === 'ada'),
    [
      { userId: 'ada', ...score(1, at(0).toISOString()) },
      { userId: 'ada', ...score(3, at(10).toISOString()) },
    ],
  );
  assert.deepEqual(
    arrived.filter((s) => s.userId === 'ben'),
    [{ userId: 'ben', ...score(2, at(5).toISOString()) }],
  );
  assert.equal(arrived.length, 3, 'each score once');
});

test('a score the platform refuses for good is kept as failed with its words; backoff grows to its cap', async () => {
  platform.answer('gone', async () => ({ status: 400, body: '{"error":"line item gone was deleted"}' }));
  const waits = [];
  platform.answer('busy', async () => {
    // The previous try's wait, as the sender recorded it, read while this try is on its way.
    const [row] = await rowsOf('busy');
    if (row.tries > 0) waits.push(new Date(row.due_at) - new Date(row.last_tried_at));
    return row.tries < 4 ? { status: 503, body: 'Service Unavailable: maintenance' } : { status: 200 };
  });
  await enqueueScore(pool, launch('ada', 'gone'), score(4));
  await enqueueScore(pool, launch('ada', 'busy'), score(4));
  await waitFor('the busy platform to accept', async () => (await rowsOf('busy'))[0].state === 'sent');

  const [gone] = await rowsOf('gone');
  assert.equal(gone.state, 'failed');
  assert.equal(gone.tries, 1, 'a refusal for good is not tried again');
  assert.equal(gone.last_error, 'the platform answered HTTP 400 Bad Request: line item gone was deleted');
  assert.equal(platform.tries.filter((t) => t.lineItem === 'gone').length, 1);

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

test('two senders on one database send each score once, in order per learner; a slow answer blocks no one', async () => {
  platform.trustTool((await startSender().ready).publicKey);
  const learners = ['cleo', 'dev', 'eve', 'finn', 'gus'];
  let answered = 0;
  let othersDone;
  const othersAnswered = new Promise((resolve) => (othersDone = resolve));
  platform.answer('class', async (sent) => {
    // The slow learner's gradebook answers only once everyone else's scores are in.
    if (sent.userId === 'slow') await othersAnswered;
    else if (++answered === learners.length * 4) othersDone();
    return { status: 200 };
  });
  for (let attempt = 1; attempt <= 4; attempt++) {
    for (const user of ['slow', ...learners]) {
      if (user !== 'slow' || attempt <= 2) await enqueueScore(pool, launch(user, 'class'), score(attempt));
    }
  }
  await waitFor('all 22 scores accepted', async () => (await rowsOf('class')).every((row) => row.state === 'sent'));
  const arrived = platform.accepted.filter((s) => s.lineItem === 'class').map((s) => s.score);
  for (const user of learners) {
    assert.deepEqual(
      arrived.filter((s) => s.userId === user).map((s) => s.scoreGiven),
      [1, 2, 3, 4],
      `${user}: each score once, in order`,
    );
  }
  assert.deepEqual(
    arrived.filter((s) => s.userId === 'slow').map((s) => s.scoreGiven),
    [1, 2],
  );
  assert.equal(arrived.length, 22);
});

test('a launch with no line item or no score scope queues nothing and says why; a bad score is refused', async () => {
  const noLineItem = { ...launch('ada', 'unit-1'), lineItemUrl: undefined };
  assert.deepEqual(await enqueueScore(pool, noLineItem, score(1)), {
    queued: false,
    reason: 'the launch names no AGS line item for this placement',
  });
  const noScope = { ...launch('ada', 'unit-1'), agsScopes: [] };
  assert.match((await enqueueScore(pool, noScope, score(1))).reason, /did not grant the AGS scope .*\/score$/);
  await assert.rejects(enqueueScore(pool, launch('ada', 'unit-1'), score(-1)), /scoreGiven must be .* got -1/);
  const unfinished = { ...score(1), activityProgress: 'Done' };
  await assert.rejects(enqueueScore(pool, launch('ada', 'unit-1'), unfinished), /activityProgress must be one of/);
});
