// The JS copies of the core's limits agree with the core itself: the edges pass, just beyond them fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { scaleTemperature } from '../../dist/lib/src/core/limits.js';

test('scale temperature limits match core/scale.hpp', async () => {
  const core = await loadCore();
  for (const tau of [scaleTemperature.min, scaleTemperature.max])
    assert.ok(core.scoreStatistics({ dk: 4, scale: tau }).divisor === tau);
  for (const tau of [scaleTemperature.min / 2, scaleTemperature.max * 2]) {
    assert.throws(() => core.scoreStatistics({ dk: 4, scale: tau }), {
      name: 'RangeError',
      message: /scale.temperature must be between 0.001 and 1e\+06/,
    });
  }
});
