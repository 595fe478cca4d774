// cmi.suspend_data for SCORM 1.2: the learner's progress as compact JSON within 4096 characters, so a learner resumes
// in the LMS where they left off: verdicts, partial credit, the variant each question is on and the answer log. An
// entry that cannot be read is set aside and written back as it was; so is text that cannot be read at all. Version 1
// (no log, no count) is still read. The format is described in docs/results-record.md.
import {
  isQuizProgress,
  splitQuizProgress,
  type GradeStatus,
  type QuestionProgress,
  type QuizProgress,
} from '../quiz/index.js';
import { readPredictions } from '../predict/records.js';
import type { PredictionRecords } from '../predict/types.js';

/** cmi.suspend_data holds at most 4096 characters in SCORM 1.2. */
export const suspendDataLimit = 4096;
export const suspendDataVersion = 2;

export interface SuspendRecord {
  progress: QuizProgress;
  /** Entries that could not be read, as they were, by question id: written back unchanged. */
  setAside: Record<string, unknown>;
  /** Suspend data that could not be read at all, written back beside the progress while it fits. */
  unreadable?: string;
  /** How many cmi.interactions slots this SCO has filled: its own count, checked against the LMS's _count. */
  interactions?: number;
  /** For variant=learner when the LMS names no learner: the seed the learner's variants come from. */
  seed?: string;
  /** Predict-first moments by widget id: kept whole, they are a few dozen characters each. */
  predictions?: PredictionRecords;
}

export interface ReadSuspendData extends SuspendRecord {
  /** 2 or 1 for our formats, 0 for empty or unreadable text. */
  version: number;
}

/** What had to be left out to fit 4096 characters, oldest detail first; verdicts never are. */
export interface Dropped {
  answerTexts: number;
  loggedAnswers: number;
  lastAnswers: number;
  setAside: number;
  unreadable: boolean;
}

const statusCodes: Record<GradeStatus, string> = { correct: 'c', incorrect: 'i', unreadable: 'u' };
// flags: the grading rule's worked-solution marks, only when set (1 shown, 3 shown and the latest answer after it).
type VariantPacked = [key: string, attempts: number, correct: 0 | 1, flags?: number];
// The variant as its index among the entry's variants (or its key), then seed, typed answer, verdict, time in seconds,
// and 1 when the answer came after the worked solution was shown.
type LogPacked = [variant: number | string, seed: number, answer: string, correct: 0 | 1, at: number, after?: 1];
type Packed = [
  attempts: number,
  correct: 0 | 1,
  status: string,
  lastAnswer: string,
  credit?: number | null,
  variant?: [key: string, seed: number] | null,
  variants?: VariantPacked[],
  log?: LogPacked[],
];
// A prediction: guess, result, close (1, 0 or null), time in s since 1970, and the seed when the widget has one.
type PredictionPacked = [
  guess: number | string | null,
  result: number | string | null,
  close: 0 | 1 | null,
  at: number,
  seed?: number,
];
interface PackedData {
  v: number;
  p?: Record<string, PredictionPacked>;
  n?: number;
  s?: string;
  q: Record<string, Packed>;
  x?: Record<string, unknown>;
  r?: string;
}

// The marks a graded context puts on a variant (its worked solution was shown; its latest answer came after that) and
// on a logged answer, packed as quiz/solution-flags.ts packs them; progress without them reads as it was.
type SolutionMarks = { solutionShown?: true; afterSolution?: true };
const packMarks = (marks: object) =>
  ((marks as SolutionMarks).solutionShown ? 1 : 0) + ((marks as SolutionMarks).afterSolution ? 2 : 0);
const unpackMarks = (flags: unknown): SolutionMarks =>
  flags === 1 ? { solutionShown: true } : flags === 3 ? { solutionShown: true, afterSolution: true } : {};

// defineProperty, so a question id such as "__proto__" stays an ordinary entry.
const put = <T>(into: Record<string, T>, id: string, value: T) =>
  Object.defineProperty(into, id, { value, enumerable: true, writable: true, configurable: true });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pack(p: QuestionProgress): Packed {
  const packed: Packed = [p.attempts, p.correct ? 1 : 0, statusCodes[p.lastStatus], p.lastAnswer];
  const credit = p.credit === undefined ? null : Number(p.credit.toFixed(4)); // partial credit survives resume
  if (credit !== null || p.variant || p.variants || p.log) packed[4] = credit;
  if (!p.variant && !p.variants && !p.log) return packed;
  packed[5] = p.variant ? [p.variant.key, p.variant.seed] : null;
  const variants = Object.entries(p.variants ?? {});
  packed[6] = variants.map(([key, v]): VariantPacked => {
    const flags = packMarks(v);
    return flags ? [key, v.attempts, v.correct ? 1 : 0, flags] : [key, v.attempts, v.correct ? 1 : 0];
  });
  if (p.log?.length) {
    const keys = variants.map(([key]) => key);
    packed[7] = p.log.map((a): LogPacked => {
      const index = keys.indexOf(a.key);
      const logged: LogPacked = [
        index >= 0 ? index : a.key,
        a.seed,
        a.answer,
        a.correct ? 1 : 0,
        Math.round(a.at / 1000),
      ];
      if (packMarks(a) & 2) logged.push(1);
      return logged;
    });
  }
  return packed;
}

const statusOf = (code: unknown) =>
  (Object.entries(statusCodes).find(([, c]) => c === code)?.[0] ?? 'bad status') as GradeStatus;

// Builds the entry the packed array describes; a malformed one gives a value isQuizProgress refuses, never a throw.
function unpack(p: unknown): unknown {
  if (!Array.isArray(p) || p.length < 4 || p.length > 8) return undefined;
  const entry: Record<string, unknown> = { attempts: p[0], correct: p[1] === 1, lastStatus: statusOf(p[2]) };
  entry.lastAnswer = p[3];
  if (p[1] !== 0 && p[1] !== 1) return undefined;
  if (p[4] !== undefined && p[4] !== null) entry.credit = p[4];
  if (p[5] !== undefined && p[5] !== null) {
    if (!Array.isArray(p[5]) || p[5].length !== 2) return undefined;
    entry.variant = { key: p[5][0], seed: p[5][1] };
  }
  const keys: unknown[] = [];
  if (p[6] !== undefined) {
    if (!Array.isArray(p[6])) return undefined;
    const variants: Record<string, unknown> = {};
    for (const v of p[6] as unknown[]) {
      if (!Array.isArray(v) || v.length < 3 || v.length > 4 || typeof v[0] !== 'string' || (v[2] !== 0 && v[2] !== 1))
        return undefined;
      keys.push(v[0]);
      put(variants, v[0], { attempts: v[1], correct: v[2] === 1, ...unpackMarks(v[3]) });
    }
    entry.variants = variants;
  }
  if (p[7] !== undefined) {
    if (!Array.isArray(p[7])) return undefined;
    entry.log = (p[7] as unknown[]).map((a) => {
      if (!Array.isArray(a) || a.length < 5 || a.length > 6 || (a[3] !== 0 && a[3] !== 1)) return undefined;
      if (a[5] !== undefined && a[5] !== 1) return undefined;
      const key = typeof a[0] === 'number' ? keys[a[0]] : a[0];
      const at = typeof a[4] === 'number' ? a[4] * 1000 : a[4];
      const logged = { key, seed: a[1], answer: a[2], correct: a[3] === 1, at };
      return a[5] === 1 ? { ...logged, afterSolution: true } : logged;
    });
  }
  return entry;
}

const unreadableRecord = (text: string): ReadSuspendData => ({
  progress: {},
  setAside: {},
  unreadable: text,
  version: 0,
});

/** Reads suspend data entry by entry: every valid entry is kept, the rest set aside as it was. Never throws on text. */
export function readSuspendData(text: string): ReadSuspendData {
  if (typeof text !== 'string') throw new TypeError(`readSuspendData: text must be a string, got ${typeof text}`);
  if (text === '') return { progress: {}, setAside: {}, version: 0 };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return unreadableRecord(text);
  }
  if (!isRecord(data) || (data.v !== 1 && data.v !== 2) || !isRecord(data.q)) return unreadableRecord(text);
  const entries: Record<string, unknown> = {};
  const packedOf: Record<string, unknown> = {};
  for (const [id, packed] of Object.entries(data.q)) {
    put(packedOf, id, packed);
    put(entries, id, data.v === 1 && Array.isArray(packed) && packed.length > 7 ? undefined : unpack(packed));
  }
  const { kept, setAside: bad } = splitQuizProgress(entries);
  const setAside: Record<string, unknown> = {};
  for (const id of Object.keys(bad)) put(setAside, id, packedOf[id]);
  const record: ReadSuspendData = { progress: kept, setAside, version: data.v };
  if (data.v === 2) {
    // Entries set aside by an earlier visit stay aside (a new answer to the question does not replace them).
    if (isRecord(data.x))
      for (const [id, raw] of Object.entries(data.x)) if (!Object.hasOwn(setAside, id)) put(setAside, id, raw);
    if (typeof data.r === 'string') record.unreadable = data.r;
    if (Number.isSafeInteger(data.n) && (data.n as number) >= 0) record.interactions = data.n as number;
    if (typeof data.s === 'string' && /^[0-9a-f]{16,64}$/.test(data.s)) record.seed = data.s;
    const predictions = readPredictions(isRecord(data.p) ? unpackPredictions(data.p) : {});
    if (Object.keys(predictions).length > 0) record.predictions = predictions;
  }
  return record;
}

function packPredictions(records: PredictionRecords): Record<string, PredictionPacked> {
  const packed: Record<string, PredictionPacked> = {};
  for (const [id, r] of Object.entries(records)) {
    const close = r.close === null ? null : r.close ? 1 : 0;
    const entry: PredictionPacked = [r.guess, r.result, close, Math.round(r.at / 1000)];
    if (r.seed !== undefined) entry.push(r.seed);
    put(packed, id, entry);
  }
  return packed;
}

// Arrays back into records; readPredictions then keeps only the ones that read as records.
function unpackPredictions(packed: Record<string, unknown>): Record<string, unknown> {
  const records: Record<string, unknown> = {};
  for (const [id, p] of Object.entries(packed)) {
    if (!Array.isArray(p) || p.length < 4 || p.length > 5) continue;
    const close = p[2] === 1 ? true : p[2] === 0 ? false : p[2] === null ? null : 'bad';
    const at = typeof p[3] === 'number' ? p[3] * 1000 : p[3];
    put(records, id, { guess: p[0], result: p[1], close, at, ...(p.length === 5 && { seed: p[4] }) });
  }
  return records;
}

type Drop = { kind: keyof Dropped; apply: (data: PackedData) => void };

// What may go, in order: typed answers in the log (oldest first), then logged answers, then each latest typed answer,
// then the unreadable text and the set-aside entries. Verdicts, variants and credit always stay.
function dropsFor(data: PackedData): Drop[] {
  const logged: Array<{ id: string; index: number; at: number }> = [];
  for (const [id, packed] of Object.entries(data.q))
    (packed[7] ?? []).forEach((entry, index) => logged.push({ id, index, at: entry[4] }));
  logged.sort((a, b) => a.at - b.at);
  const entryOf = (d: PackedData, id: string) => d.q[id] as Packed;
  return [
    ...logged.map(({ id, index }) => ({
      kind: 'answerTexts' as const,
      apply: (d: PackedData) => {
        const entry = entryOf(d, id)[7]?.[index];
        if (entry) entry[2] = '';
      },
    })),
    ...logged.map(({ id, index }) => ({
      kind: 'loggedAnswers' as const,
      apply: (d: PackedData) => {
        const log = entryOf(d, id)[7];
        if (log) log[index] = null as unknown as LogPacked; // removed when the text is made
      },
    })),
    ...Object.keys(data.q).map((id) => ({
      kind: 'lastAnswers' as const,
      apply: (d: PackedData) => {
        entryOf(d, id)[3] = '';
      },
    })),
    { kind: 'unreadable', apply: (d: PackedData) => delete d.r },
    ...Object.keys(data.x ?? {}).map((id) => ({
      kind: 'setAside' as const,
      apply: (d: PackedData) => {
        if (d.x) delete d.x[id];
      },
    })),
  ];
}

function textOf(data: PackedData): string {
  for (const packed of Object.values(data.q)) {
    const log = packed[7]?.filter((entry) => entry !== null);
    if (log === undefined) continue;
    if (log.length > 0) packed[7] = log;
    else packed.length = 7;
  }
  if (data.x && Object.keys(data.x).length === 0) delete data.x;
  return JSON.stringify(data);
}

/**
 * The record as suspend data within 4096 characters, leaving out the oldest detail first (see `Dropped`); undefined
 * only when the verdicts alone do not fit.
 */
export function writeSuspendData(record: SuspendRecord): { text: string; dropped: Dropped } | undefined {
  if (!isRecord(record) || !isRecord(record.progress) || !isRecord(record.setAside))
    throw new TypeError('writeSuspendData: record must be a SuspendRecord');
  const { progress, setAside, unreadable, interactions, seed, predictions = {} } = record;
  if (!isQuizProgress(progress)) throw new TypeError('writeSuspendData: progress must be a QuizProgress');
  if (interactions !== undefined && !(Number.isSafeInteger(interactions) && interactions >= 0))
    throw new RangeError(`writeSuspendData: interactions must be a whole number ≥ 0, got ${String(interactions)}`);
  const data: PackedData = { v: suspendDataVersion, q: {} };
  if (interactions !== undefined) data.n = interactions;
  if (seed !== undefined) data.s = seed;
  if (Object.keys(predictions).length > 0) data.p = packPredictions(predictions);
  for (const [id, entry] of Object.entries(progress)) put(data.q, id, pack(entry));
  if (Object.keys(setAside).length > 0) data.x = { ...setAside };
  if (unreadable !== undefined) data.r = unreadable;
  const drops = dropsFor(data);
  const attempt = (count: number) => {
    const copy = JSON.parse(JSON.stringify(data)) as PackedData;
    drops.slice(0, count).forEach((drop) => drop.apply(copy));
    return textOf(copy);
  };
  // The text only shrinks as more is left out: find the fewest drops that fit.
  let [low, high] = [0, drops.length];
  if (attempt(high).length > suspendDataLimit) return undefined;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (attempt(middle).length <= suspendDataLimit) high = middle;
    else low = middle + 1;
  }
  const dropped: Dropped = { answerTexts: 0, loggedAnswers: 0, lastAnswers: 0, setAside: 0, unreadable: false };
  for (const { kind } of drops.slice(0, low)) {
    if (kind === 'unreadable') dropped.unreadable = true;
    else dropped[kind] += 1;
  }
  return { text: attempt(low), dropped };
}

/** The progress as suspend data (what leaves nothing aside), or undefined when even its verdicts do not fit. */
export function encodeSuspendData(progress: QuizProgress): string | undefined {
  return writeSuspendData({ progress, setAside: {} })?.text;
}

/** The progress in suspend data when every entry reads; undefined when any is set aside or the text is not ours. */
export function decodeSuspendData(text: string): QuizProgress | undefined {
  const read = readSuspendData(text);
  return read.version > 0 && Object.keys(read.setAside).length === 0 ? read.progress : undefined;
}

// The latest time anything was answered in an entry (ms): an entry without a log counts as answered at 0.
const latestAnswerAt = (entry: QuestionProgress) => Math.max(0, ...(entry.log ?? []).map((answer) => answer.at));

/**
 * Two copies of a learner's progress (the LMS's and the one this browser kept, say) merged question by question: the
 * copy answered last wins, then the one with more attempts, then `theirs`. Neither side's answers are lost.
 */
export function newerProgress(mine: QuizProgress, theirs: QuizProgress): QuizProgress {
  if (!isQuizProgress(mine) || !isQuizProgress(theirs))
    throw new TypeError('newerProgress: mine and theirs must be QuizProgress');
  const merged: QuizProgress = {};
  for (const id of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const a = Object.hasOwn(mine, id) ? mine[id] : undefined;
    const b = Object.hasOwn(theirs, id) ? theirs[id] : undefined;
    const [at, bt] = [a ? latestAnswerAt(a) : -1, b ? latestAnswerAt(b) : -1];
    const newer = !a || (b && (bt > at || (bt === at && b.attempts >= a.attempts))) ? b : a;
    if (newer) put(merged, id, newer);
  }
  return merged;
}
