// The learner's answers, saved per lesson; corrupt saved data is reset with a notice instead of breaking the page.
import { isQuizProgress, type QuizProgress } from '../quiz/index.js';
import type { SafeStorage } from './safe-storage.js';

const version = 1;

export class ProgressStore {
  /** Set when saved progress could not be read and was reset. */
  notice = '';
  private progress: QuizProgress = {};
  private readonly listeners = new Set<(progress: QuizProgress) => void>();

  constructor(private readonly storage: SafeStorage, private readonly lessonSlug: string) {
    this.progress = this.load();
  }

  private get key(): string {
    return `progress:${this.lessonSlug}`;
  }

  private load(): QuizProgress {
    const text = this.storage.get(this.key);
    if (text === null) return {};
    try {
      const saved: unknown = JSON.parse(text);
      const record = saved as { version?: unknown; answers?: unknown };
      if (record?.version === version && isQuizProgress(record.answers)) return record.answers;
    } catch {
      // fall through to the reset below
    }
    this.storage.remove(this.key);
    this.notice = 'Your saved progress for this lesson could not be read, so it was reset. Sorry about that.';
    return {};
  }

  get current(): QuizProgress {
    return this.progress;
  }

  replace(progress: QuizProgress): void {
    this.progress = progress;
    this.storage.set(this.key, JSON.stringify({ version, answers: progress }));
    this.listeners.forEach((listener) => listener(progress));
  }

  reset(): void {
    this.progress = {};
    this.storage.remove(this.key);
    this.listeners.forEach((listener) => listener(this.progress));
  }

  /** Calls listener after every change; returns the function that stops it. */
  subscribe(listener: (progress: QuizProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
