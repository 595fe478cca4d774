// A question as a learner may see it before a server releases anything: what stays, what goes, and which hints give
// the answer away; and the verdict's words, the same wherever an answer is graded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerFreeQuestion, hintGivesAway, verdictText } from '../../dist/lib/src/quiz/index.js';

const numeric = (hint, answer = Math.sqrt(512)) => ({
  kind: 'numeric',
  id: 'std',
  prompt: '<p>std at 512?</p>',
  answer,
  tolerance: { rtol: 0.01 },
  anticipated: [{ value: 512, feedback: 'That is the variance.', show: { widget: 'w', state: { dk: 512 } } }],
  explanation: '<p>√512 ≈ 22.63</p>',
  correctFeedback: 'Right: 22.63.',
  hint,
  show: { widget: 'w', state: { dk: 512 } },
});

test('a hint gives the answer away when it writes a number the grader accepts, its root form or a right option', () => {
  assert.equal(hintGivesAway(numeric('It is about 22.6.')), true);
  assert.equal(hintGivesAway(numeric('Take √512.')), true);
  assert.equal(hintGivesAway(numeric('The variance of q·k is dₖ = 512; take its square root.')), false);
  assert.equal(hintGivesAway(numeric('Not 2: add the variances.', 1)), false, 'only the whole answer, exactly');
  assert.equal(hintGivesAway(numeric('It is 1 per term.', 1)), true);
  const choice = {
    kind: 'choice',
    id: 'j',
    prompt: '<p>J?</p>',
    options: [
      { id: 'a', text: 'The <em>zero</em> matrix', correct: true },
      { id: 'b', text: 'The identity', correct: false },
    ],
    explanation: '<p>Why.</p>',
  };
  assert.equal(hintGivesAway({ ...choice, hint: 'Think of the identity.' }), false);
  assert.equal(hintGivesAway({ ...choice, hint: 'It is the zero matrix.' }), true);
});

test('the answer-free question keeps the prompt, options and variants, and nothing that answers it', () => {
  const question = {
    ...numeric('Take the square root.'),
    variants: [{ params: { dk: 512 }, question: numeric('22.6') }],
  };
  assert.deepEqual(answerFreeQuestion(question), {
    kind: 'numeric',
    id: 'std',
    prompt: '<p>std at 512?</p>',
    hint: 'Take the square root.',
    variants: [{ params: { dk: 512 }, question: { kind: 'numeric', id: 'std', prompt: '<p>std at 512?</p>' } }],
  });
  const choice = {
    kind: 'multi',
    id: 'm',
    prompt: '<p>Which?</p>',
    options: [{ id: 'a', text: 'A', correct: true, feedback: 'Yes.' }],
    explanation: '<p>Why.</p>',
  };
  assert.deepEqual(answerFreeQuestion(choice), {
    kind: 'multi',
    id: 'm',
    prompt: '<p>Which?</p>',
    options: [{ id: 'a', text: 'A' }],
  });
});

test('the verdict comes first, and a right answer after the solution says it earns nothing', () => {
  assert.equal(verdictText({ status: 'correct', feedback: 'Correct.' }, false), 'Correct.');
  assert.equal(
    verdictText({ status: 'incorrect', feedback: 'That is the variance.' }, false),
    'Not quite. That is the variance.',
  );
  assert.equal(
    verdictText({ status: 'correct', feedback: 'Right: 22.63.' }, true),
    'Correct. Right: 22.63.\nIt came after the worked solution was shown, so it earns no points.',
  );
  assert.equal(verdictText({ status: 'unreadable', feedback: 'Type a number.' }, true), 'Type a number.');
});
