// The charts' own linear scale against d3-scale's scaleLinear, which it replaces on the first figure's path: the
// same positions, ticks and nice() domains, so no axis of any figure moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scaleLinear } from 'd3-scale';
import { linearScale } from '../../dist/lib/src/charts/linear-scale.js';

// Domains as the figures have them (counts from 0, scores around 0, tiny spreads, huge ones) and reversed ones.
const domains = [
  [0, 1],
  [0, 97.65],
  [0, 1234.5],
  [-3.7, 3.7],
  [-0.0042, 0.0117],
  [1e-7, 3e-7],
  [2, 65504],
  [-51.2, 18.9],
  [10, 0],
  [0.3, -0.2],
  [5, 5],
  [0, 1e12],
];
const counts = [1, 2, 4, 5, 7, 10];

test('linearScale maps, ticks and nices every domain as d3-scale does', () => {
  for (const domain of domains) {
    const ours = linearScale(domain, [260, 0]);
    const d3 = scaleLinear().domain(domain).range([260, 0]);
    for (const value of [...domain, (domain[0] + domain[1]) / 2, domain[0] * 1.5 + 1]) {
      assert.ok(Math.abs(ours(value) - d3(value)) <= 1e-9 * Math.max(1, Math.abs(d3(value))), `${domain} at ${value}`);
    }
    for (const count of counts) {
      assert.deepEqual(ours.ticks(count), d3.ticks(count), `ticks(${count}) of ${domain}`);
      assert.deepEqual([...ours.nice(count).domain], d3.copy().nice(count).domain(), `nice(${count}) of ${domain}`);
    }
    assert.deepEqual(ours.ticks(), d3.ticks(), `default ticks of ${domain}`);
    assert.deepEqual(ours.nice().ticks(4), d3.copy().nice().ticks(4), `ticks(4) after nice() of ${domain}`);
  }
});

test('random domains give d3-scale ticks and nice domains', () => {
  let state = 12345;
  // A small deterministic generator: the failing domain is reproducible from the message.
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 2000; i++) {
    const scale = 10 ** Math.floor(next() * 16 - 8);
    const domain = [(next() - 0.5) * scale, (next() + 0.01) * scale * 3];
    const count = 1 + Math.floor(next() * 9);
    const d3 = scaleLinear().domain(domain).range([0, 640]);
    assert.deepEqual(linearScale(domain, [0, 640]).ticks(count), d3.ticks(count), `ticks(${count}) of ${domain}`);
    assert.deepEqual([...linearScale(domain, [0, 640]).nice(count).domain], d3.nice(count).domain(), `${domain}`);
  }
});

test('linearScale names itself and the bad argument', () => {
  assert.throws(() => linearScale([0], [0, 1]), /linearScale: domain must be \[low, high\]/);
  assert.throws(() => linearScale([0, 1], 'wide'), /linearScale: range must be \[start, end\]/);
});
