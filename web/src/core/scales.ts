// Scale options as JS writes them ('sqrt', 8, {cosine: 10}) turned into the raw module's (mode, τ) pairs.
import type { RawAttentionScaleMode, RawScaleMode } from '../../generated/wasm/attention_core.mjs';
import type { AttentionScale, Scale } from './types.js';

// A refused scale as the message shows it: JSON where JSON can write it ("cube", {"cosine":1}), else in words.
function shown(scale: unknown): string {
  if (typeof scale === 'bigint') return `${scale}n`;
  if (typeof scale === 'symbol') return scale.toString();
  try {
    return JSON.stringify(scale) ?? String(scale);
  } catch {
    return 'an object'; // a cycle, or a toJSON that throws
  }
}

export function toRawScale(fn: string, scale: unknown): [RawScaleMode, number] {
  if (typeof scale === 'number') return ['temperature', scale];
  if (scale === 'none' || scale === 'sqrt' || scale === 'linear') return [scale, 1];
  throw new RangeError(`${fn}: scale must be one of none, sqrt, linear or a number τ, got ${shown(scale)}`);
}

export function toRawAttentionScale(fn: string, scale: unknown): [RawAttentionScaleMode, number] {
  if (typeof scale === 'object' && scale !== null && 'cosine' in scale) {
    const temperature = (scale as { cosine: unknown }).cosine;
    if (typeof temperature !== 'number')
      throw new TypeError(`${fn}: scale.cosine must be a number (the temperature τ)`);
    return ['cosine', temperature];
  }
  if (scale === 'balanced') return ['balanced', 1];
  return toRawScale(fn, scale as Scale | AttentionScale);
}
