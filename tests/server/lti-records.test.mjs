// The tool's pure pieces, on the real compiled lessons: reading a placement and its grading from custom parameters,
// instructor roles, the Deep Linking choice and its points, the platforms file and the `npm run lti -- register`
// command that writes it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contentItem, readChoice } from '../../dist/server/deep-link/router.js';
import { findPlacement, loadCatalog } from '../../dist/server/lessons/catalog.js';
import { readLessonBank } from '../../dist/server/grading/lesson-bank.js';
import { isGraded, launchLocale, placementOf } from '../../dist/server/lti/launch-from.js';
import { readPlatforms } from '../../dist/server/lti/platforms.js';
import { isInstructorRole } from '../../dist/server/lti/roles.js';
import { pageUrl } from '../../dist/server/site/page-url.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const catalog = loadCatalog(join(root, 'web/generated/lessons'));
const lesson = JSON.parse(readFileSync(join(root, 'web/generated/lessons/why-sqrt-dk.json'), 'utf8'));
const questionsIn = (sections) =>
  sections.flatMap((section) => section.blocks.filter((block) => block.kind === 'question')).length;
const folder = mkdtempSync(join(tmpdir(), 'attention-lab-platforms-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('a placement reads as the embed URL spells it; graded by the flag, else by a policy, never a widget', () => {
  const question = placementOf({ lesson: 'why-sqrt-dk', question: 'std-at-512', attempts: 3 }, 'first');
  assert.deepEqual(question, { lesson: 'why-sqrt-dk', what: 'question', id: 'std-at-512', attempts: '3' });
  assert.deepEqual(placementOf({}, 'first'), { lesson: 'first', what: 'lesson', id: '' });
  assert.deepEqual(placementOf({ section: 'train-it', explain: ' ' }, 'first'), {
    lesson: 'first',
    what: 'section',
    id: 'train-it',
  });
  assert.equal(isGraded({}, question), true, 'attempts set: graded, as an embed URL with attempts= is');
  assert.equal(isGraded({ graded: 'false' }, question), false);
  assert.equal(isGraded({ graded: 'true' }, placementOf({}, 'first')), true);
  assert.equal(isGraded({}, placementOf({}, 'first')), false);
  assert.equal(isGraded({ graded: 'true' }, placementOf({ widget: 'training' }, 'first')), false);
});

test("a launch's locale is matched as the page matches a language; the bank has the lesson in it, same numbers", () => {
  for (const tag of ['zh-CN', 'zh_Hans_CN', 'zh', 'ZH-sg']) assert.equal(launchLocale({ locale: tag }), 'zh-CN', tag);
  for (const tag of ['en-US', 'fr', 'zh-TW', '', 42]) assert.equal(launchLocale({ locale: tag }), 'en', String(tag));
  assert.equal(launchLocale(undefined), 'en');
  const bank = readLessonBank(join(root, 'web/generated/lessons'));
  assert.deepEqual([...bank.keys()], [lesson.slug], 'a translation is no lesson of its own');
  const chinese = bank.inLocale(lesson.slug, 'zh-CN');
  assert.equal(chinese.locale, 'zh-CN');
  assert.notEqual(chinese.lesson.title, lesson.title);
  const numbers = (l) =>
    l.sections.flatMap((s) =>
      s.blocks.filter((b) => b.kind === 'question').map((b) => [b.question.id, b.question.answer]),
    );
  assert.deepEqual(numbers(chinese.lesson), numbers(lesson));
  assert.deepEqual(bank.inLocale(lesson.slug, 'en'), { lesson: bank.get(lesson.slug), locale: 'en' });
  assert.equal(bank.inLocale('no-such', 'zh-CN'), undefined);
});

test('a launch lands on the embed page of its placement: practice on the site, graded with its ltik', () => {
  const landing = (custom) => {
    const placement = placementOf(custom, 'why-sqrt-dk');
    return pageUrl({ placement, graded: isGraded(custom, placement) }, 'the-ltik');
  };
  assert.equal(
    landing({ widget: 'training', explain: 'never' }),
    '/site/embed.html?lesson=why-sqrt-dk&widget=training',
  );
  assert.equal(
    landing({ question: 'typical-range', graded: 'false' }),
    '/site/embed.html?lesson=why-sqrt-dk&question=typical-range',
  );
  assert.equal(
    landing({ section: 'train-it', variant: 'learner' }),
    '/graded/embed.html?lesson=why-sqrt-dk&variant=learner&ltik=the-ltik#train-it',
  );
  assert.equal(landing({ graded: 'true' }), '/graded/embed.html?lesson=why-sqrt-dk&ltik=the-ltik');
});

test('instructor roles: Instructor, TeachingAssistant and Administrator, as LIS URIs or short names', () => {
  const lis = 'http://purl.imsglobal.org/vocab/lis/v2/';
  for (const role of [
    `${lis}membership#Instructor`,
    `${lis}membership/Instructor#TeachingAssistant`,
    `${lis}institution/person#Administrator`,
    `${lis}system/person#Administrator`,
    'Instructor',
  ])
    assert.equal(isInstructorRole(role), true, role);
  for (const role of [`${lis}membership#Learner`, `${lis}membership#Mentor`, `${lis}institution/person#Student`, ''])
    assert.equal(isInstructorRole(role), false, role);
});

test('a placement is worth one point per question it asks: the whole lesson, a section, one question', () => {
  const whole = findPlacement(catalog, { lesson: 'why-sqrt-dk', what: 'lesson', id: '' });
  assert.equal(whole.questionIds.length, questionsIn(lesson.sections));
  const first = lesson.sections[0];
  const section = findPlacement(catalog, { lesson: 'why-sqrt-dk', what: 'section', id: first.id });
  assert.equal(section.questionIds.length, questionsIn([first]));
  assert.match(findPlacement(catalog, { lesson: 'nope', what: 'lesson', id: '' }).problem, /no lesson “nope”/);
  assert.match(
    findPlacement(catalog, { lesson: 'why-sqrt-dk', what: 'widget', id: 'nope' }).problem,
    /has no widget “nope”/,
  );
});

test('the Deep Linking choice: graded items carry a line item worth their points; bad choices say why', () => {
  const whole = readChoice(catalog, { pick: 'lesson=why-sqrt-dk', mode: 'graded', attempts: '3' });
  const item = contentItem(whole, 'https://lab.example.edu/lti/launch');
  assert.deepEqual(item.custom, { lesson: 'why-sqrt-dk', graded: 'true', attempts: '3' });
  assert.equal(item.lineItem.scoreMaximum, questionsIn(lesson.sections));
  assert.equal(item.url, 'https://lab.example.edu/lti/launch');
  const widget = readChoice(catalog, { pick: 'lesson=why-sqrt-dk&widget=training', mode: 'practice', attempts: '3' });
  assert.deepEqual(contentItem(widget, 'x').custom, { lesson: 'why-sqrt-dk', graded: 'false', widget: 'training' });
  assert.equal(contentItem(widget, 'x').lineItem, undefined);
  const problems = [
    [{}, /Pick what learners open/],
    [{ pick: 'lesson=why-sqrt-dk&widget=training', mode: 'graded' }, /A widget asks no questions/],
    [{ pick: 'lesson=why-sqrt-dk&section=wrap-up', mode: 'graded' }, /asks no questions, so it cannot be graded/],
    [{ pick: 'lesson=why-sqrt-dk', attempts: 'lots' }, /The attempts “lots” is not a whole number/],
    [{ pick: 'lesson=why-sqrt-dk', variant: 'seed', seed: '0' }, /The seed must be a whole number from 1/],
    [{ pick: 'lesson=why-sqrt-dk&question=nope' }, /has no question “nope”/],
  ];
  for (const [choices, problem] of problems) assert.match(readChoice(catalog, choices).problem, problem);
});

const register = (file, ...args) =>
  spawnSync(process.execPath, [join(root, 'scripts/lti.mjs'), 'register', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LTI_PLATFORMS: file },
  });
const moodle = [
  ['--issuer', 'https://moodle.example.edu'],
  ['--client-id', 'aBcD1234'],
  ['--auth-url', 'https://moodle.example.edu/mod/lti/auth.php'],
  ['--token-url', 'https://moodle.example.edu/mod/lti/token.php'],
  ['--jwks-url', 'https://moodle.example.edu/mod/lti/certs.php'],
].flat();

test('npm run lti -- register writes the platforms file; again adds deployments; bad input changes nothing', () => {
  const file = join(folder, 'platforms.json');
  const first = register(file, ...moodle, '--deployment-id', '1', '--name', 'Moodle');
  assert.equal(first.status, 0, first.stderr);
  assert.equal(register(file, ...moodle, '--deployment-id=2').status, 0);
  assert.deepEqual(readPlatforms(file), [
    {
      name: 'Moodle',
      issuer: 'https://moodle.example.edu',
      clientId: 'aBcD1234',
      authUrl: 'https://moodle.example.edu/mod/lti/auth.php',
      tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
      jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
      deploymentIds: ['1', '2'],
    },
  ]);
  const before = readFileSync(file, 'utf8');
  const missing = register(file, '--issuer', 'https://moodle.example.edu');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /register needs --client-id, --auth-url, --token-url, --jwks-url, --deployment-id/);
  const notUrl = register(file, ...moodle.slice(2), '--issuer', 'moodle', '--deployment-id', '3');
  assert.equal(notUrl.status, 1);
  assert.match(notUrl.stderr, /"issuer" is not a URL: moodle/);
  assert.equal(readFileSync(file, 'utf8'), before);
  writeFileSync(file, '{ "platforms": [ { "issuer": 1 } ] }');
  assert.throws(() => readPlatforms(file), /platforms\.json, platform 1: "issuer" must be a non-empty string/);
});
