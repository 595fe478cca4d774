// variant=learner without an LMS: the seed kept in this browser, and what happens when storage is blocked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { learnerSeed, seedNotices } from '../../dist/lib/src/embed/learner-seed.js';
import { SafeStorage } from '../../dist/lib/src/lesson/safe-storage.js';

// A Storage that works, as localStorage does.
function workingStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}

test('made once, then kept: the same learner gets the same seed on every visit', () => {
  const backing = workingStorage();
  const first = learnerSeed(new SafeStorage('attention-lab', () => backing, undefined));
  assert.match(first.seed, /^[0-9a-f]{32}$/);
  assert.equal(first.notice, undefined);
  assert.equal(backing.items.get('attention-lab:variant-seed'), first.seed);
  assert.deepEqual(learnerSeed(new SafeStorage('attention-lab', () => backing, undefined)), first);
});

test('a damaged seed is replaced, not used', () => {
  const backing = workingStorage();
  backing.setItem('attention-lab:variant-seed', '<script>');
  const { seed } = learnerSeed(new SafeStorage('attention-lab', () => backing, undefined));
  assert.match(seed, /^[0-9a-f]{32}$/);
});

const blocked = () => {
  throw new Error('The user has blocked site data.');
};

test('all storage refused: a seed for this page only, and a notice that says a reload may change the numbers', () => {
  const storage = new SafeStorage('attention-lab', blocked, undefined, blocked);
  assert.equal(storage.lifetime, 'page');
  const first = learnerSeed(storage);
  assert.equal(first.notice, seedNotices.page);
  assert.match(first.notice, /reload/);
  assert.equal(learnerSeed(storage).seed, first.seed, 'stable within the page');
  // A reload is a new SafeStorage over nothing: another seed, as the notice warned.
  assert.notEqual(learnerSeed(new SafeStorage('attention-lab', blocked, undefined, blocked)).seed, first.seed);
  assert.throws(() => learnerSeed(null), { name: 'TypeError', message: /learnerSeed: storage/ });
});

test('localStorage refused, sessionStorage kept: the seed survives a reload of the tab, and the notice says so', () => {
  const tab = workingStorage();
  const storage = new SafeStorage('attention-lab', blocked, undefined, () => tab);
  assert.equal(storage.lifetime, 'tab');
  const first = learnerSeed(storage);
  assert.equal(first.notice, seedNotices.tab);
  assert.doesNotMatch(first.notice, /reload/);
  assert.deepEqual(learnerSeed(new SafeStorage('attention-lab', blocked, undefined, () => tab)), first);
  const otherTab = learnerSeed(new SafeStorage('attention-lab', blocked, undefined, () => workingStorage()));
  assert.notEqual(otherTab.seed, first.seed, 'a new tab has its own session storage');
});
