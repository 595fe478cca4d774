// Where answers are kept when the browser refuses localStorage: sessionStorage if it works, else the page itself; and
// the sentence the learner reads says which (tests/e2e/embed-storage.test.mjs holds the browser to it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SafeStorage, storageNotices } from '../../dist/lib/src/lesson/safe-storage.js';

function workingStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}
const refused = () => {
  throw new DOMException('The user has blocked site data.', 'SecurityError');
};

test('localStorage works: kept across visits, no notice, sessionStorage untouched', () => {
  const local = workingStorage();
  const session = workingStorage();
  const storage = new SafeStorage(
    'attention-lab',
    () => local,
    undefined,
    () => session,
  );
  storage.set('progress:x', '1');
  assert.equal(storage.lifetime, 'visits');
  assert.equal(storage.mode, 'persistent');
  assert.equal(storage.problem, '');
  assert.equal(local.items.get('attention-lab:progress:x'), '1');
  assert.equal(session.items.size, 0);
});

test('localStorage refused, sessionStorage works: kept for the tab, and the notice says until the tab closes', () => {
  const session = workingStorage();
  const storage = new SafeStorage('attention-lab', refused, undefined, () => session);
  assert.equal(storage.lifetime, 'tab');
  assert.equal(storage.mode, 'memory', 'not kept across visits');
  assert.equal(storage.problem, storageNotices.tab);
  storage.set('progress:x', '{"attempts":2}');
  assert.equal(session.items.get('attention-lab:progress:x'), '{"attempts":2}');
  // A reload of the tab is a new SafeStorage over the same sessionStorage: the answers are there.
  assert.equal(new SafeStorage('attention-lab', refused, undefined, () => session).get('progress:x'), '{"attempts":2}');
});

test('both refused (or missing): kept by the page alone, and the notice says until a reload', () => {
  for (const tab of [refused, () => undefined]) {
    const storage = new SafeStorage('attention-lab', refused, undefined, tab);
    assert.equal(storage.lifetime, 'page');
    assert.equal(storage.problem, storageNotices.page);
    storage.set('progress:x', '1');
    assert.equal(storage.get('progress:x'), '1', 'still kept for this page');
    assert.equal(new SafeStorage('attention-lab', refused, undefined, tab).get('progress:x'), null);
  }
});
