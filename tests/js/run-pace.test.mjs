// Where a widget's next run goes, learnt from how long its runs took on this thread: a slow run sends costly settings
// to the worker, and fades, so that one slow first run (code still compiling, a busy machine) does not keep a figure
// off the page for good (tests/e2e/page-core.test.mjs holds the page to it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paceHalfLifeMs, RunPace } from '../../dist/lib/src/widgets/run-pace.js';

/** A clock the test moves: each run takes `took` ms of it. */
function pacedBy(thread = { slowdown: 1, measuredAt: -Infinity }) {
  const clock = { at: 0 };
  const pace = new RunPace(() => clock.at, thread);
  const run = (estimatedMs, took) =>
    pace.timed(estimatedMs, () => {
      clock.at += took;
      return 'drawn';
    });
  return { clock, pace, run };
}

test('a thread that runs at its estimates keeps every setting up to the limit on the page', () => {
  const { pace, run } = pacedBy();
  assert.equal(pace.fits(6.5), true, 'with nothing measured yet, estimates are taken as they are');
  assert.equal(pace.fits(6.6), false);
  assert.equal(run(2, 2), 'drawn', 'timed returns what the run returned');
  assert.equal(pace.fits(6.5), true);
  assert.equal(pace.fits(3, 2), false, 'a tighter limit is honoured');
});

test('a slow run sends costly settings to the worker, then fades away within seconds', () => {
  const { clock, pace, run } = pacedBy();
  run(1.3, 26); // 20× its estimate: a first run on baseline code, on a busy machine
  assert.equal(pace.fits(1.3), false, 'right after it, a 1.3 ms setting would miss the frame');
  assert.equal(pace.fits(0.3), true, 'a setting cheap enough still fits');
  clock.at += paceHalfLifeMs;
  assert.equal(pace.fits(1.3), false, 'one half-life later, still too slow');
  clock.at += 2 * paceHalfLifeMs;
  assert.equal(pace.fits(1.3), true, 'three half-lives later the page tries again');
});

test('a phone that really runs 4× slower keeps its cheap settings here and its costly ones in the worker', () => {
  const { clock, pace, run } = pacedBy();
  run(1.3, 1.3 * 4);
  run(1.3, 1.3 * 4);
  run(1.3, 1.3 * 4);
  assert.equal(pace.fits(1.3), true, '5.2 ms leaves the frame room to draw');
  assert.equal(pace.fits(2), false, '8 ms would not');
  // Measured runs keep the pace where it is; estimates too small to time teach nothing.
  for (let step = 0; step < 20; step++) {
    clock.at += 100;
    run(step % 2 ? 1.3 : 0.1, step % 2 ? 5.2 : 5);
  }
  assert.equal(pace.fits(1.3), true);
  assert.equal(pace.fits(2), false);
});

test('a run faster than its estimate lets a little more in, within bounds', () => {
  const { pace, run } = pacedBy();
  for (let i = 0; i < 10; i++) run(4, 0);
  assert.equal(pace.fits(13), true, 'at most twice the estimate is trusted');
  assert.equal(pace.fits(13.1), false);
});

test("a computation not run yet starts from the pace the thread's others measured, which fades as theirs does", () => {
  const thread = { slowdown: 1, measuredAt: -Infinity };
  const first = pacedBy(thread);
  const clock = first.clock;
  for (let i = 0; i < 4; i++) first.run(1, 8); // a phone at 8× the estimates
  const next = new RunPace(() => clock.at, thread);
  assert.equal(next.fits(1), false, 'an 8 ms run here would not leave the frame room to draw');
  assert.equal(next.fits(0.5), true, 'a 4 ms one would');
  clock.at += 4 * paceHalfLifeMs;
  assert.equal(next.fits(1), true, 'four half-lives later, its own estimates again');
  const alone = pacedBy();
  assert.equal(alone.pace.fits(6.5), true, 'a thread that measured nothing takes estimates as they are');
});
