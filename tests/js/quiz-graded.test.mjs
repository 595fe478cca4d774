// Graded contexts: the instructor's policy read from a link, when explanations show and questions lock, partial credit
// for multi-select in the score, each learner's variant, and attempts as SCORM 1.2 interactions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  gradedVariant,
  explanationShows,
  gradeChoice,
  gradeNumeric,
  isLocked,
  isQuizProgress,
  multiSelectCredit,
  readGradedPolicy,
  recordGrade,
  scoreOf,
} from '../../dist/lib/src/quiz/index.js';
import {
  InteractionRecorder,
  interactionElements,
  interactionId,
  scormTime,
  scormTimespan,
} from '../../dist/lib/src/embed/scorm-interactions.js';

const multi = {
  kind: 'multi',
  id: 'only-at-init',
  prompt: '<p>Which hold only at initialisation?</p>',
  options: ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, text: id, correct: i < 3 })),
  explanation: '<p>Why.</p>',
};
const numeric = { kind: 'numeric', id: 'std-at-512', prompt: '<p>σ?</p>', answer: Math.sqrt(512), explanation: '' };
const policyOf = (query) => readGradedPolicy(new URLSearchParams(query));

describe('readGradedPolicy', () => {
  test('defaults: the lesson’s own numbers, unlimited attempts, explanation after the attempts', () => {
    assert.deepEqual(policyOf(''), {
      policy: { graded: false, variant: { kind: 'practice' }, attempts: Infinity, explain: 'after-attempts' },
      problems: [],
    });
  });

  test('reads every value an instructor may set', () => {
    assert.deepEqual(policyOf('variant=learner&attempts=2&explain=never').policy, {
      graded: true,
      variant: { kind: 'learner' },
      attempts: 2,
      explain: 'never',
    });
    assert.deepEqual(policyOf('variant=3').policy.variant, { kind: 'seed', seed: 3 });
    assert.deepEqual(policyOf('variant=fixed').policy.variant, { kind: 'fixed' });
    assert.deepEqual(policyOf('variant=fixed&attempts=unlimited').policy.attempts, Infinity);
    assert.equal(policyOf('explain=after-correct').policy.explain, 'after-correct');
  });

  test('odd values fall back to the default, each with a notice naming it', () => {
    const { policy, problems } = policyOf('variant=-1&attempts=0&explain=sometimes');
    // The values fall back, but setting them at all still makes the context graded.
    assert.deepEqual(policy, {
      graded: true,
      variant: { kind: 'practice' },
      attempts: Infinity,
      explain: 'after-attempts',
    });
    assert.equal(problems.length, 3);
    assert.match(problems[0], /variant “-1”/);
    assert.match(problems[1], /attempts “0”/);
    assert.match(problems[2], /explain “sometimes”/);
    assert.match(policyOf('attempts=2.5').problems[0], /whole number/);
    assert.throws(() => readGradedPolicy('variant=1'), { name: 'TypeError', message: /readGradedPolicy: search/ });
  });

  test('a zh-CN frame reads the same notices in Chinese', () => {
    const search = new URLSearchParams('variant=-1&attempts=0&explain=sometimes');
    assert.deepEqual(readGradedPolicy(search, 'zh-CN').problems, [
      'variant 的值“-1”不是 fixed、learner 或数字（例如 3）；显示本课原有的数值。',
      'attempts 的值“0”不是 1 到 1000 之间的整数；作答次数不限。',
      'explain 的值“sometimes”不是 after-correct，after-attempts，never 之一；详解在答对后或用完作答次数后显示。',
    ]);
    assert.deepEqual(readGradedPolicy(search).problems, policyOf('variant=-1&attempts=0&explain=sometimes').problems);
  });
});

describe('explanation and lock', () => {
  const { policy: lesson } = policyOf('');
  test('without a policy: once right, or after two counted wrong attempts (the lesson page’s rule)', () => {
    assert.equal(explanationShows(lesson, { correct: false, attempts: 1 }), false);
    assert.equal(explanationShows(lesson, { correct: false, attempts: 2 }), true);
    assert.equal(explanationShows(lesson, { correct: true, attempts: 1 }), true);
    assert.equal(isLocked(lesson, 1000), false);
  });

  test('attempts=3: locks at the third counted attempt, and after-attempts waits for it', () => {
    const { policy } = policyOf('attempts=3');
    assert.equal(isLocked(policy, 2), false);
    assert.equal(isLocked(policy, 3), true);
    assert.equal(explanationShows(policy, { correct: false, attempts: 2 }), false);
    assert.equal(explanationShows(policy, { correct: false, attempts: 3 }), true);
  });

  test('never shows nothing even when right; after-correct only when right', () => {
    const never = policyOf('explain=never').policy;
    assert.equal(explanationShows(never, { correct: true, attempts: 1 }), false);
    const afterCorrect = policyOf('explain=after-correct&attempts=1').policy;
    assert.equal(explanationShows(afterCorrect, { correct: false, attempts: 5 }), false);
    assert.equal(explanationShows(afterCorrect, { correct: true, attempts: 1 }), true);
    assert.throws(() => isLocked(never, -1), { name: 'RangeError', message: /isLocked: attempts/ });
  });
});

describe('partial credit for multi-select', () => {
  test('(right chosen − wrong chosen) ÷ right total, floored at 0', () => {
    assert.equal(multiSelectCredit(multi, ['a', 'b', 'c']), 1);
    assert.equal(multiSelectCredit(multi, ['a', 'b']), 2 / 3);
    assert.equal(multiSelectCredit(multi, ['a', 'b', 'd']), 1 / 3);
    assert.equal(multiSelectCredit(multi, ['a', 'd', 'e']), 0);
    assert.equal(multiSelectCredit(multi, ['a', 'b', 'c', 'd', 'e', 'f']), 0);
    assert.throws(() => multiSelectCredit(multi, ['z']), { name: 'RangeError', message: /no option 'z'/ });
  });

  test('the grade carries it, progress keeps it for a wrong answer, and the score adds it up', () => {
    const partial = gradeChoice(multi, ['a', 'b']);
    assert.equal(partial.status, 'incorrect');
    assert.equal(partial.credit, 2 / 3);
    let progress = recordGrade({}, multi.id, 'a,b', partial);
    assert.equal(progress[multi.id].credit, 2 / 3);
    assert.ok(isQuizProgress(progress));
    progress = recordGrade(progress, numeric.id, '22.6274', gradeNumeric(numeric, 'sqrt(512)'));
    assert.deepEqual(scoreOf(progress, [multi.id, numeric.id, 'unanswered']), {
      answered: 2,
      correct: 1,
      total: 3,
      points: 1 + 2 / 3,
      afterSolution: 0,
    });
    // A right answer takes the partial credit's place; an unreadable one leaves it as it was.
    const right = recordGrade(progress, multi.id, 'a,b,c', gradeChoice(multi, ['a', 'b', 'c']));
    assert.equal(right[multi.id].credit, undefined);
    assert.equal(scoreOf(right, [multi.id]).points, 1);
    const empty = recordGrade(progress, multi.id, '', gradeChoice(multi, []));
    assert.equal(empty[multi.id].credit, 2 / 3);
  });

  test('stored progress with impossible credit is rejected', () => {
    const entry = { attempts: 1, correct: false, lastStatus: 'incorrect', lastAnswer: 'a' };
    assert.ok(isQuizProgress({ q: { ...entry, credit: 0.5 } }));
    assert.ok(!isQuizProgress({ q: { ...entry, credit: 1.5 } }));
    assert.ok(!isQuizProgress({ q: { ...entry, credit: '0.5' } }));
    assert.ok(!isQuizProgress({ q: { ...entry, correct: true, lastStatus: 'correct', credit: 0.5 } }));
  });
});

describe('variants per learner', () => {
  const dks = [512, 64, 128, 256, 384, 768, 1024, 2048];
  const parameterised = {
    ...numeric,
    variants: dks.map((dk) => ({ params: { dk }, question: { ...numeric, answer: Math.sqrt(dk) } })),
  };

  test('variant=learner: stable for a learner, spread over learners, graded by its own numbers', () => {
    const learner = { kind: 'learner' };
    const picks = Array.from({ length: 400 }, (_, i) => gradedVariant(parameterised, learner, `student-${i}`));
    const used = new Set(picks.map((pick) => pick.index));
    assert.equal(used.size, dks.length, 'every variant is someone’s');
    const most = Math.max(...[...used].map((v) => picks.filter((p) => p.index === v).length)) / picks.length;
    assert.ok(most < 0.25, `the most common variant goes to ${(most * 100).toFixed(0)} % of learners`);
    assert.deepEqual(gradedVariant(parameterised, learner, 'student-7'), picks[7]);
    for (const pick of picks.slice(0, 20)) {
      assert.equal(pick.key, `dk=${pick.params.dk}`);
      assert.ok(pick.seed > 0, 'a learner’s seed is never the lesson’s own');
      const asked = parameterised.variants[pick.index].question;
      assert.equal(gradeNumeric(asked, `sqrt(${pick.params.dk})`).status, 'correct');
    }
  });

  test('fixed pins the lesson’s own numbers, a number n the variant seed n draws, for everyone', () => {
    assert.deepEqual(gradedVariant(parameterised, { kind: 'fixed' }), {
      index: 0,
      params: { dk: 512 },
      key: 'dk=512',
      seed: 0,
    });
    const seeded = gradedVariant(parameterised, { kind: 'seed', seed: 3 }, 'anyone');
    assert.deepEqual(gradedVariant(parameterised, { kind: 'seed', seed: 3 }, 'someone else'), seeded);
    assert.equal(seeded.seed, 3);
    assert.equal(gradedVariant(parameterised, { kind: 'seed', seed: 0 }).key, 'dk=512');
    assert.equal(gradedVariant(parameterised, { kind: 'practice' }), undefined, 'practice pins nothing');
  });

  test('a question without parameters is one variant, whatever the policy', () => {
    for (const policy of [{ kind: 'fixed' }, { kind: 'learner' }, { kind: 'seed', seed: 5 }]) {
      const pinned = gradedVariant(numeric, policy, 'student-1');
      assert.deepEqual([pinned.index, pinned.key, pinned.params], [0, '', {}]);
    }
    assert.throws(() => gradedVariant(numeric, { kind: 'learner' }), { message: /learner id or seed is needed/ });
  });
});

describe('SCORM 1.2 interactions', () => {
  const at = new Date(2026, 10, 24, 9, 5, 7);
  const attempt = (question, answerText, grade, key = '') => ({
    question,
    variant: { index: 0, key, params: {} },
    answerText,
    grade,
    latencyMs: 83_456,
    at,
  });

  test('a numeric attempt: what was typed (so fill-in), the answer as the pattern, the result', () => {
    const elements = Object.fromEntries(
      interactionElements(attempt(numeric, ' sqrt(512)', gradeNumeric(numeric, 'sqrt(512)'), 'dk=512')),
    );
    assert.deepEqual(elements, {
      id: 'std-at-512.dk-512',
      type: 'fill-in',
      student_response: 'sqrt(512)',
      'correct_responses.0.pattern': String(Math.sqrt(512)),
      result: 'correct',
      weighting: '1',
      latency: '00:01:23.45',
      time: '09:05:07',
    });
  });

  test('a choice attempt: option letters, comma-separated, and wrong', () => {
    const elements = Object.fromEntries(interactionElements(attempt(multi, 'a,d', gradeChoice(multi, ['a', 'd']))));
    assert.equal(elements.type, 'choice');
    assert.equal(elements.student_response, 'a,d');
    assert.equal(elements['correct_responses.0.pattern'], 'a,b,c');
    assert.equal(elements.result, 'wrong');
  });

  test('ids and times within SCORM 1.2’s formats and limits', () => {
    assert.equal(interactionId('q 1/é', 'dk=384,n=8'), 'q_1__.dk-384_n-8');
    assert.equal(interactionId('x'.repeat(300), '').length, 255);
    assert.match(scormTimespan(3 * 3600_000 + 0.5), /^\d{2,4}:\d{2}:\d{2}\.\d{2}$/);
    assert.equal(scormTimespan(-5), '00:00:00.00');
    assert.equal(scormTimespan(1e15), '9999:59:59.99');
    assert.equal(scormTime(at), '09:05:07');
    assert.throws(() => interactionId('', ''), { name: 'TypeError', message: /interactionId: questionId/ });
  });

  test('the recorder starts at the LMS’s count and keeps a refused record for the next commit', () => {
    const lms = new Map();
    let refuse = 'cmi.interactions.3.result';
    const set = (element, value) => {
      if (element === refuse) return { ok: false, problem: 'error 101', code: '101' };
      lms.set(element, value);
      return { ok: true, problem: '', code: '' };
    };
    const recorder = new InteractionRecorder(3);
    recorder.record(attempt(multi, 'a', gradeChoice(multi, ['a'])));
    recorder.record(attempt(numeric, '8', gradeNumeric(numeric, '8')));
    recorder.flush(set);
    assert.equal(recorder.waiting, 2, 'nothing leaves the queue before a commit');
    recorder.committed();
    assert.equal(recorder.waiting, 1, 'the refused record waits');
    assert.equal(lms.get('cmi.interactions.4.id'), 'std-at-512', 'the next one took the next n');
    refuse = '';
    recorder.flush(set);
    recorder.committed();
    assert.equal(recorder.waiting, 0);
    assert.equal(lms.get('cmi.interactions.3.result'), 'wrong', 'written again at its own n');
    assert.equal(lms.has('cmi.interactions.5.id'), false);
  });
});
