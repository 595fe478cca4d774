// Every counted attempt as a SCORM 1.2 interaction (cmi.interactions.n.*), queued until the LMS has taken and committed
// all of it: a refused value or commit leaves the record queued, and the next report writes it again at the same n.
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

/** The cmi.interactions.n.* elements (after the n) and values for one attempt, in the order an LMS wants them. */
export function interactionElements(attempt: AnsweredAttempt): Array<[string, string]> {
  const { question, grade, variant } = attempt;
  if (grade.status === 'unreadable') throw new RangeError('interactionElements: an unreadable answer is no attempt');
  const cap = (text: string) => text.slice(0, scormTextLimit);
  let response: string;
  let pattern: string;
  if (question.kind === 'numeric') {
    response = grade.value === undefined ? attempt.answerText : String(grade.value);
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
    ['type', question.kind === 'numeric' ? 'numeric' : 'choice'],
    ['student_response', cap(response)],
    ['correct_responses.0.pattern', cap(pattern)],
    ['result', grade.status === 'correct' ? 'correct' : 'wrong'],
    ['weighting', '1'],
    ['latency', scormTimespan(attempt.latencyMs)],
    ['time', scormTime(attempt.at)],
  ];
}

interface QueuedRecord {
  elements: Array<[string, string]>;
  /** The interaction's n once the LMS accepted its id. */
  n?: number;
  /** Every value was accepted; the record leaves the queue when a commit succeeds. */
  written?: boolean;
}

export class InteractionRecorder {
  private readonly queued: QueuedRecord[] = [];

  /** `next` is where recording starts: cmi.interactions._count on resume. */
  constructor(private next: number) {
    if (!Number.isSafeInteger(next) || next < 0)
      throw new RangeError(`InteractionRecorder: next must be a whole number ≥ 0, got ${String(next)}`);
  }

  get waiting(): number {
    return this.queued.length;
  }

  record(attempt: AnsweredAttempt): void {
    this.queued.push({ elements: interactionElements(attempt) });
  }

  /** Writes every queued record with `set`; call `committed()` once LMSCommit succeeds. */
  flush(set: (element: string, value: string) => boolean): void {
    for (const record of [...this.queued]) {
      const n = record.n ?? this.next;
      const [first, ...rest] = record.elements;
      if (!first || !set(`cmi.interactions.${n}.${first[0]}`, first[1])) return; // no slot yet: later ones wait
      if (record.n === undefined) {
        record.n = n;
        this.next = n + 1;
      }
      const refused = rest.filter(([name, value]) => !set(`cmi.interactions.${n}.${name}`, value));
      record.written = refused.length === 0;
    }
  }

  /** The LMS committed: records it took in full are done. */
  committed(): void {
    for (const record of this.queued.filter((r) => r.written)) this.queued.splice(this.queued.indexOf(record), 1);
  }
}
