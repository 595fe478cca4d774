// What a learner has typed into a question but not yet checked, kept beside their progress (same storage, same
// lesson), so a reload does not lose it. A checked answer is progress, and its draft is dropped.
import type { SafeStorage } from './safe-storage.js';

// A draft longer than any sensible answer is not kept (storage is shared with the learner's progress).
const longest = 500;

export class AnswerDrafts {
  constructor(
    private readonly storage: SafeStorage,
    /** The lesson whose questions these drafts belong to. */
    readonly lessonSlug: string,
  ) {
    if (typeof lessonSlug !== 'string' || lessonSlug === '')
      throw new TypeError(`AnswerDrafts: lessonSlug must be a non-empty string, got ${JSON.stringify(lessonSlug)}`);
  }

  private get key(): string {
    return `drafts:${this.lessonSlug}`;
  }

  // Unreadable drafts are no drafts: nothing else depends on them.
  private all(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.storage.get(this.key) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter(([, text]) => typeof text === 'string'));
    } catch {
      return {};
    }
  }

  /** The unchecked text of a question, or '' when there is none. */
  get(questionId: string): string {
    const drafts = this.all();
    return Object.hasOwn(drafts, questionId) ? (drafts[questionId] ?? '') : '';
  }

  /** Keeps `text` as the question's draft; an empty text drops it. */
  set(questionId: string, text: string): void {
    if (typeof questionId !== 'string' || typeof text !== 'string')
      throw new TypeError('AnswerDrafts.set: questionId and text must be strings');
    const drafts = this.all();
    if (text === '' || text.length > longest) delete drafts[questionId];
    else Object.defineProperty(drafts, questionId, { value: text, enumerable: true, writable: true });
    if (Object.keys(drafts).length === 0) this.storage.remove(this.key);
    else this.storage.set(this.key, JSON.stringify(drafts));
  }

  /** Drops the question's draft (it was checked, or the learner started over). */
  clear(questionId: string): void {
    if (this.get(questionId) !== '') this.set(questionId, '');
  }
}
