// dotProductExperiment's JS layer over either module that answers it: the full core and the first figure's small one.
import type { RawAttentionCore } from '../../generated/wasm/attention_core.mjs';
import { requireBoolean, requireName, requireNumber, requireOptions } from './checks.js';
import { orThrow } from './or-throw.js';
import { toRawScale } from './scales.js';
import type { Core } from './types.js';

export function dotProductExperimentOf(
  raw: Pick<RawAttentionCore, 'dotProductExperiment'>,
): Core['dotProductExperiment'] {
  return (request) => {
    const fn = 'dotProductExperiment';
    const {
      dk,
      count,
      seed,
      scale = 'none',
      method = 'fast',
      bins = 60,
      samples = true,
    } = requireOptions(fn, request, true);
    const e = orThrow(
      raw.dotProductExperiment(
        requireNumber(fn, 'dk', dk),
        requireNumber(fn, 'count', count),
        requireNumber(fn, 'seed', seed),
        ...toRawScale(fn, scale),
        requireName<'fast' | 'direct'>(fn, 'method', method),
        requireNumber(fn, 'bins', bins),
        requireBoolean(fn, 'samples', samples),
      ),
    );
    return {
      samples: e.samples,
      mean: e.mean,
      variance: e.variance,
      std: e.std,
      standardErrors: { mean: e.meanStandardError, variance: e.varianceStandardError, std: e.stdStandardError },
      theory: { variance: e.theoryVariance, std: e.theoryStd },
      histogram: e.histogram,
      densityCounts: e.densityCounts,
    };
  };
}
