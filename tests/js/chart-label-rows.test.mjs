// Labels of vertical lines never overlap: close lines (a guess beside ±2σ) put theirs on other sides or rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeLineLabels } from '../../dist/lib/src/charts/label-rows.js';

const boxes = (labels, placed) =>
  placed.map(({ anchor, x, row }, i) => ({
    left: anchor === 'start' ? x : x - labels[i].width,
    right: anchor === 'start' ? x + labels[i].width : x,
    row,
  }));
const overlapping = (a, b) => a.row === b.row && a.left < b.right && b.left < a.right;

test('one label keeps its usual place: right of a line on the left, left of a line on the right', () => {
  assert.deepEqual(placeLineLabels([{ at: 100, width: 80 }], 500), [{ anchor: 'start', x: 105, row: 0 }]);
  assert.deepEqual(placeLineLabels([{ at: 450, width: 80 }], 500), [{ anchor: 'end', x: 445, row: 0 }]);
});

test('labels far apart share the top row', () => {
  const placed = placeLineLabels(
    [
      { at: 400, width: 90 },
      { at: 60, width: 90 },
    ],
    500,
  );
  assert.deepEqual(
    placed.map((p) => p.row),
    [0, 0],
  );
});

test('labels of close lines never overlap, wherever the two lines are', () => {
  for (const plot of [260, 574])
    for (let first = 0; first <= plot; first += 7)
      for (let second = 0; second <= plot; second += 11) {
        const labels = [
          { at: first, width: 92 },
          { at: second, width: 96 },
        ];
        const [a, b] = boxes(labels, placeLineLabels(labels, plot));
        assert.ok(!overlapping(a, b), `lines at ${first} and ${second} of ${plot}: ${JSON.stringify([a, b])}`);
      }
});

test('a label flips to the free side of its line before it takes a lower row', () => {
  // ±2σ at 470 of 574 sits left of its line; a guess at 330 fits on its own left, clear of it.
  const labels = [
    { at: 470, width: 90 },
    { at: 330, width: 100 },
  ];
  const placed = placeLineLabels(labels, 574);
  assert.deepEqual(placed[1], { anchor: 'end', x: 325, row: 0 });
});
