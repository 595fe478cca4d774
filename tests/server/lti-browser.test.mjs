// The tool in Chromium as an LMS shows it: a course page on the platform double's origin (127.0.0.1) iframes the tool
// (127.0.0.2, another site), so the OIDC login, the launch and the session all run on third-party cookies. An
// instructor deep-links a graded question and the platform verifies the signed content item with the tool's JWKS; a
// learner then launches that link and the question shows in the iframe.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { startCourse } from './course.mjs';

let platform;
let tool;
let context;
let course;
before(async () => {
  course = await startCourse();
  ({ platform, tool, context } = course);
});
after(() => course?.close());

// Each course visit in a fresh tab; what failed there (script errors, refused requests) is in `problems`.
async function openCourse(launchId) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  await page.goto(platform.coursePageUrl(launchId));
  return { page, frame: page.frameLocator('#tool'), problems };
}

let added;
test('an instructor deep-links a graded question; the platform verifies the item with the tool’s JWKS', async () => {
  const id = platform.prepareLaunch({
    user: 'teacher-1',
    name: 'Tess Teacher',
    roles: ['Instructor'],
    deepLinking: true,
  });
  const { page, frame, problems } = await openCourse(id);
  await frame.getByRole('heading', { name: 'Add Attention Lab to your course' }).waitFor();
  // A widget cannot be graded: the form comes back with the reason and the choices kept.
  const firstWidget = frame.getByLabel(/^Widget: /).first();
  await firstWidget.check();
  await frame.getByRole('button', { name: 'Add to the course' }).click();
  await frame.getByRole('alert').filter({ hasText: 'A widget asks no questions' }).waitFor();
  assert.equal(await firstWidget.isChecked(), true);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const summary = results.violations.map((v) => `${scheme} ${v.id}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
    assert.deepEqual(summary, [], 'the picker, its problem shown, passes axe');
    const inFrame = results.passes.some((rule) => rule.nodes.some((node) => node.target[0] === '#tool'));
    assert.ok(inFrame, 'axe checked inside the tool’s frame');
  }
  await frame.getByLabel(/^Question std-at-512: /).check();
  await frame.getByLabel('Counted attempts before a question locks').selectOption('3');
  await frame.getByRole('button', { name: 'Add to the course' }).click();
  await frame.getByRole('heading', { name: 'Added' }).waitFor();
  assert.deepEqual(problems, [`400 ${tool.url}/deep-link`], 'only the refused choice failed');
  assert.deepEqual(platform.refusedDeepLinks, []);
  assert.equal(platform.deepLinks.length, 1);
  const { payload, contentItems } = platform.deepLinks[0];
  assert.equal(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'], id);
  assert.equal(contentItems.length, 1);
  [added] = contentItems;
  assert.equal(added.type, 'ltiResourceLink');
  assert.equal(added.url, tool.launchUrl);
  assert.deepEqual(added.custom, { lesson: 'why-sqrt-dk', question: 'std-at-512', attempts: '3', graded: 'true' });
  assert.equal(added.lineItem.scoreMaximum, 1);
  assert.equal(added.lineItem.resourceId, 'why-sqrt-dk/question/std-at-512');
});

test('a learner launches the link in the iframe: the question shows, on SameSite=None; Secure cookies', async () => {
  assert.ok(added, 'needs the deep-linked item of the test before');
  const id = platform.prepareLaunch({
    user: 'learner-1',
    custom: added.custom,
    lineItem: added.lineItem,
    resourceLinkId: 'link-added',
  });
  const { page, frame, problems } = await openCourse(id);
  await frame.locator('#question-std-at-512').waitFor();
  const toolFrame = page.frames().find((f) => f.url().startsWith(tool.url));
  const landed = new URL(toolFrame.url());
  assert.equal(landed.pathname, '/graded/embed.html');
  assert.equal(landed.searchParams.get('question'), 'std-at-512');
  const cookies = await context.cookies(tool.url);
  assert.ok(cookies.length >= 1, 'the tool set its session cookie');
  for (const cookie of cookies) assert.deepEqual([cookie.sameSite, cookie.secure], ['None', true], cookie.name);
  assert.deepEqual(problems, []);
});
