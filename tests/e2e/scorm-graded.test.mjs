// Graded SCORM: the package under scorm-again with an instructor's policy (launch data or the SCO's URL). Each counted
// attempt becomes a cmi.interactions.n record with the right result, resume continues the count, a refused value is
// shown to the learner and written again later, attempts=2 locks, explain=never hides, partial credit is scored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { answer } from './embed-answer.mjs';
import { launch } from './embed-support.mjs';
import { ownVariant, plainWrongNumber, questions, rightAnswer } from './lesson-data.mjs';
import { answerInLms, closeLms, lmsInteractions, openLms, reportedSince, startLms } from './scorm-lms.mjs';

let lms;
let browser;
before(async () => {
  // The LMS first: a package it cannot import fails the file at once, with no browser left running to hang it.
  lms = await startLms();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await lms?.close();
});

const numeric = questions.filter((q) => q.kind === 'numeric');
const multi = questions.find((q) => q.kind === 'multi');
const letters = (ids, options) =>
  options.flatMap((o, i) => (ids.includes(o.id) ? [String.fromCharCode(97 + i)] : [])).join(',');
const pageErrors = () => browser.problems.filter((problem) => problem.startsWith('page error'));

const keyOf = (params) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');

/** The question as the frame shows it: the variant its data-variant names (the question itself without params). */
async function shown(frame, question) {
  const key = await frame.getAttribute(`#question-${question.id}`, 'data-variant');
  const variant = question.variants?.find((v) => keyOf(v.params) === key);
  return variant ? { ...variant.question, id: question.id } : question;
}

async function typeAnswer(frame, question, text) {
  await frame.fill(`#question-${question.id} input.answer`, text);
  await frame.press(`#question-${question.id} input.answer`, 'Enter');
}

test('every counted attempt is an interaction with the right result, and resume continues the count', async () => {
  const page = await browser.context.newPage();
  try {
    // Questions with parameters, so the records and the resume concern the learner's own numbers.
    const [first, second, third] = numeric.filter((q) => (q.variants?.length ?? 0) > 1);
    let frame = await openLms(page, lms.url, { student: 'learner-1', launch: 'variant=learner' });
    const firstShown = await shown(frame, first);
    const shownKey = await frame.getAttribute(`#question-${first.id}`, 'data-variant');
    assert.notEqual(shownKey, ownVariant(first).key, 'learner-1 is not on the lesson’s own numbers here');
    await answerInLms(page, frame, firstShown, { right: false });
    await answerInLms(page, frame, firstShown);
    // Garbage is no attempt: nothing reaches the LMS for it.
    await typeAnswer(frame, second, '2 +* 3');
    await frame.waitForSelector(`#question-${second.id}[data-status="unreadable"]`);
    await answerInLms(page, frame, multi, { right: false });
    let held = await lmsInteractions(page);
    assert.deepEqual(
      held.map((i) => [i.id.split('.')[0], i.type, i.result]),
      [
        [first.id, 'fill-in', 'wrong'],
        [first.id, 'fill-in', 'correct'],
        [multi.id, 'choice', 'wrong'],
      ],
    );
    const key = await frame.getAttribute(`#question-${first.id}`, 'data-variant');
    assert.equal(held[0].id, key ? `${first.id}.${key.replace(/=/g, '-')}` : first.id);
    assert.equal(held[0].student_response, plainWrongNumber(firstShown));
    assert.equal(Number(held[1].pattern), firstShown.answer);
    assert.equal(held[1].student_response, rightAnswer(firstShown));
    assert.equal(held[2].pattern, letters(rightAnswer(multi), multi.options));
    for (const record of held) {
      assert.equal(record.weighting, '1');
      assert.match(record.latency, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/); // scorm-again trims a trailing 0
      assert.match(record.time, /^\d{2}:\d{2}:\d{2}$/);
      assert.ok(record.id.length <= 255 && /^[A-Za-z0-9_.-]+$/.test(record.id), `a CMIIdentifier: ${record.id}`);
    }

    frame = await openLms(page, lms.url, { student: 'learner-1', launch: 'variant=learner' }, { fresh: false });
    assert.equal(await page.evaluate(() => window.API.LMSGetValue('cmi.interactions._count')), '3', 'resumed');
    // The learner's variant and its verdict come back from the suspend data, not the lesson's own numbers.
    assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-status'), 'correct');
    await answerInLms(page, frame, await shown(frame, third));
    held = await lmsInteractions(page);
    assert.equal(held.length, 4, 'the new attempt went after the three the LMS held');
    assert.deepEqual([held[3].id.split('.')[0], held[3].result], [third.id, 'correct']);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('two learners with different student ids get different variants, each stable on return', async (t) => {
  const page = await browser.context.newPage();
  try {
    const keysOf = async (student) => {
      const frame = await openLms(page, lms.url, { student, launch: 'variant=learner' });
      return frame.evaluate(() =>
        Object.fromEntries([...document.querySelectorAll('.question')].map((q) => [q.id, q.dataset.variant])),
      );
    };
    const alice = await keysOf('alice');
    assert.ok(
      Object.values(alice).every((key) => typeof key === 'string'),
      'every question says which variant',
    );
    if (Object.values(alice).every((key) => key === '')) {
      t.skip('the lesson has no parameterised question yet, so every learner sees the one variant');
      return;
    }
    assert.deepEqual(await keysOf('alice'), alice, 'the same learner gets the same variants again');
    const others = [await keysOf('bob'), await keysOf('carol')];
    const differs = others.some((keys) => Object.keys(alice).some((id) => keys[id] !== alice[id]));
    assert.ok(differs, 'another learner sees other numbers in at least one question');
  } finally {
    await closeLms(page);
  }
});

test('a question answered in several variants: an interaction per variant, graded by its numbers', async (t) => {
  const question = numeric.find((q) => (q.variants?.length ?? 0) > 1);
  if (!question) {
    t.skip('the lesson has no parameterised numeric question yet');
    return;
  }
  const page = await browser.context.newPage();
  try {
    // variant=<n>: everyone gets the variant seed n draws; another section's sitting uses another n, other numbers.
    const sit = async (seed, fresh) => {
      const frame = await openLms(page, lms.url, { student: 'sitting', launch: `variant=${seed}` }, { fresh });
      return { frame, key: await frame.getAttribute(`#question-${question.id}`, 'data-variant') };
    };
    const answerAt = async ({ frame, key }) => {
      const variant = question.variants.find((v) => keyOf(v.params) === key);
      assert.ok(variant, `the page shows a variant of the lesson: ${key}`);
      await typeAnswer(frame, question, String(variant.question.answer));
      await frame.waitForSelector(`#question-${question.id}[data-status="correct"]`);
      await reportedSince(page, frame, 0);
      return variant;
    };
    const first = await sit(0, true);
    const answered = [await answerAt(first)];
    let second;
    for (let seed = 1; seed <= 12 && !second; seed++) {
      const sitting = await sit(seed, false);
      if (sitting.key !== first.key) second = sitting;
    }
    assert.ok(second, 'some seed from 1 to 12 gives other numbers');
    answered.push(await answerAt(second));
    const held = await lmsInteractions(page);
    assert.deepEqual(
      held.map((i) => [i.id, i.result, Number(i.pattern)]),
      [first, second].map(({ key }, index) => [
        `${question.id}.${key.replace(/=/g, '-').replace(/,/g, '_')}`,
        'correct',
        answered[index].question.answer,
      ]),
    );
  } finally {
    await closeLms(page);
  }
});

test('attempts=2 locks after two wrong answers; explain=never never shows the worked solution', async () => {
  const page = await browser.context.newPage();
  try {
    const [first, second] = numeric;
    let frame = await openLms(page, lms.url, { student: 's', launch: 'attempts=2', sco: 'explain=never' });
    const section = `#question-${first.id}`;
    await answer(frame, first, { right: false });
    assert.equal(await frame.getAttribute(section, 'data-locked'), null, 'one attempt left');
    await answer(frame, first, { right: false });
    assert.equal(await frame.getAttribute(section, 'data-locked'), 'true');
    assert.equal(await frame.isDisabled(`${section} input.answer`), true);
    assert.equal(await frame.isVisible(`${section} button[type="submit"]`), false, 'no Check');
    assert.match(await frame.textContent(`${section} .locked-note`), /locked: you have used all 2 attempts/);
    assert.equal(await frame.isVisible(`#question-${first.id}-solution`), false, 'explain=never');
    await answerInLms(page, frame, second);
    assert.equal(await frame.isVisible(`#question-${second.id}-solution`), false, 'not even once right');
    assert.equal((await lmsInteractions(page)).length, 3);

    frame = await openLms(
      page,
      lms.url,
      { student: 's', launch: 'attempts=2', sco: 'explain=never' },
      { fresh: false },
    );
    assert.equal(await frame.getAttribute(section, 'data-locked'), 'true', 'still locked after reopening');
    assert.equal(await frame.isVisible(`#question-${first.id}-solution`), false);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});

test('an odd setting falls back to the default and says so politely', async () => {
  const page = await browser.context.newPage();
  try {
    const frame = await openLms(page, lms.url, { launch: 'attempts=lots&variant=everyone' });
    const notices = await frame.textContent('#page-notices');
    assert.match(notices, /attempts “lots”/);
    assert.match(notices, /variant “everyone”/);
    const [first] = numeric;
    for (let i = 0; i < 3; i++) await answer(frame, first, { right: false });
    assert.equal(await frame.getAttribute(`#question-${first.id}`, 'data-locked'), null, 'unlimited attempts');
  } finally {
    await closeLms(page);
  }
});

test('partial credit for a multi-select answer reaches cmi.core.score.raw', async () => {
  const page = await browser.context.newPage();
  try {
    const frame = await openLms(page, lms.url, { student: 'p' });
    const right = rightAnswer(multi);
    assert.ok(right.length >= 2, 'the multi-select question has several right options');
    const chosen = right.slice(0, right.length - 1);
    for (const option of multi.options)
      await frame.setChecked(`#question-${multi.id}-${option.id}`, chosen.includes(option.id));
    await frame.click(`#question-${multi.id} button[type="submit"]`);
    await frame.waitForSelector(`#question-${multi.id}[data-status="incorrect"]`);
    await reportedSince(page, frame, 0);
    const credit = chosen.length / right.length;
    const raw = await page.evaluate(() => window.API.cmi.core.score.raw);
    assert.equal(raw, String(Math.round((100 * credit) / questions.length)));
    assert.notEqual(raw, '0');
    // Resume keeps the partial credit in the score.
    await reportedSince(page, await openLms(page, lms.url, { student: 'p' }, { fresh: false }), 0);
    assert.equal(await page.evaluate(() => window.API.cmi.core.score.raw), raw);
  } finally {
    await closeLms(page);
  }
});

test('an LMS that refuses an interaction value: the learner sees its error, the record is written later', async () => {
  const page = await browser.context.newPage();
  try {
    const [first, second] = numeric;
    const frame = await openLms(page, lms.url, {
      student: 'r',
      fault: 'LMSSetValue:false:1:cmi.interactions.*.result',
    });
    await answerInLms(page, frame, first);
    assert.match(await frame.textContent('#page-notices'), /did not record.*interactions\.0\.result.*101.*General/is);
    await answerInLms(page, frame, second, { right: false });
    const held = await lmsInteractions(page);
    assert.deepEqual(
      held.map((i) => [i.id.split('.')[0], i.result]),
      [
        [first.id, 'correct'],
        [second.id, 'wrong'],
      ],
      'the refused result was written again on the next commit, at its own n',
    );
    assert.match(await frame.textContent('#page-notices'), /reached the course system again/);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await closeLms(page);
  }
});
