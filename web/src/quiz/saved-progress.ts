// Progress as saved in the browser (version 2): every answer is stamped, so two tabs merge question by question with
// the newest answer winning, and a reset is kept as a time before which no answer counts. Version 1 is still read.
import { mergePredictions, readPredictions } from '../predict/records.js';
import type { PredictionRecords } from '../predict/types.js';
import { splitQuizProgress, type QuestionProgress, type QuizProgress } from './attempts.js';

export const savedProgressVersion = 2;

export interface SavedProgress {
  answers: QuizProgress;
  /** When each answer was given (ms since 1970 on a clock that never goes back); version 1 answers count as 0. */
  stamps: Record<string, number>;
  /** Answers stamped before this were erased by "Reset my progress"; 0 when never reset. */
  resetAt: number;
  /** Predict-first moments by widget id, each stamped by its own `at`. */
  predictions?: PredictionRecords;
}

export interface ReadProgress {
  saved: SavedProgress;
  /** The saved entries that could not be read, as they were, by question id. */
  setAside: Record<string, unknown>;
  /** The text as a whole could not be read (not JSON, an unknown version, no answers). */
  unreadable: boolean;
}

// defineProperty, so a question id such as "__proto__" stays an ordinary entry.
const put = <T>(into: Record<string, T>, id: string, value: T) =>
  Object.defineProperty(into, id, { value, enumerable: true, writable: true, configurable: true });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStamp = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export const emptySavedProgress = (): SavedProgress => ({ answers: {}, stamps: {}, resetAt: 0 });

/** Reads saved text; never throws on what storage holds, and keeps every entry that is valid. */
export function readSavedProgress(text: string): ReadProgress {
  if (typeof text !== 'string') throw new TypeError(`readSavedProgress: text must be a string, got ${typeof text}`);
  const unreadable = { saved: emptySavedProgress(), setAside: {}, unreadable: true };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return unreadable;
  }
  if (!isRecord(data) || (data.version !== 1 && data.version !== 2) || !isRecord(data.answers)) return unreadable;
  const entries: Record<string, unknown> = {};
  const stamps: Record<string, number> = {};
  for (const [id, entry] of Object.entries(data.answers)) {
    const stamped = data.version === 2 && isRecord(entry) && isStamp(entry.at);
    if (stamped) {
      const { at, ...rest } = entry;
      put(entries, id, rest);
      put(stamps, id, at as number);
    } else {
      put(entries, id, entry);
      put(stamps, id, 0);
    }
  }
  const { kept, setAside } = splitQuizProgress(entries);
  const original: Record<string, unknown> = {};
  for (const id of Object.keys(setAside)) {
    put(original, id, data.answers[id]);
    delete stamps[id];
  }
  const resetAt = data.version === 2 && isStamp(data.resetAt) ? data.resetAt : 0;
  const predictions = readPredictions(data.predictions);
  const saved: SavedProgress = { answers: kept, stamps, resetAt };
  if (Object.keys(predictions).length) saved.predictions = predictions;
  return { saved, setAside: original, unreadable: false };
}

export function writeSavedProgress(saved: SavedProgress): string {
  const answers: Record<string, QuestionProgress & { at: number }> = {};
  for (const [id, entry] of Object.entries(saved.answers)) put(answers, id, { ...entry, at: saved.stamps[id] ?? 0 });
  const { predictions = {} } = saved;
  const text = { version: savedProgressVersion, resetAt: saved.resetAt, answers };
  return JSON.stringify(Object.keys(predictions).length ? { ...text, predictions } : text);
}

/** Question by question the newer answer wins (mine on a tie); the later reset erases what came before it. */
export function mergeSavedProgress(mine: SavedProgress, theirs: SavedProgress): SavedProgress {
  const resetAt = Math.max(mine.resetAt, theirs.resetAt);
  const merged = { answers: {} as QuizProgress, stamps: {} as Record<string, number>, resetAt };
  const stampOf = (side: SavedProgress, id: string) => (Object.hasOwn(side.answers, id) ? (side.stamps[id] ?? 0) : -1);
  for (const id of new Set([...Object.keys(mine.answers), ...Object.keys(theirs.answers)])) {
    const [own, other] = [stampOf(mine, id), stampOf(theirs, id)];
    const [side, stamp] = own >= other ? [mine, own] : [theirs, other];
    if (stamp < resetAt) continue;
    put(merged.answers, id, side.answers[id] as QuestionProgress);
    put(merged.stamps, id, stamp);
  }
  const predictions = mergePredictions(mine.predictions ?? {}, theirs.predictions ?? {}, resetAt);
  return Object.keys(predictions).length ? { ...merged, predictions } : merged;
}

/** The latest time anything in the saved progress happened: a tab's clock must move past it. */
export function latestStamp(saved: SavedProgress): number {
  const predicted = Object.values(saved.predictions ?? {}).map((record) => record.at);
  return Math.max(saved.resetAt, ...Object.values(saved.stamps), ...predicted);
}
