// Equations that scroll sideways are all measured before any is marked: a mark between two measurements would make
// the browser lay the whole lesson out again for the next one, once per equation, while a learner moves a slider.
// Those in sections the browser has not laid out (far from the screen) are not measured: that would lay them out.
import assert from 'node:assert/strict';
import { test } from 'node:test';

/** Stands in for the DOM's element: it logs each layout read and each write, in order. */
class FakeElement {
  static log = [];
  attributes = new Map();
  dataset = {};
  constructor(name, scrollWidth, clientWidth, laidOut = true) {
    this.name = name;
    this.widths = { scrollWidth, clientWidth };
    this.laidOut = laidOut;
  }
  checkVisibility({ contentVisibilityAuto }) {
    return !contentVisibilityAuto || this.laidOut;
  }
  read(what) {
    FakeElement.log.push(`read ${this.name}`);
    return what === 'scrollLeft' ? 0 : this.widths[what];
  }
  get scrollWidth() {
    return this.read('scrollWidth');
  }
  get clientWidth() {
    return this.read('clientWidth');
  }
  get scrollLeft() {
    return this.read('scrollLeft');
  }
  set tabIndex(value) {
    this.setAttribute('tabindex', String(value));
  }
  setAttribute(name, value) {
    FakeElement.log.push(`write ${this.name}`);
    this.attributes.set(name, value);
  }
  removeAttribute(name) {
    FakeElement.log.push(`write ${this.name}`);
    this.attributes.delete(name);
  }
  matches(selector) {
    return this.name === 'root' ? false : selector.includes('.math-display');
  }
  addEventListener() {}
}
globalThis.HTMLElement = FakeElement;
globalThis.document = {}; // no web fonts here, so no second measurement when they arrive
const { keepOverflowFocusable } = await import('../../dist/lib/src/lesson/scroll-regions.js');
const { loadCatalog } = await import('../../dist/lib/src/i18n/messages.js');
await loadCatalog('en');

test('every laid-out region is measured before any is marked, and the marks match the measurements', () => {
  const wide = new FakeElement('wide', 900, 300);
  const narrow = new FakeElement('narrow', 300, 300);
  const far = new FakeElement('far', 900, 300, false);
  const root = new FakeElement('root', 0, 0);
  root.querySelectorAll = () => [wide, far, narrow, new FakeElement('other', 500, 200)];
  FakeElement.log = [];
  keepOverflowFocusable(root);

  const firstWrite = FakeElement.log.findIndex((entry) => entry.startsWith('write'));
  assert.ok(firstWrite > 0, 'something was written');
  assert.deepEqual(
    FakeElement.log.slice(firstWrite).filter((entry) => entry.startsWith('read')),
    [],
    `no layout read after the first write: ${FakeElement.log.join(', ')}`,
  );
  assert.equal(wide.attributes.get('role'), 'region');
  assert.equal(wide.attributes.get('tabindex'), '0');
  assert.match(wide.attributes.get('aria-label'), /scrolls sideways/);
  assert.equal(wide.dataset.overflow, 'right');
  assert.equal(narrow.attributes.has('role'), false);
  assert.equal(narrow.dataset.overflow, undefined);
  assert.ok(!FakeElement.log.some((entry) => entry.endsWith(' far')), 'a region with no layout is left alone');
});
