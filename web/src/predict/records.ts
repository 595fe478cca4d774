// Prediction records as progress keeps them: checked when read back (storage, suspend data), merged newest first.
import type { PredictionRecord, PredictionRecords } from './types.js';

const isGuess = (x: unknown) => x === null || typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));

export function isPredictionRecord(value: unknown): value is PredictionRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  return (
    isGuess(r.guess) &&
    isGuess(r.result) &&
    (r.close === null || typeof r.close === 'boolean') &&
    (r.seed === undefined || (Number.isSafeInteger(r.seed) && (r.seed as number) >= 0)) &&
    typeof r.at === 'number' &&
    Number.isFinite(r.at) &&
    r.at >= 0 &&
    Object.keys(r).every((key) => ['guess', 'result', 'close', 'seed', 'at'].includes(key))
  );
}

// defineProperty, so a widget id such as "__proto__" stays an ordinary entry.
const put = (into: PredictionRecords, id: string, record: PredictionRecord) =>
  Object.defineProperty(into, id, { value: record, enumerable: true, writable: true, configurable: true });

/** The readable records of `value` (anything storage held); the rest is dropped. */
export function readPredictions(value: unknown): PredictionRecords {
  const kept: PredictionRecords = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return kept;
  for (const [id, record] of Object.entries(value)) if (isPredictionRecord(record)) put(kept, id, record);
  return kept;
}

/** Widget by widget the later record wins (mine on a tie: a result added to the same guess); none before `since`. */
export function mergePredictions(mine: PredictionRecords, theirs: PredictionRecords, since = 0): PredictionRecords {
  const merged: PredictionRecords = {};
  for (const id of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const [own, other] = [
      Object.hasOwn(mine, id) ? mine[id] : undefined,
      Object.hasOwn(theirs, id) ? theirs[id] : undefined,
    ];
    const record = own && (!other || own.at >= other.at) ? own : other;
    if (record && record.at >= since) put(merged, id, record);
  }
  return merged;
}
