// Reporting to a SCORM 1.2 LMS, with scorm-again's Scorm12API as the LMS: interactions find a free slot or say why
// not, an LMS without interactions is asked once, only changed values are written, and refused records are kept in
// the browser for their own learner only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Scorm12API } from 'scorm-again/scorm12';
import { callLms } from '../../dist/lib/src/embed/lms-calls.js';
import { LmsValues } from '../../dist/lib/src/embed/lms-values.js';
import { InteractionRecorder } from '../../dist/lib/src/embed/scorm-interactions.js';
import { UnsentRecords } from '../../dist/lib/src/embed/unsent-records.js';
import { SafeStorage } from '../../dist/lib/src/lesson/safe-storage.js';

/** A started scorm-again LMS holding `records` interactions already. */
function lmsWith(records = 0) {
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  api.LMSInitialize('');
  for (let n = 0; n < records; n++) api.LMSSetValue(`cmi.interactions.${n}.id`, `earlier-${n}`);
  return api;
}
const writeTo = (api) => (element, value) => callLms(api, 'LMSSetValue', element, value);
// The ids the LMS holds, in order (through toJSON: interaction elements are write-only).
const held = (api) => Object.values(JSON.parse(JSON.stringify(api.cmi.interactions))).map((i) => i.id);
const record = (id) => [
  ['id', id],
  ['type', 'fill-in'],
  ['student_response', 'sqrt(512)'],
  ['result', 'correct'],
];

describe('InteractionRecorder', () => {
  test('a slot the LMS refuses: the slots offered instead are tried, no record is overwritten', () => {
    const api = lmsWith(2);
    // The LMS's _count said 1000 (a lie): 1000 is refused, then the LMS's real count is offered.
    const recorder = new InteractionRecorder(1000, (refused) =>
      [Number(api.LMSGetValue('cmi.interactions._count'))].filter((n) => n < refused),
    );
    recorder.restore([record('new')]);
    const outcome = recorder.flush(writeTo(api));
    recorder.committed();
    assert.deepEqual([outcome, recorder.waiting, recorder.filled], [{ wrote: true }, 0, 3]);
    assert.deepEqual(held(api), ['earlier-0', 'earlier-1', 'new']);
  });

  test('no slot at all: the record waits, with the LMS’s words, and the later records wait behind it', () => {
    const api = lmsWith(1);
    const recorder = new InteractionRecorder(5);
    recorder.restore([record('a'), record('b')]);
    const outcome = recorder.flush(writeTo(api));
    assert.equal(outcome.wrote, false);
    assert.match(outcome.problem, /cmi\.interactions\.5\.id.*201/);
    assert.deepEqual([recorder.waiting, held(api)], [2, ['earlier-0']]);
  });

  test('an LMS without interactions (401) is asked once; a type it refuses (405) is not asked again', () => {
    const refusing = (code, pattern) => (element) =>
      pattern.test(element) ? { ok: false, problem: `error ${code}`, code } : { ok: true, problem: '', code: '' };
    const none = new InteractionRecorder(0);
    none.restore([record('a'), record('b')]);
    let asked = 0;
    const write = refusing('401', /^cmi\.interactions\./);
    const counted = (element, value) => {
      asked += 1;
      return write(element, value);
    };
    none.flush(counted);
    assert.deepEqual([asked, none.unsupported, none.waiting], [1, 'error 401', 0]);
    none.restore([record('c')]);
    none.flush(counted);
    assert.deepEqual([asked, none.waiting], [1, 0], 'nothing more is asked, nor kept');

    const partly = new InteractionRecorder(0);
    partly.restore([record('a')]);
    const outcome = partly.flush(refusing('405', /student_response$/));
    partly.committed();
    assert.deepEqual([outcome.problem, partly.waiting], [undefined, 0], 'done without the refused element');
  });

  test('a failed commit writes the record again at its own n; restored records take new slots', () => {
    const api = lmsWith(0);
    const recorder = new InteractionRecorder(0);
    recorder.restore([record('a')]);
    recorder.flush(writeTo(api));
    recorder.commitFailed();
    const elements = [];
    recorder.flush((element, value) => {
      elements.push(element);
      return writeTo(api)(element, value);
    });
    assert.deepEqual(
      elements,
      ['id', 'type', 'student_response', 'result'].map((name) => `cmi.interactions.0.${name}`),
    );
    recorder.committed();
    assert.deepEqual(recorder.unsent, []);
  });
});

describe('LmsValues', () => {
  test('writes only what differs from what the LMS accepted; a failed commit sends it again', () => {
    const api = lmsWith();
    const values = new LmsValues({ 'cmi.core.lesson_status': 'incomplete' });
    const written = [];
    const write = (element, value) => {
      written.push(element);
      return writeTo(api)(element, value);
    };
    const report = (raw) => [
      ['cmi.core.lesson_status', 'incomplete'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.raw', raw],
    ];
    assert.deepEqual(values.write(write, report('10')), []);
    assert.deepEqual(written, ['cmi.core.score.min', 'cmi.core.score.raw']);
    values.commitFailed();
    values.write(write, report('10'));
    values.committed();
    values.write(write, report('20'));
    assert.deepEqual(written, [
      'cmi.core.score.min',
      'cmi.core.score.raw',
      'cmi.core.score.min',
      'cmi.core.score.raw',
      'cmi.core.score.raw',
    ]);
    assert.match(values.write(write, [['cmi.core.score.raw', 'lots']])[0], /score\.raw.*405/);
  });
});

describe('UnsentRecords', () => {
  const storage = () => {
    const items = new Map();
    const backing = {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => items.set(key, String(value)),
      removeItem: (key) => items.delete(key),
    };
    return { items, safe: new SafeStorage('attention-lab', () => backing, undefined) };
  };
  const owner = (learner, more = {}) => ({ sco: '/course/7/sco/index.html', lesson: 'why-sqrt-dk', learner, ...more });
  const kept = { suspend: '{"v":2,"q":{}}', interactions: [[['id', 'std-at-512']]] };

  test('kept for its learner, lesson and package only', () => {
    const { safe } = storage();
    new UnsentRecords(safe, owner('alice')).write(kept);
    assert.deepEqual(new UnsentRecords(safe, owner('alice')).read(), kept);
    assert.equal(new UnsentRecords(safe, owner('bob')).read(), undefined);
    assert.equal(new UnsentRecords(safe, owner('alice', { lesson: 'another' })).read(), undefined);
    assert.equal(new UnsentRecords(safe, owner('alice', { sco: '/course/8/sco/index.html' })).read(), undefined);
    new UnsentRecords(safe, owner('alice')).clear();
    assert.equal(new UnsentRecords(safe, owner('alice')).read(), undefined);
  });

  test('a learner the LMS does not name: nothing is kept', () => {
    const { items, safe } = storage();
    const nobody = new UnsentRecords(safe, owner(''));
    nobody.write(kept);
    assert.deepEqual([nobody.keeps, nobody.read(), items.size], [false, undefined, 0]);
  });

  test('a record under a learner’s key that names someone else, or is damaged, is not read', () => {
    const { items, safe } = storage();
    const alice = new UnsentRecords(safe, owner('alice'));
    alice.write(kept);
    const [key] = items.keys();
    items.set(key, items.get(key).replace('"alice"', '"bob"'));
    assert.equal(alice.read(), undefined);
    items.set(key, '{oops');
    assert.equal(alice.read(), undefined);
    assert.throws(() => new UnsentRecords(safe, { sco: '/', lesson: 'x' }), { name: 'TypeError', message: /learner/ });
  });
});
