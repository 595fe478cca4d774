// The grading rule, where answers are graded: after two wrong answers the worked solution is offered with its price,
// not shown; once shown, its number typed back is confirmed right but earns no points, in the SCORM package under
// scorm-again (cmi.core.score.raw, kept on resume) and in an iframe with a policy (the host's `progress` message).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { answer } from './embed-answer.mjs';
import { launch, requireBuilt, startOrigins, waitForMessage } from './embed-support.mjs';
import { questions } from './lesson-data.mjs';
import { closeLms, openLms, startLms } from './scorm-lms.mjs';

requireBuilt('dist/site/embed.html');

// A question whose worked solution ends on its number: σ at the lesson's own dₖ.
const question = questions.find((q) => q.id === 'std-at-512');
const other = questions.find((q) => q.kind === 'numeric' && q.id !== question.id);
const section = `#question-${question.id}`;

let lms;
let origins;
let browser;
before(async () => {
  [lms, origins, browser] = await Promise.all([startLms(), startOrigins(), launch()]);
});
after(async () => {
  await browser?.close();
  await Promise.all([lms?.close(), origins?.close()]);
});

/** The numbers the worked solution on screen shows, as a learner reads them (the typeset math's own digits). */
async function numbersInSolution(frame) {
  const text = await frame.evaluate((selector) => {
    const solution = document.querySelector(`${selector} .explanation`);
    // MathML carries each number once in an <mn>; the rest is prose.
    const mn = [...solution.querySelectorAll('mn')].map((n) => n.textContent);
    const prose = solution.cloneNode(true);
    prose.querySelectorAll('.katex, math').forEach((m) => m.remove());
    return [...mn, ...(prose.textContent.match(/\d+(?:\.\d+)?/g) ?? [])];
  }, section);
  return text;
}

/** Two wrong answers, the offer and its warning, the solution on request, and its number typed back. */
async function answerFromTheSolution(frame) {
  await answer(frame, question, { right: false });
  await answer(frame, question, { right: false });
  assert.equal(await frame.isVisible(`${section} .explanation`), false, 'graded: the solution does not show by itself');
  assert.equal(await frame.isVisible(`${section} .show-solution`), true, 'it is offered');
  assert.match(await frame.textContent(`${section} .solution-warning`), /afterwards earns no points/);
  await frame.click(`${section} .show-solution`);
  await frame.waitForSelector(`${section} .explanation`, { state: 'visible' });
  const shown = (await numbersInSolution(frame)).find(
    (n) => Math.abs(Number(n) - question.answer) <= 0.01 * question.answer,
  );
  assert.ok(shown, 'the worked solution shows the answer’s number');
  await frame.fill(`${section} input.answer`, shown);
  await frame.press(`${section} input.answer`, 'Enter');
  await frame.waitForSelector(`${section}[data-status="correct"][data-after-solution="true"]`);
  assert.match(await frame.textContent(`${section} .feedback`), /after the worked solution was shown.*no points/s);
}

const raw = (page) => page.evaluate(() => window.API.cmi.core.score.raw);

test('SCORM, default policy: the answer read from the solution scores nothing, also after resume', async () => {
  const page = await browser.context.newPage();
  try {
    let frame = await openLms(page, lms.url, { student: 'sol' });
    await answerFromTheSolution(frame);
    assert.equal(await raw(page), '0', 'a right answer after the solution adds nothing to score.raw');
    await answer(frame, other);
    const one = String(Math.round(100 / questions.length));
    assert.equal(await raw(page), one, 'a right answer before any solution earns its point');
    assert.match(
      await frame.textContent('#lesson-progress-text'),
      new RegExp(`^2 of ${questions.length} .*Score: ${one} of 100 \\(1 question was answered right only after`),
    );

    frame = await openLms(page, lms.url, { student: 'sol' }, { fresh: false });
    assert.equal(await frame.getAttribute(section, 'data-after-solution'), 'true', 'resumed from cmi.suspend_data');
    assert.match(await frame.textContent(`${section} .feedback`), /after its worked solution was shown/);
    assert.equal(await frame.isVisible(`${section} .explanation`), true, 'a solution once seen stays shown');
    assert.equal(await raw(page), one, 'the resumed score is the same');
    assert.deepEqual(
      browser.problems.filter((p) => p.startsWith('page error')),
      [],
    );
  } finally {
    await closeLms(page);
  }
});

test('an iframe with a policy: the progress message gives no point for it, and says why', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${origins.host.url}iframes.html?site=${encodeURIComponent(origins.site.url)}`);
    const loaded = page.waitForEvent('framenavigated', (f) => f.name() === 'g' && f.url().includes('embed.html'));
    const src = `${origins.site.url}embed.html?lesson=why-sqrt-dk&question=${question.id}&variant=fixed&frame=g`;
    await page.evaluate((url) => window.addEmbed(url, 'g'), src);
    const frame = await loaded;
    await frame.waitForSelector(`${section} input.answer`);
    await answerFromTheSolution(frame);
    const answered = await waitForMessage(
      page,
      `(m) => m.frame === 'g' && m.data.verb === 'answered' && m.data.correct`,
      'answered (right, after the solution)',
    );
    assert.equal(answered.data.afterSolution, true);
    const progress = await waitForMessage(
      page,
      `(m) => m.frame === 'g' && m.data.verb === 'progress' && m.data.correct === 1`,
      'progress after the right answer',
    );
    assert.deepEqual(
      [progress.data.correct, progress.data.total, progress.data.points, progress.data.afterSolution],
      [1, 1, 0, 1],
    );
    const completed = await waitForMessage(page, `(m) => m.frame === 'g' && m.data.verb === 'completed'`, 'completed');
    assert.equal(completed.data.score, 0, 'complete, with no points');
  } finally {
    await page.close();
  }
});

test('the offer is accessible: named, its warning tied to it, and focus goes to the solution it opens', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${origins.site.url}embed.html?lesson=why-sqrt-dk&question=${question.id}&attempts=unlimited`);
    await page.waitForSelector(`${section} input.answer`);
    await answer(page, question, { right: false });
    await answer(page, question, { right: false });
    const button = page.getByRole('button', { name: 'Show the worked solution' });
    assert.match(
      await button.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby')).textContent),
      /earns no points/,
    );
    const results = await new AxeBuilder({ page })
      .include(section)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    assert.deepEqual(
      results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`),
      [],
    );
    await button.press('Enter');
    await page.waitForFunction((id) => document.activeElement?.id === id, `question-${question.id}-solution`);
    assert.equal(await button.isVisible(), false, 'the offer goes once taken');
  } finally {
    await page.close();
  }
});
