// Launches over HTTP against the real tool (ltijs on PostgreSQL) and a platform double that signs real id_tokens:
// where a launch lands, what the tool reads from it, every refusal with its status and sentence, and two instances
// on one database.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { startPlatform } from './platform-double.mjs';
import { throwawayPostgres } from './postgres.mjs';
import { CookieJar, launchTool, visit } from './launch.mjs';
import { startTool } from './tool.mjs';

// The lesson in Chinese, as the build compiled it: what a zh-CN launch is asked and graded with.
const chineseLesson = JSON.parse(
  readFileSync(new URL('../../web/generated/lessons/why-sqrt-dk.zh-CN.json', import.meta.url), 'utf8'),
);
const chineseQuestion = (id) =>
  chineseLesson.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'question' && b.question.id === id).question;

let cluster;
let platform;
let tool;
let second;
before(async () => {
  const platformReady = startPlatform(); // its keys are made while the cluster starts
  cluster = await throwawayPostgres();
  platform = await platformReady;
  // Two instances on one database, starting together; the second as behind a reverse proxy that sends
  // X-Forwarded-Proto.
  [tool, second] = await Promise.all([
    startTool({ databaseUrl: cluster.url, platforms: [platform.registration()] }),
    startTool({ databaseUrl: cluster.url, platforms: [platform.registration()], env: { LTI_TRUST_PROXY: 'loopback' } }),
  ]);
  platform.useTool(tool);
});
after(async () => {
  await second?.stop();
  await tool?.stop();
  await platform?.close();
  cluster?.stop();
});

const question = { lesson: 'why-sqrt-dk', question: 'std-at-512', attempts: '3', graded: 'true' };

test('a graded launch lands on the graded page with its ltik; the tool reads the launch as sent', async () => {
  const launched = await launchTool(tool, platform, {
    user: 'learner-7',
    name: 'Grace Learner',
    custom: question,
    lineItem: { label: 'std at 512', scoreMaximum: 1 },
  });
  assert.equal(launched.ok, true, JSON.stringify(launched.body));
  const landing = new URL(launched.landing, tool.url);
  assert.equal(landing.pathname, '/graded/embed.html');
  assert.deepEqual(Object.fromEntries(landing.searchParams), {
    lesson: 'why-sqrt-dk',
    question: 'std-at-512',
    attempts: '3',
    ltik: launched.ltik,
  });
  const response = await visit(launched.jar, `${tool.url}/api/launch`, {
    headers: { authorization: `Bearer ${launched.ltik}` },
  });
  assert.equal(response.status, 200);
  const launch = await response.json();
  assert.equal(launch.issuer, platform.issuer);
  assert.equal(launch.clientId, platform.clientId);
  assert.equal(launch.deploymentId, platform.deploymentId);
  assert.equal(launch.userId, 'learner-7');
  assert.equal(launch.userName, 'Grace Learner');
  assert.equal(launch.contextId, 'course-1');
  assert.equal(launch.resourceLinkId, 'link-1');
  assert.equal(launch.isInstructor, false);
  assert.equal(launch.graded, true);
  assert.deepEqual(launch.placement, { lesson: 'why-sqrt-dk', what: 'question', id: 'std-at-512', attempts: '3' });
  assert.match(launch.lineItemUrl, /^http:\/\/127\.0\.0\.1:\d+\/ags\/course-1\/lineitems\//);
  assert.ok(launch.agsScopes.includes('https://purl.imsglobal.org/spec/lti-ags/scope/score'));
  assert.match(launch.membershipsUrl, /\/nrps\/course-1\/memberships$/);
});

test('a launch in zh-CN lands on the Chinese page, graded in Chinese; an unknown locale gets English', async () => {
  const launched = await launchTool(tool, platform, { user: 'learner-zh', locale: 'zh-CN', custom: question });
  assert.equal(launched.ok, true, JSON.stringify(launched.body));
  assert.equal(new URL(launched.landing, tool.url).searchParams.get('lang'), 'zh-CN');
  const call = async (path, body) => {
    const url = `${tool.url}/grading/${path}`;
    const headers = { cookie: launched.jar.header(url), authorization: `Bearer ${launched.ltik}` };
    const init = body ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } } : { headers };
    const response = await fetch(url, { ...init, body: body && JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  const chinese = chineseQuestion(question.question);
  const shown = await call('questions');
  assert.equal(shown.status, 200, JSON.stringify(shown.body));
  assert.equal(shown.body.locale, 'zh-CN');
  assert.equal(shown.body.questions[0].prompt, chinese.prompt, 'the question as the Chinese lesson asks it');
  // Full-width digits, as a Chinese keyboard types them: read as 12345, wrong, answered with the Chinese hint.
  const wrong = await call(`questions/${question.question}/answers`, { answer: '１２３４５' });
  assert.equal(wrong.status, 200, JSON.stringify(wrong.body));
  assert.equal(wrong.body.grade.status, 'incorrect');
  assert.equal(wrong.body.message, `不太对。${chinese.hint}`);
  const unreadable = await call(`questions/${question.question}/answers`, { answer: 'twelve' });
  assert.equal(unreadable.body.grade.status, 'unreadable');
  assert.match(unreadable.body.message, /^无法读取（第 1 个字符）/);
  // Once the three attempts are used, the refusal the page shows is Chinese too.
  for (const typed of ['１', '２']) await call(`questions/${question.question}/answers`, { answer: typed });
  const refused = await call(`questions/${question.question}/answers`, { answer: '３' });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error, '这道题的全部 3 次作答机会已经用完，因此这次作答没有评分。');

  const other = await launchTool(tool, platform, { user: 'learner-fr', locale: 'fr-FR', custom: question });
  assert.equal(other.ok, true, JSON.stringify(other.body));
  assert.equal(new URL(other.landing, tool.url).searchParams.get('lang'), null, 'English, the original, needs none');
});

test('practice launches land on the static site: a section opens the lesson at its heading', async () => {
  const launched = await launchTool(tool, platform, {
    roles: ['TeachingAssistant'],
    custom: { lesson: 'why-sqrt-dk', section: 'the-fix-divide-by-dk', graded: 'false' },
  });
  assert.equal(launched.ok, true, JSON.stringify(launched.body));
  assert.equal(launched.landing, '/site/embed.html?lesson=why-sqrt-dk#the-fix-divide-by-dk');
  const launch = await (await visit(launched.jar, `${tool.url}/api/launch?ltik=${launched.ltik}`)).json();
  assert.equal(launch.isInstructor, true);
  assert.equal(launch.graded, false);
  const page = await fetch(new URL(launched.landing, tool.url));
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-security-policy'), contentSecurityPolicy);
});

test('a link without custom parameters opens the first lesson; a placement the tool lacks is refused', async () => {
  const plain = await launchTool(tool, platform, { resourceLinkId: 'link-plain' });
  assert.equal(plain.landing, '/site/embed.html?lesson=why-sqrt-dk');
  const unknown = await launchTool(tool, platform, { custom: { lesson: 'why-sqrt-dk', question: 'no-such' } });
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.error, /has no question “no-such”/);
});

// Each case: what the double tampers with, where the tool stops it, the status and the sentence.
const now = () => Math.floor(Date.now() / 1000);
const refusals = [
  ['a forged signature (another key)', { foreignKey: true }, 'launch', 401, /signature does not verify/],
  ['a token for another deployment id', { deploymentId: 'deployment-9' }, 'launch', 403, /“deployment-9” is not reg/],
  ['a token for another audience', { audience: 'another-tool' }, 'launch', 401, /issuer and audience \(client id\)/],
  ['an expired token', () => ({ issuedAt: now() - 600, expiresAt: now() - 300 }), 'launch', 401, /has expired/],
  ['a token from another issuer', { issuer: 'https://lms.example.edu' }, 'launch', 401, /issuer \(iss\) is not/],
  ['a login without an issuer', { loginIssuer: '' }, 'login', 400, /lacks iss/],
  ['a login from an unknown issuer', { loginIssuer: 'https://lms.example.edu' }, 'login', 400, /No platform is reg/],
];
for (const [name, tamper, step, status, error] of refusals) {
  test(`refused: ${name}`, async () => {
    const refused = await launchTool(tool, platform, { tamper: typeof tamper === 'function' ? tamper() : tamper });
    assert.equal(refused.ok, false);
    assert.deepEqual([refused.step, refused.status], [step, status], JSON.stringify(refused.body));
    assert.match(refused.body.error, error);
  });
}

test('refused: a replayed launch (its nonce seen before), even at another instance on the same database', async () => {
  const first = await launchTool(tool, platform, { tamper: { nonce: 'nonce-used-once' } });
  assert.equal(first.ok, true, JSON.stringify(first.body));
  for (const instance of [tool, second]) {
    const replay = await launchTool(instance, platform, { tamper: { nonce: 'nonce-used-once' } });
    assert.deepEqual([replay.step, replay.status], ['launch', 401]);
    assert.match(replay.body.error, /nonce was used before, so it is a replay/);
  }
});

test('two instances on one database: a launch at one, its ltik works at the other', async () => {
  const launched = await launchTool(tool, platform, { user: 'learner-2', custom: question });
  assert.equal(launched.ok, true);
  const elsewhere = await visit(launched.jar, `${second.url}/api/launch`, {
    headers: { authorization: `Bearer ${launched.ltik}` },
  });
  assert.equal(elsewhere.status, 200);
  assert.equal((await elsewhere.json()).userId, 'learner-2');
});

test('refused: requests without a launch, or with another person’s session', async () => {
  const none = await fetch(`${tool.url}/api/launch`);
  assert.equal(none.status, 401);
  assert.match((await none.json()).error, /carried no ltik and no id_token/);
  const ada = await launchTool(tool, platform, { user: 'ada' });
  const bob = await launchTool(tool, platform, { user: 'bob' });
  const swapped = await visit(bob.jar, `${tool.url}/api/launch?ltik=${ada.ltik}`);
  assert.equal(swapped.status, 401);
  assert.match((await swapped.json()).error, /No session for this launch/);
  const noCookie = await visit(new CookieJar(), `${tool.url}/api/launch?ltik=${ada.ltik}`);
  assert.equal(noCookie.status, 401);
});

test('refused: a student launch calling an instructor route, and a student deep-linking launch', async () => {
  const student = await launchTool(tool, platform, { roles: ['Learner'] });
  const route = await visit(student.jar, `${tool.url}/deep-link?ltik=${student.ltik}`);
  assert.equal(route.status, 403);
  assert.match((await route.json()).error, /This is for instructors: GET \/deep-link .* roles are Learner/);
  const deepLink = await launchTool(tool, platform, { roles: ['Learner'], deepLinking: true });
  assert.deepEqual([deepLink.step, deepLink.status], ['landing', 403]);
  assert.match(deepLink.body.error, /Only instructors add activities/);
});

const parseHtml = (text) => new DOMParser().parseFromString(text, 'text/html');
const byName = (doc, name) =>
  [...doc.getElementsByTagName('input')].filter((input) => input.getAttribute('name') === name);

test('Deep Linking behind a proxy: a bad choice is sent back with why, a good one is signed for https', async () => {
  const { ltik, landing, jar } = await launchTool(second, platform, { roles: ['Instructor'], deepLinking: true });
  assert.equal(landing, `/deep-link?ltik=${encodeURIComponent(ltik)}`);
  const picker = await visit(jar, new URL(landing, second.url).href);
  assert.equal(picker.status, 200);
  assert.equal(picker.headers.get('content-security-policy'), contentSecurityPolicy);
  const pick = byName(parseHtml(await picker.text()), 'pick')
    .map((input) => input.getAttribute('value'))
    .find((value) => value.endsWith('question=typical-range'));
  const viaProxy = { 'x-forwarded-proto': 'https' };
  const choose = (choices) =>
    visit(jar, `${second.url}/deep-link`, { method: 'POST', form: { ltik, pick, ...choices }, headers: viaProxy });
  const bad = await choose({ mode: 'graded', variant: 'seed', seed: 'forty' });
  assert.equal(bad.status, 400);
  const again = parseHtml(await bad.text());
  const alert = [...again.getElementsByTagName('p')].find((p) => p.getAttribute('role') === 'alert');
  assert.match(alert.textContent, /The seed must be a whole number from 1 to 4294967295; got “forty”/);
  const kept = byName(again, 'pick').find((input) => input.getAttribute('value') === pick);
  assert.equal(kept.hasAttribute('checked'), true, 'the choice is kept');
  const good = await choose({ mode: 'graded', variant: 'learner', attempts: '2', explain: 'never' });
  assert.equal(good.status, 200);
  const page = parseHtml(await good.text());
  const form = page.getElementsByTagName('form')[0];
  assert.equal(form.getAttribute('action'), platform.deepLinkReturnUrl);
  const scripts = [...page.getElementsByTagName('script')];
  assert.deepEqual(
    scripts.map((script) => [script.getAttribute('src'), script.textContent]),
    [['/lti-assets/auto-submit.js', '']],
    'no inline script',
  );
  // What the browser's form post does: the platform verifies the JWT with the tool's JWKS and keeps the item.
  const returned = await fetch(form.getAttribute('action'), {
    method: 'POST',
    body: new URLSearchParams({ JWT: byName(page, 'JWT')[0].getAttribute('value') }),
  });
  assert.equal(returned.status, 200, await returned.text());
  const [item] = platform.deepLinks.at(-1).contentItems;
  assert.equal(item.url, `https://${new URL(second.url).host}/launch`);
  assert.deepEqual(item.custom, {
    lesson: 'why-sqrt-dk',
    question: 'typical-range',
    variant: 'learner',
    attempts: '2',
    explain: 'never',
    graded: 'true',
  });
  assert.deepEqual(item.lineItem, {
    scoreMaximum: 1,
    label: 'Why attention divides by √dₖ: question typical-range',
    resourceId: 'why-sqrt-dk/question/typical-range',
    tag: 'attention-lab',
  });
});

test("the tool's root lists the URLs to register; its JWKS publishes the key it signs with", async () => {
  const keys = await (await fetch(tool.jwksUrl)).json();
  assert.ok(keys.keys.length >= 1);
  for (const key of keys.keys)
    assert.deepEqual([key.kty, key.alg, key.use, typeof key.kid], ['RSA', 'RS256', 'sig', 'string']);
  const root = await fetch(`${tool.url}/`);
  assert.equal(root.headers.get('content-security-policy'), contentSecurityPolicy);
  const urls = [...parseHtml(await root.text()).getElementsByTagName('code')].map((code) => code.textContent);
  assert.deepEqual(urls.slice(-3), [tool.loginUrl, tool.launchUrl, tool.jwksUrl]);
});
