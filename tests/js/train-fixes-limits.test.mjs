// "Train the fixes" offers only what trains: for every dₖ its schema allows, the most keys it allows train under every
// run kind in the core, and one key more is refused by the core (so the limit is the core's, not a guess). A link or
// lesson asking for more is lowered to it, with a notice that says why.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCore, runKinds } from 'attention-lab/core';
import { limitWidgetParams, parseWidgetParams } from '../../dist/lib/src/authoring/widget-schema.js';
import { compileLesson } from '../../dist/lib/src/authoring/index.js';
import { schema } from '../../dist/lib/src/widgets/train-fixes/schema.js';

let core;
before(async () => {
  core = await loadCore();
});

// As the widget's training session makes them: the core's own model width and batch.
const trains = (keyCount, dk, kind) => {
  try {
    core.createTrainer({ keyCount, dk, kind, seed: 1 }).delete();
    return '';
  } catch (error) {
    return error.message;
  }
};

test('at every dₖ, the most keys offered train under every run kind, and one more does not', () => {
  const { maxGiven } = schema.keys;
  assert.equal(maxGiven?.param, 'dk', 'the keys maximum follows dₖ');
  let limited = 0;
  for (let dk = schema.dk.min; dk <= schema.dk.max; dk++) {
    const most = maxGiven.max(dk);
    assert.ok(Number.isInteger(most) && most >= schema.keys.min && most <= schema.keys.max, `dk ${dk}: ${most}`);
    for (const kind of runKinds) assert.equal(trains(most, dk, kind), '', `dk ${dk}, ${most} keys, ${kind}`);
    if (most === schema.keys.max) continue;
    limited += 1;
    const refusals = runKinds.map((kind) => trains(most + 1, dk, kind)).filter(Boolean);
    assert.ok(refusals.length > 0, `dk ${dk}: ${most + 1} keys would also train, so ${most} is not the limit`);
    assert.match(refusals[0], /^createTrainer: .* must be at most 2097152/);
  }
  assert.ok(limited > 0, 'some dₖ in the range lowers the keys maximum (else the limit is not needed)');
});

test('a link asking for 64 keys at dₖ 512 gets the most keys that train there, and a notice saying why', () => {
  const { params, problems } = parseWidgetParams('train-fixes', { dk: 512, keys: 64 });
  assert.deepEqual(problems, []);
  const notices = limitWidgetParams('train-fixes', params);
  const most = schema.keys.maxGiven.max(512);
  assert.equal(params.keys, most);
  assert.equal(params.dk, 512, 'dₖ, the lesson’s subject, is kept');
  assert.equal(notices.length, 1);
  assert.equal(notices[0], `keys lowered from 64 to ${most}: ${schema.keys.maxGiven.why(512)}`);
  assert.equal(trains(params.keys, params.dk, 'qk-norm'), '');
  assert.deepEqual(limitWidgetParams('train-fixes', { ...params, dk: 64, keys: 64 }), [], 'a state that trains');
});

test('a lesson that sets keys above what its dₖ trains is refused at build time, naming the limit', () => {
  const source =
    '---\ntitle: T\nslug: t\nsummary: S\norder: 1\n---\n\n## Section\n\n' +
    '::: widget train-fixes {#fixes}\ndk: 512\nkeys: 64\n:::\n';
  const { lesson, problems } = compileLesson(source, { file: 'test.md', core });
  assert.equal(lesson, null);
  const messages = problems.map((p) => p.message);
  assert.ok(
    messages.some((m) => m.includes(`train-fixes: keys must be at most ${schema.keys.maxGiven.max(512)}`)),
    messages.join('\n'),
  );
});
