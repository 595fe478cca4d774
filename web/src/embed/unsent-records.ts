// What the LMS did not take (progress as suspend data, interaction records), kept in this browser for the one learner
// it belongs to: the key names the package (the SCO's path on the LMS), the lesson and cmi.core.student_id, and the
// record repeats them. A learner the LMS does not name gets nothing kept: on a shared computer the next person's
// launch could not tell whose it was.
import type { SafeStorage } from '../lesson/safe-storage.js';

export interface RecordOwner {
  /** The SCO's path on the LMS: the package as this LMS deployed it. */
  sco: string;
  lesson: string;
  /** cmi.core.student_id; '' when the LMS gives none. */
  learner: string;
}

export interface UnsentRecord {
  /** The learner's progress as suspend data, as the page would have written it. */
  suspend: string;
  /** Interaction records not committed, each as its elements (see scorm-interactions.ts). */
  interactions: Array<Array<[string, string]>>;
}

/** Before records named their learner, one key held them for anyone: never read, removed on sight. */
export const ownerlessKey = 'scorm-unsent';
const version = 1;

const isElements = (value: unknown): value is Array<[string, string]> =>
  Array.isArray(value) &&
  value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'));

export class UnsentRecords {
  constructor(
    private readonly storage: SafeStorage,
    private readonly owner: RecordOwner,
  ) {
    for (const name of ['sco', 'lesson', 'learner'] as const)
      if (typeof owner?.[name] !== 'string') throw new TypeError(`UnsentRecords: owner.${name} must be a string`);
  }

  /** Whether anything can be kept across launches: only for a learner the LMS names. */
  get keeps(): boolean {
    return this.owner.learner !== '';
  }

  private get key(): string {
    const { sco, lesson, learner } = this.owner;
    return `scorm-unsent:${[sco, lesson, learner].map(encodeURIComponent).join(':')}`;
  }

  /** The learner's kept record, or undefined (none, someone else's, or unreadable: then it is left where it is). */
  read(): UnsentRecord | undefined {
    if (!this.keeps) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(this.storage.get(this.key) ?? 'null');
    } catch {
      return undefined;
    }
    if (typeof data !== 'object' || data === null) return undefined;
    const { v, owner, suspend, interactions } = data as Record<string, unknown>;
    const mine =
      typeof owner === 'object' &&
      owner !== null &&
      (['sco', 'lesson', 'learner'] as const).every((name) => (owner as RecordOwner)[name] === this.owner[name]);
    if (v !== version || !mine || typeof suspend !== 'string' || !Array.isArray(interactions)) return undefined;
    if (!interactions.every(isElements)) return undefined;
    return { suspend, interactions };
  }

  write(record: UnsentRecord): void {
    if (!this.keeps) return;
    const { sco, lesson, learner } = this.owner;
    const data = { v: version, owner: { sco, lesson, learner }, ...record, keptAt: new Date().toISOString() };
    this.storage.set(this.key, JSON.stringify(data));
  }

  clear(): void {
    if (this.keeps && this.storage.get(this.key) !== null) this.storage.remove(this.key);
  }
}
