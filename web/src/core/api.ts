// Turns the raw Embind module into the idiomatic Core: options objects, typed arrays, checked arguments.
import type { RawAttentionCore } from '../../generated/wasm/attention_core.mjs';
import { requireFloat64Array, requireNumber, requireOptions } from './checks.js';
import type { Core, QueryScoresRequest, SoftmaxOptions } from './types.js';

export function wrapCore(raw: RawAttentionCore): Core {
  return {
    softmax(scores: Float64Array, options?: SoftmaxOptions): Float64Array {
      const { temperature = 1 } = requireOptions('softmax', options);
      requireFloat64Array('softmax', 'scores', scores);
      return raw.softmax(scores, requireNumber('softmax', 'temperature', temperature));
    },
    sampleQueryScores(request: QueryScoresRequest): Float64Array {
      const { dk, keyCount, seed } = requireOptions('sampleQueryScores', request);
      return raw.sampleQueryScores(
        requireNumber('sampleQueryScores', 'dk', dk),
        requireNumber('sampleQueryScores', 'keyCount', keyCount),
        requireNumber('sampleQueryScores', 'seed', seed),
      );
    },
  };
}
