// Numbers a view asks the core for at every step although they depend on little or nothing that a slider moves:
// asked once per core and kept, so a step asks only for what changed. Same core calls, so the same numbers.
import type { Core, SurvivalThresholds } from '../core/types.js';

interface Known {
  thresholds?: SurvivalThresholds;
  maxEntropy: Map<number, number>;
}

const known = new WeakMap<Core, Known>();

function of(core: Core): Known {
  let entry = known.get(core);
  if (!entry) known.set(core, (entry = { maxEntropy: new Map() }));
  return entry;
}

/** The core's band edges of gradient survival (fixed). */
export function survivalThresholdsOf(core: Core): SurvivalThresholds {
  const entry = of(core);
  return (entry.thresholds ??= core.survivalThresholds());
}

/** The entropy of n equal weights, the most n keys can have, as the core computes it. */
export function maxEntropyOf(core: Core, keys: number): number {
  const { maxEntropy } = of(core);
  let entropy = maxEntropy.get(keys);
  if (entropy === undefined) maxEntropy.set(keys, (entropy = core.softmaxStats(new Float64Array(keys)).entropy));
  return entropy;
}
