// Grading the lesson's questions: tolerance, anticipated mistakes, unreadable input, choice and multi-select,
// validation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  gradeChoice,
  gradeNumeric,
  validateQuestion,
  verdictText,
  withinTolerance,
} from '../../dist/lib/src/quiz/index.js';

const varianceExplorer = (dk, scaled = false) => ({ widget: 'variance-explorer', state: { dk, scaled } });

// Question 1 of the brief, with the two mistakes the lesson anticipates.
const scoreStd512 = {
  kind: 'numeric',
  id: 'score-std-512',
  prompt: '<p>Std of an unscaled score at d<sub>k</sub> = 512?</p>',
  answer: Math.sqrt(512),
  anticipated: [
    {
      value: 512,
      feedback: 'That is the variance, not the standard deviation: take its square root.',
      show: varianceExplorer(512),
    },
    {
      value: 1,
      feedback: 'That is after scaling by √dₖ; the question asks about the unscaled score.',
      show: varianceExplorer(512, true),
    },
  ],
  explanation: '<p>Var[q·k] = d<sub>k</sub> = 512, so the std is √512 ≈ 22.63.</p>',
  correctFeedback: 'Right: √512 ≈ 22.63.',
  hint: 'The variance of q·k is dₖ.',
  show: varianceExplorer(512),
};

const scaledVariance = {
  kind: 'numeric',
  id: 'scaled-variance',
  prompt: '<p>Variance of the score after dividing by √d<sub>k</sub>?</p>',
  answer: 1,
  anticipated: [{ value: 1 / 512, feedback: 'That would be dividing by dₖ, not √dₖ.' }],
  explanation: '<p>Var[q·k/√d<sub>k</sub>] = d<sub>k</sub>/d<sub>k</sub> = 1.</p>',
};

const std64 = {
  kind: 'numeric',
  id: 'score-std-64',
  prompt: '<p>Std at d<sub>k</sub> = 64?</p>',
  answer: 8,
  explanation: '<p>√64 = 8.</p>',
};
const productVariance = {
  kind: 'numeric',
  id: 'product-variance',
  prompt: '<p>Var(XY)?</p>',
  answer: 1,
  explanation: '<p>E[X²]E[Y²] = 1.</p>',
};
const saturation = {
  kind: 'numeric',
  id: 'saturation-x',
  prompt: '<p>x for p₁ &gt; 0.99?</p>',
  answer: Math.log(297),
  explanation: '<p>x = ln 297.</p>',
};
const maxEntropy8 = {
  kind: 'numeric',
  id: 'max-entropy-8',
  prompt: '<p>Maximum entropy over 8 positions?</p>',
  answer: Math.log(8),
  explanation: '<p>ln 8 nats.</p>',
};

const divideByDk = {
  kind: 'choice',
  id: 'divide-by-dk',
  prompt: '<p>Dividing by d<sub>k</sub> instead of √d<sub>k</sub> gives …</p>',
  options: [
    {
      id: 'var-1-over-dk',
      text: 'variance 1/d<sub>k</sub>: near-uniform attention',
      correct: true,
      feedback: 'Yes: the opposite failure to saturation.',
    },
    { id: 'var-1', text: 'variance 1', correct: false, feedback: 'That is what ÷√dₖ gives.' },
    { id: 'one-hot', text: 'one-hot attention', correct: false },
  ],
  explanation: '<p>Var[q·k/d<sub>k</sub>] = 1/d<sub>k</sub>.</p>',
  show: { widget: 'softmax-die', state: { scale: 'linear' } },
};

const onlyAtInit = {
  kind: 'multi',
  id: 'only-at-init',
  prompt: '<p>Which statements hold only at initialisation?</p>',
  options: [
    {
      id: 'unit-var',
      text: 'Components of q and k have variance 1.',
      correct: true,
      feedback: 'Training moves the scale of q and k.',
    },
    {
      id: 'score-var',
      text: 'Var[q·k] = d<sub>k</sub>.',
      correct: true,
      feedback: 'It relies on unit-variance components.',
    },
    {
      id: 'jacobian',
      text: 'J = diag(p) − pp<sup>T</sup>.',
      correct: false,
      feedback: 'The softmax Jacobian holds always.',
    },
    { id: 'shift', text: 'softmax(x) = softmax(x − max x).', correct: false },
  ],
  explanation: '<p>The variance argument assumes unit-variance components.</p>',
};

const lessonQuestions = [
  scoreStd512,
  scaledVariance,
  std64,
  productVariance,
  divideByDk,
  saturation,
  maxEntropy8,
  onlyAtInit,
];

describe('withinTolerance', () => {
  test('default is 1% relative: |x − t| ≤ 0.01·|t|', () => {
    assert.equal(withinTolerance(101, 100), true);
    assert.equal(withinTolerance(99, 100), true);
    assert.equal(withinTolerance(101.0001, 100), false);
    assert.equal(withinTolerance(-101, -100), true);
    assert.equal(withinTolerance(22.4, Math.sqrt(512)), false);
    assert.equal(withinTolerance(22.41, Math.sqrt(512)), true);
  });

  test('the boundary itself is inside, as documented, however the decimals round', () => {
    // 7.92 − 8 is 0.08000000000000007 in binary: the edge must not depend on that.
    const edges = [
      [8, 7.92, 8.08, 7.919, 8.081],
      [1, 0.99, 1.01, 0.989, 1.011],
      [100, 99, 101, 98.99, 101.01],
      [0.3, 0.297, 0.303, 0.2969, 0.3031],
      [5.69, 5.6331, 5.7469, 5.633, 5.747],
    ];
    for (const [t, low, high, below, above] of edges) {
      assert.equal(withinTolerance(low, t), true, `${low} is right for ${t} at 1 %`);
      assert.equal(withinTolerance(high, t), true, `${high} is right for ${t} at 1 %`);
      assert.equal(withinTolerance(below, t), false, `${below} is wrong for ${t} at 1 %`);
      assert.equal(withinTolerance(above, t), false, `${above} is wrong for ${t} at 1 %`);
    }
    assert.equal(withinTolerance(7.6, 8, { rtol: 0.05 }), true);
    assert.equal(withinTolerance(7.599, 8, { rtol: 0.05 }), false);
    assert.equal(withinTolerance(0.29, 0.3, { atol: 0.01 }), true);
    assert.equal(withinTolerance(0.2899, 0.3, { atol: 0.01 }), false);
    assert.equal(gradeNumeric(std64, '7.92').status, 'correct');
    assert.equal(gradeNumeric(std64, '8.08').status, 'correct');
    assert.equal(gradeNumeric(std64, '7.919').status, 'incorrect');
    assert.equal(gradeNumeric(productVariance, '0.99').status, 'correct');
  });

  test('the larger of atol and rtol·|t| applies; atol makes 0 reachable', () => {
    assert.equal(withinTolerance(0.001, 0), false);
    assert.equal(withinTolerance(0.001, 0, { atol: 0.01 }), true);
    assert.equal(withinTolerance(1.5, 1, { atol: 0.5 }), true);
    assert.equal(withinTolerance(1.02, 1, { rtol: 0.05 }), true);
    assert.equal(withinTolerance(1.02, 1, { rtol: 0, atol: 0.01 }), false);
    assert.equal(withinTolerance(1, 1, { rtol: 0 }), true);
  });

  test('non-finite answers never match; bad tolerances throw and name the field', () => {
    assert.equal(withinTolerance(NaN, 1), false);
    assert.equal(withinTolerance(Infinity, 1, { atol: 1e308 }), false);
    assert.throws(() => withinTolerance(1, 1, { rtol: -0.1 }), { name: 'RangeError', message: /tolerance\.rtol/ });
    assert.throws(() => withinTolerance(1, 1, { atol: NaN }), { name: 'RangeError', message: /tolerance\.atol/ });
    assert.throws(() => withinTolerance('1', 1), { name: 'TypeError', message: /x must be a number/ });
    assert.throws(() => withinTolerance(1, Infinity), { name: 'RangeError', message: /t must be a finite number/ });
  });
});

describe('gradeNumeric', () => {
  test('the forms in the brief are correct, counted, with feedback, value, widget and explanation', () => {
    for (const text of ['22.6', '22.63', 'sqrt(512)', '16*sqrt(2)', '512^0.5', '√512', '16√2']) {
      const grade = gradeNumeric(scoreStd512, text);
      assert.equal(grade.status, 'correct', text);
      assert.equal(grade.counted, true);
      assert.equal(grade.feedback, 'Right: √512 ≈ 22.63.');
      assert.ok(Math.abs(grade.value - Math.sqrt(512)) < 0.1);
      assert.deepEqual(grade.show, varianceExplorer(512));
      assert.equal(grade.explanation, scoreStd512.explanation);
    }
  });

  test('the other numeric questions of the brief accept their answers', () => {
    const answers = [
      [scaledVariance, ['1', '512/512']],
      [std64, ['8', 'sqrt(64)', '64^0.5']],
      [productVariance, ['1', '1.0']],
      [saturation, ['5.69', 'ln(297)', '5.7']],
      [maxEntropy8, ['2.079', 'ln(8)', 'log(8)', 'ln 8', '3ln2']],
    ];
    for (const [question, texts] of answers) {
      for (const text of texts) assert.equal(gradeNumeric(question, text).status, 'correct', `${question.id}: ${text}`);
    }
    assert.equal(gradeNumeric(saturation, '5.6').status, 'incorrect');
    assert.equal(gradeNumeric(maxEntropy8, '3').status, 'incorrect');
    assert.equal(gradeNumeric(std64, '64').status, 'incorrect');
  });

  test('512 gets the variance-not-std feedback and opens the variance explorer at dₖ = 512', () => {
    for (const text of ['512', '2^9', '5.12e2']) {
      const grade = gradeNumeric(scoreStd512, text);
      assert.equal(grade.status, 'incorrect');
      assert.equal(grade.counted, true);
      assert.match(grade.feedback, /variance, not the standard deviation/);
      assert.deepEqual(grade.show, varianceExplorer(512));
      assert.equal(grade.explanation, scoreStd512.explanation);
    }
  });

  test('1 gets "that is after scaling" and its own widget state', () => {
    const grade = gradeNumeric(scoreStd512, '1');
    assert.equal(grade.status, 'incorrect');
    assert.match(grade.feedback, /after scaling/);
    assert.deepEqual(grade.show, varianceExplorer(512, true));
    assert.match(gradeNumeric(scaledVariance, '1/512').feedback, /dividing by dₖ/);
  });

  test('an unanticipated wrong answer gets the hint and the question’s widget', () => {
    const grade = gradeNumeric(scoreStd512, '30');
    assert.equal(grade.status, 'incorrect');
    assert.equal(grade.counted, true);
    assert.equal(grade.feedback, 'Not quite. The variance of q·k is dₖ.');
    assert.equal(grade.value, 30);
    assert.deepEqual(grade.show, varianceExplorer(512));
    assert.equal(gradeNumeric(std64, '7').feedback, 'Not quite.');
    assert.equal(gradeNumeric(std64, '7').show, undefined);
  });

  test('the correct answer takes precedence over an overlapping anticipated value', () => {
    const question = { ...std64, anticipated: [{ value: 8.05, feedback: 'anticipated' }] };
    assert.equal(gradeNumeric(question, '8.05').status, 'correct');
    assert.equal(gradeNumeric(question, '8').status, 'correct');
  });

  test('anticipated values use their own tolerance, else the question’s, and the nearest match wins', () => {
    const question = {
      ...std64,
      tolerance: { atol: 0.5 },
      anticipated: [
        { value: 64, feedback: 'variance' },
        { value: 4, feedback: 'half', tolerance: { rtol: 0 } },
        { value: 32, feedback: 'far', tolerance: { atol: 40 } },
      ],
    };
    assert.equal(gradeNumeric(question, '64.4').feedback, 'variance');
    assert.equal(gradeNumeric(question, '4').feedback, 'half');
    assert.equal(gradeNumeric(question, '4.1').feedback, 'far');
    assert.equal(gradeNumeric(question, '63.5').feedback, 'variance');
    assert.equal(gradeNumeric(question, '70').feedback, 'far');
    assert.equal(gradeNumeric(question, '73').feedback, 'Not quite.');
    assert.equal(gradeNumeric(question, '8.4').status, 'correct');
  });

  test('unreadable input is not counted, gives no explanation, and says why and where', () => {
    const garbage = [
      ['abc', /unknown name 'abc' at position 1\./],
      ['2+', /at position 3\./],
      [')(', /unexpected '\)' at position 1\./],
      ['1,000', /comma at position 2\. Write 1000, not 1,000/],
      ['sqrt', /nothing after 'sqrt' at position 5\./],
      ['22.6.3', /second decimal point at position 5\./],
      ['1+'.repeat(150), /more than 200 characters at position 201\./],
      [`${'('.repeat(60)}1${')'.repeat(60)}`, /nested parentheses at position 51\./],
      ['1/0', /division by zero at position 2\./],
      ['sqrt(-1)', /square root of a negative number at position 1\./],
      ['ln(0)', /logarithm of zero or a negative number at position 1\./],
      ['50%', /percent sign at position 3\./],
    ];
    for (const [text, feedback] of garbage) {
      const grade = gradeNumeric(scoreStd512, text);
      assert.equal(grade.status, 'unreadable', text);
      assert.equal(grade.counted, false);
      assert.match(grade.feedback, /^I couldn't read this: /);
      assert.match(grade.feedback, feedback);
      assert.equal(grade.explanation, undefined);
      assert.equal(grade.value, undefined);
    }
    assert.equal(gradeNumeric(scoreStd512, '22.627)').feedback, "I couldn't read this: unexpected ')' at position 7.");
  });

  test('empty input asks for a number', () => {
    for (const text of ['', '  ', '\n']) {
      const grade = gradeNumeric(scoreStd512, text);
      const feedback = 'Type a number or an expression, such as 3/4 or sqrt(2).';
      assert.deepEqual(grade, { status: 'unreadable', counted: false, feedback });
    }
  });

  test('wrong arguments are errors that name the argument', () => {
    assert.throws(() => gradeNumeric(divideByDk, '1'), {
      name: 'TypeError',
      message: /gradeNumeric: q must be a numeric question/,
    });
    assert.throws(() => gradeNumeric(scoreStd512, 22.6), {
      name: 'TypeError',
      message: /gradeNumeric: text must be a string/,
    });
  });
});

describe('gradeChoice', () => {
  test('choice: the correct option is correct, with its feedback, explanation and widget', () => {
    const grade = gradeChoice(divideByDk, ['var-1-over-dk']);
    assert.equal(grade.status, 'correct');
    assert.equal(grade.counted, true);
    assert.equal(grade.feedback, 'Yes: the opposite failure to saturation.');
    assert.equal(grade.explanation, divideByDk.explanation);
    assert.deepEqual(grade.show, divideByDk.show);
  });

  test('choice: a wrong option gives its own feedback, or a default', () => {
    assert.deepEqual(
      [gradeChoice(divideByDk, ['var-1']).status, gradeChoice(divideByDk, ['var-1']).feedback],
      ['incorrect', 'That is what ÷√dₖ gives.'],
    );
    assert.equal(gradeChoice(divideByDk, ['one-hot']).feedback, 'Not quite.');
    assert.equal(gradeChoice(divideByDk, ['one-hot']).counted, true);
  });

  test('choice: nothing or two options selected is not an attempt', () => {
    assert.deepEqual(gradeChoice(divideByDk, []), {
      status: 'unreadable',
      counted: false,
      feedback: 'Choose an answer.',
    });
    assert.equal(gradeChoice(divideByDk, ['var-1', 'one-hot']).counted, false);
    assert.equal(gradeChoice(divideByDk, ['var-1-over-dk', 'var-1-over-dk']).status, 'correct');
  });

  test('multi: correct iff the selected set equals the correct set, in any order', () => {
    assert.equal(gradeChoice(onlyAtInit, ['unit-var', 'score-var']).status, 'correct');
    assert.equal(gradeChoice(onlyAtInit, ['score-var', 'unit-var', 'score-var']).status, 'correct');
    assert.equal(gradeChoice(onlyAtInit, ['unit-var']).status, 'incorrect');
    assert.equal(gradeChoice(onlyAtInit, ['unit-var', 'score-var', 'shift']).status, 'incorrect');
    assert.equal(gradeChoice(onlyAtInit, ['jacobian', 'shift']).status, 'incorrect');
    assert.equal(gradeChoice(onlyAtInit, []).status, 'unreadable');
  });

  test('multi: feedback speaks of the options chosen, never names a missed one', () => {
    const grade = gradeChoice(onlyAtInit, ['unit-var', 'jacobian']);
    assert.equal(grade.counted, true);
    const lines = grade.feedback.split('\n');
    assert.equal(lines[0], 'Not quite: 1 of your choices is not correct and 1 correct option is missing.');
    assert.deepEqual(lines.slice(1), ['The softmax Jacobian holds always.']);
    assert.deepEqual(grade.wrongChoices, ['jacobian'], 'the wrong pick is named for the page to mark');
    const missedOnly = gradeChoice(onlyAtInit, ['unit-var']);
    assert.equal(missedOnly.feedback, 'Not quite: 1 correct option is missing.');
    assert.deepEqual(missedOnly.wrongChoices, [], 'a missed option is never marked');
    for (const missed of onlyAtInit.options.filter((o) => o.correct && o.id !== 'unit-var')) {
      assert.ok(!missedOnly.feedback.includes(missed.feedback), `the missed option ${missed.id} is not named`);
    }
    assert.equal(
      gradeChoice(onlyAtInit, ['shift']).feedback.split('\n')[0],
      'Not quite: 1 of your choices is not correct and 2 correct options are missing.',
    );
    assert.equal(gradeChoice(onlyAtInit, ['unit-var', 'score-var']).explanation, onlyAtInit.explanation);
  });

  test('an unknown option id or a wrong argument throws and names it', () => {
    assert.throws(() => gradeChoice(onlyAtInit, ['nope']), {
      name: 'RangeError',
      message: /question 'only-at-init' has no option 'nope'/,
    });
    assert.throws(() => gradeChoice(onlyAtInit, 'unit-var'), {
      name: 'TypeError',
      message: /selectedIds must be an Array/,
    });
    assert.throws(() => gradeChoice(scoreStd512, []), {
      name: 'TypeError',
      message: /q must be a choice or multi question/,
    });
  });
});

describe('validateQuestion', () => {
  test('a hint is allowed on every kind of question', () => {
    for (const question of [std64, divideByDk, onlyAtInit]) {
      assert.deepEqual(validateQuestion({ ...question, hint: 'Look again.' }), []);
    }
  });

  test('the lesson’s questions are valid', () => {
    for (const question of lessonQuestions) assert.deepEqual(validateQuestion(question), [], question.id);
  });

  const broken = [
    ['not an object', null, /must be an object/],
    ['unknown kind', { ...std64, kind: 'essay' }, /kind must be 'numeric', 'choice' or 'multi'/],
    ['empty id', { ...std64, id: '' }, /id must be non-empty text/],
    ['missing explanation', { ...std64, explanation: undefined }, /explanation must be non-empty text/],
    ['misspelt field', { ...std64, anwser: 8 }, /unknown field 'anwser'/],
    ['answer not finite', { ...std64, answer: Infinity }, /answer must be a finite number/],
    ['answer not a number', { ...std64, answer: '8' }, /answer must be a finite number/],
    ['negative rtol', { ...std64, tolerance: { rtol: -0.01 } }, /tolerance\.rtol must be a finite number ≥ 0/],
    ['negative atol', { ...std64, tolerance: { atol: -1 } }, /tolerance\.atol must be a finite number ≥ 0/],
    ['rtol of 1', { ...std64, tolerance: { rtol: 1 } }, /accepts 0/],
    ['answer 0 without atol', { ...std64, answer: 0 }, /only exactly 0 is accepted/],
    [
      'anticipated equals the answer',
      { ...std64, anticipated: [{ value: 8.04, feedback: 'x' }] },
      /anticipated\[0\]\.value 8\.04 is within tolerance of the answer/,
    ],
    [
      'anticipated twice',
      {
        ...std64,
        anticipated: [
          { value: 64, feedback: 'a' },
          { value: 64, feedback: 'b' },
        ],
      },
      /anticipated\[1\]\.value 64 is anticipated twice/,
    ],
    [
      'anticipated without feedback',
      { ...std64, anticipated: [{ value: 64 }] },
      /anticipated\[0\]\.feedback must be non-empty text/,
    ],
    [
      'anticipated value NaN',
      { ...std64, anticipated: [{ value: NaN, feedback: 'x' }] },
      /anticipated\[0\]\.value must be a finite number/,
    ],
    [
      'bad widget state',
      { ...std64, show: { widget: 'variance-explorer', state: { dk: [512] } } },
      /show\.state\.dk must be/,
    ],
    ['widget without name', { ...std64, show: { state: {} } }, /show\.widget must be non-empty text/],
    [
      'no correct option',
      { ...divideByDk, options: divideByDk.options.map((o) => ({ ...o, correct: false })) },
      /no option is correct/,
    ],
    [
      'two correct in choice',
      { ...divideByDk, options: divideByDk.options.map((o, i) => ({ ...o, correct: i < 2 })) },
      /2 options are correct in a 'choice' question/,
    ],
    [
      'duplicate option ids',
      { ...onlyAtInit, options: [...onlyAtInit.options, { ...onlyAtInit.options[0] }] },
      /options\[4\]\.id 'unit-var' is used by an earlier option/,
    ],
    ['one option only', { ...divideByDk, options: [divideByDk.options[0]] }, /at least 2 options/],
    ['empty hint on a choice', { ...divideByDk, hint: ' ' }, /hint must be non-empty text/],
    [
      'correct not boolean',
      { ...onlyAtInit, options: onlyAtInit.options.map((o) => ({ ...o, correct: o.correct ? 'yes' : false })) },
      /correct must be true or false/,
    ],
  ];
  for (const [name, question, problem] of broken) {
    test(`reports: ${name}`, () => {
      const problems = validateQuestion(question);
      assert.ok(
        problems.some((p) => problem.test(p)),
        `expected ${problem} in ${JSON.stringify(problems)}`,
      );
    });
  }

  test('problems name the question', () => {
    assert.match(validateQuestion({ ...std64, answer: NaN })[0], /^question 'score-std-64'/);
  });

  test('several correct options are fine in a multi question', () => {
    assert.deepEqual(validateQuestion(onlyAtInit), []);
    assert.ok(onlyAtInit.options.filter((o) => o.correct).length > 1);
  });
});

// Issue 22: a learner on a Chinese keyboard is graded the same, and told why in Chinese when the page asks for it.
describe('grading in another locale', () => {
  test('a full-width answer is graded like its ASCII twin, and its anticipated mistake is found', () => {
    const right = gradeNumeric(scoreStd512, '２２．６３');
    assert.equal(right.status, 'correct');
    assert.equal(right.value, 22.63);
    assert.equal(gradeNumeric(scoreStd512, '１６√２', 'zh-CN').status, 'correct');
    const variance = gradeNumeric(scoreStd512, '５１２', 'zh-CN');
    assert.equal(variance.status, 'incorrect');
    assert.equal(variance.feedback, scoreStd512.anticipated[0].feedback);
  });

  test("the engine's own words follow the locale: unreadable input, the verdict, a multi-select summary", () => {
    const unreadable = gradeNumeric(scoreStd512, '５０％', 'zh-CN');
    assert.equal(unreadable.status, 'unreadable');
    assert.equal(unreadable.feedback, '无法读取（第 3 个字符）：百分号。不接受百分数：请写 0.5，而不是 50%。');
    assert.equal(gradeNumeric(scoreStd512, ' ', 'zh-CN').feedback, '请输入一个数或表达式，例如 3/4 或 sqrt(2)。');
    assert.equal(
      verdictText({ status: 'correct', feedback: 'x' }, true, 'zh-CN'),
      '正确。x\n这是在查看详解之后作答的，不计分。',
    );
    assert.equal(verdictText({ status: 'incorrect', feedback: 'x' }, false), 'Not quite. x');
    assert.equal(gradeNumeric(scoreStd512, '2^', 'en').feedback.startsWith("I couldn't read this"), true);
  });
});
