// cmi.suspend_data: a learner's progress round-trips through SCORM 1.2's 4096 characters with verdicts, partial
// credit and the variant each question is on; typed answers go first when space runs out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeSuspendData, encodeSuspendData, suspendDataLimit } from '../../dist/lib/src/embed/suspend-data.js';
import { gradeChoice, gradeNumeric, recordGrade, recordVariantGrade } from '../../dist/lib/src/quiz/index.js';

const numeric = { kind: 'numeric', id: 'std', prompt: '', answer: Math.sqrt(384), explanation: '' };
const multi = {
  kind: 'multi',
  id: 'multi',
  prompt: '',
  explanation: '',
  options: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, text: id, correct: i < 3 })),
};

test('verdicts, partial credit and variants come back as they were', () => {
  let progress = recordVariantGrade(
    {},
    'std',
    '20',
    gradeNumeric(numeric, '20'),
    { key: 'dk=384', seed: 7 },
    'dk=512',
    1,
  );
  progress = recordVariantGrade(
    progress,
    'std',
    'sqrt(384)',
    gradeNumeric(numeric, 'sqrt(384)'),
    { key: 'dk=384', seed: 7 },
    'dk=512',
    2,
  );
  progress = recordGrade(progress, 'multi', 'a,b', gradeChoice(multi, ['a', 'b']));
  const text = encodeSuspendData(progress);
  const back = decodeSuspendData(text);
  assert.equal(back.multi.credit, Number((2 / 3).toFixed(4)));
  assert.deepEqual(back.std.variant, { key: 'dk=384', seed: 7 });
  assert.deepEqual(back.std.variants, { 'dk=384': { attempts: 2, correct: true } });
  assert.deepEqual([back.std.attempts, back.std.correct, back.std.lastAnswer], [2, true, 'sqrt(384)']);
  assert.equal(back.std.log, undefined, 'the answer log stays in the browser; the LMS has the interactions');
});

test('typed answers are dropped before the limit, verdicts never; foreign text is refused', () => {
  const long = 'x'.repeat(300);
  let progress = {};
  for (let i = 0; i < 20; i++) progress = recordGrade(progress, `q${i}`, long, gradeNumeric(numeric, '1'));
  const text = encodeSuspendData(progress);
  assert.ok(text.length <= suspendDataLimit, `${text.length} characters`);
  const back = decodeSuspendData(text);
  assert.equal(Object.keys(back).length, 20);
  assert.equal(back.q3.lastAnswer, '');
  assert.equal(decodeSuspendData('{"v":2}'), undefined);
  assert.equal(decodeSuspendData('not json'), undefined);
  assert.throws(() => encodeSuspendData({ q: { attempts: -1 } }), { message: /encodeSuspendData: progress/ });
});
