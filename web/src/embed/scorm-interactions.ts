// Every counted attempt as a SCORM 1.2 interaction (cmi.interactions.n.*), queued until the LMS has taken and committed
// all of it: a refused value or commit leaves the record queued, and the next report writes it again at the same n. An
// LMS that keeps no interactions (SCORM 1.2 makes them optional) is asked once; the answers stay in suspend data.
import type { CompiledPrediction, PredictionRecord } from '../predict/types.js';
import type { AnsweredAttempt, ChoiceOption } from '../quiz/index.js';

/** CMIIdentifier and CMIFeedback (student_response, pattern) hold at most 255 characters in SCORM 1.2. */
export const scormTextLimit = 255;

const two = (n: number) => String(Math.floor(n)).padStart(2, '0');

/** CMITimespan, HHHH:MM:SS.SS (hours take at least two digits, at most four). */
export function scormTimespan(ms: number): string {
  if (typeof ms !== 'number' || Number.isNaN(ms)) throw new TypeError(`scormTimespan: ms must be a number, got ${ms}`);
  const seconds = Math.min(Math.max(0, ms) / 1000, 9999 * 3600 + 3599.99);
  return `${two(seconds / 3600)}:${two((seconds / 60) % 60)}:${two(seconds % 60)}.${two((seconds * 100) % 100)}`;
}

/** CMITime, HH:MM:SS on the learner's clock. */
export function scormTime(at: Date): string {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new TypeError('scormTime: at must be a valid Date');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** The interaction id: question id, then the variant key, in the characters a CMIIdentifier allows. */
export function interactionId(questionId: string, variantKey: string): string {
  if (typeof questionId !== 'string' || questionId === '')
    throw new TypeError(`interactionId: questionId must be a non-empty string, got ${JSON.stringify(questionId)}`);
  if (typeof variantKey !== 'string') throw new TypeError('interactionId: variantKey must be a string');
  const legal = (text: string) => text.replace(/=/g, '-').replace(/[^A-Za-z0-9_.-]/g, '_');
  return (variantKey ? `${legal(questionId)}.${legal(variantKey)}` : legal(questionId)).slice(0, scormTextLimit);
}

// SCORM 1.2 choice responses are single characters: options are lettered a, b, c … in the lesson's order.
const letter = (index: number) => (index < 26 ? String.fromCharCode(97 + index) : String(index));

/**
 * The cmi.interactions.n.* elements (after the n) and values for one attempt, in the order an LMS wants them. A numeric
 * answer is recorded as typed ("sqrt(512)"), so its type is fill-in: SCORM 1.2 allows only a plain decimal in a numeric
 * interaction's student_response. The pattern is the answer the lesson checks against, within its tolerance.
 */
export function interactionElements(attempt: AnsweredAttempt): Array<[string, string]> {
  const { question, grade, variant } = attempt;
  if (grade.status === 'unreadable') throw new RangeError('interactionElements: an unreadable answer is no attempt');
  const cap = (text: string) => text.slice(0, scormTextLimit);
  let response: string;
  let pattern: string;
  if (question.kind === 'numeric') {
    response = attempt.answerText.trim();
    pattern = String(question.answer);
  } else {
    const chosen = new Set(attempt.answerText.split(','));
    const letters = (keep: (option: ChoiceOption) => boolean) =>
      question.options.flatMap((option, index) => (keep(option) ? [letter(index)] : [])).join(',');
    response = letters((option) => chosen.has(option.id));
    pattern = letters((option) => option.correct);
  }
  return [
    ['id', interactionId(question.id, variant.key)],
    ['type', question.kind === 'numeric' ? 'fill-in' : 'choice'],
    ['student_response', cap(response)],
    ['correct_responses.0.pattern', cap(pattern)],
    ['result', grade.status === 'correct' ? 'correct' : 'wrong'],
    ['weighting', '1'],
    ['latency', scormTimespan(attempt.latencyMs)],
    ['time', scormTime(attempt.at)],
  ];
}

/**
 * A predict-first moment as an interaction, id `predict.<widget id>`, weighting 0: it is never part of the score. A
 * marker's guess is `numeric` (a plain decimal); an option picked, or a skip, is `performance` (free text: the option's
 * id, or "skipped"). The pattern is what the widget showed; the result says whether the guess was close to it
 * (`correct`/`wrong`), or `neutral` for a skip.
 */
export function predictionElements(
  widget: string,
  prediction: Pick<CompiledPrediction, 'kind'>,
  record: PredictionRecord,
): Array<[string, string]> {
  const cap = (text: string) => text.slice(0, scormTextLimit);
  const numeric = prediction.kind === 'marker' && typeof record.guess === 'number';
  const elements: Array<[string, string]> = [
    ['id', interactionId('predict', widget)],
    ['type', numeric ? 'numeric' : 'performance'],
    ['student_response', cap(record.guess === null ? 'skipped' : String(record.guess))],
  ];
  if (record.result !== null) elements.push(['correct_responses.0.pattern', cap(String(record.result))]);
  const result = record.guess === null || record.close === null ? 'neutral' : record.close ? 'correct' : 'wrong';
  elements.push(['result', result], ['weighting', '0'], ['time', scormTime(new Date(record.at))]);
  return elements;
}

/** Writes one element to the LMS and says how it went (see lms-calls.ts). */
export type LmsWrite = (element: string, value: string) => { ok: boolean; problem: string; code: string };

// On an interaction's id these codes mean the LMS keeps no interactions (not implemented, a keyword, read only); on
// another element, that it will never take that one (or its value's type): neither is written again.
const noInteractions = new Set(['401', '402', '403']);
const neverTaken = new Set(['401', '402', '403', '405']);

export interface FlushOutcome {
  /** Whether anything was written, so a commit is due. */
  wrote: boolean;
  /** A refusal worth trying again at the next report, in the LMS's words. */
  problem?: string;
}

interface QueuedRecord {
  elements: Array<[string, string]>;
  /** The interaction's n once the LMS accepted its id. */
  n?: number;
  /** Elements the LMS has not taken since the last commit that failed. */
  left: string[];
  /** Elements the LMS said it will never take. */
  refused: string[];
}

export class InteractionRecorder {
  private readonly queued: QueuedRecord[] = [];
  /** The LMS's words when it said it keeps no interactions; from then on none is written. */
  unsupported = '';

  /**
   * `next` is where recording starts (checked against the LMS's _count on resume); when the LMS refuses that slot,
   * `otherSlots(refused)` names the slots to try instead, in order.
   */
  constructor(
    private next: number,
    private readonly otherSlots: (refused: number) => number[] = () => [],
  ) {
    if (!Number.isSafeInteger(next) || next < 0)
      throw new RangeError(`InteractionRecorder: next must be a whole number ≥ 0, got ${String(next)}`);
  }

  get waiting(): number {
    return this.queued.length;
  }

  /** The slot after the last one this SCO filled: its own count of interactions, kept in suspend data. */
  get filled(): number {
    return this.next;
  }

  /** Records not yet committed, for keeping in the browser until a later visit. */
  get unsent(): Array<Array<[string, string]>> {
    return this.queued.map((record) => record.elements);
  }

  record(attempt: AnsweredAttempt): void {
    this.add(interactionElements(attempt));
  }

  /** A prediction, reported like an answer but weighted 0 (predictionElements). */
  recordPrediction(widget: string, prediction: Pick<CompiledPrediction, 'kind'>, record: PredictionRecord): void {
    this.add(predictionElements(widget, prediction, record));
  }

  /** Records kept from an earlier visit: written as new ones, since whether the LMS kept their slots is unknown. */
  restore(records: Array<Array<[string, string]>>): void {
    for (const elements of records) this.add(elements);
  }

  private add(elements: Array<[string, string]>): void {
    if (this.unsupported) return; // the LMS keeps none: the answer log in suspend data has it
    this.queued.push({ elements, left: elements.map(([name]) => name), refused: [] });
  }

  /** Writes what the LMS has not taken of every queued record; call `committed()` or `commitFailed()` after. */
  flush(write: LmsWrite): FlushOutcome {
    const outcome: FlushOutcome = { wrote: false };
    for (const record of this.queued) {
      if (record.n === undefined && !this.claim(record, write, outcome)) break; // no slot: later ones wait
      for (const [name, value] of record.elements) {
        if (!record.left.includes(name)) continue;
        const answer = write(`cmi.interactions.${String(record.n)}.${name}`, value);
        if (answer.ok || neverTaken.has(answer.code)) record.left = record.left.filter((left) => left !== name);
        if (answer.ok) outcome.wrote = true;
        else if (neverTaken.has(answer.code)) record.refused.push(name);
        else outcome.problem ??= answer.problem;
      }
    }
    if (this.unsupported) this.queued.length = 0;
    return outcome;
  }

  // A new record takes the next slot, or another the caller names when the LMS refuses that one.
  private claim(record: QueuedRecord, write: LmsWrite, outcome: FlushOutcome): boolean {
    const [, id] = record.elements[0] ?? ['id', ''];
    const first = write(`cmi.interactions.${this.next}.id`, id);
    if (!first.ok && noInteractions.has(first.code)) {
      this.unsupported = first.problem;
      return false;
    }
    let slot = first.ok ? this.next : undefined;
    for (const other of first.ok ? [] : this.otherSlots(this.next)) {
      if (other === this.next || !Number.isSafeInteger(other) || other < 0) continue;
      if (write(`cmi.interactions.${other}.id`, id).ok) {
        slot = other;
        break;
      }
    }
    if (slot === undefined) {
      outcome.problem ??= first.problem;
      return false;
    }
    record.n = slot;
    record.left = record.left.filter((name) => name !== 'id');
    this.next = slot + 1;
    outcome.wrote = true;
    return true;
  }

  /** The LMS committed: records it took in full are done. */
  committed(): void {
    const done = this.queued.filter((record) => record.n !== undefined && record.left.length === 0);
    for (const record of done) this.queued.splice(this.queued.indexOf(record), 1);
  }

  /** The commit failed: what was written since may be lost, so it is written again, at the same n. */
  commitFailed(): void {
    for (const record of this.queued)
      if (record.n !== undefined)
        record.left = record.elements.map(([name]) => name).filter((name) => !record.refused.includes(name));
  }
}
