// The learner's answers, saved per lesson and shared with other tabs of the lesson: every change is merged with what
// storage holds (newest answer wins per question), and an unreadable entry is set aside, never the whole progress.
import { t } from '../i18n/messages.js';
import {
  emptySavedProgress,
  isQuizProgress,
  latestStamp,
  mergeSavedProgress,
  readSavedProgress,
  writeSavedProgress,
  type QuizProgress,
  type SavedProgress,
} from '../quiz/index.js';
import { AnswerDrafts } from './answer-drafts.js';
import { mergePredictions } from '../predict/records.js';
import type { PredictionRecord, PredictionRecords } from '../predict/types.js';
import type { SafeStorage } from './safe-storage.js';

/** Where a change came from: this page, or another tab of the lesson in the same browser. */
export type ProgressSource = 'here' | 'another tab';

export class ProgressStore {
  /** Set when saved progress could not be read in full; what was dropped is kept under `setAsideKey`. */
  notice = '';
  private saved: SavedProgress = emptySavedProgress();
  // A clock that never goes back and always passes what any tab saved, so a new answer is always the newest.
  private clock = 0;
  private readonly listeners = new Set<(progress: QuizProgress, source: ProgressSource) => void>();
  /** What the learner has typed but not checked yet, kept in the same storage for the same lesson. */
  readonly drafts: AnswerDrafts;

  constructor(
    private readonly storage: SafeStorage,
    /** The lesson whose answers these are. */
    readonly lessonSlug: string,
  ) {
    if (typeof lessonSlug !== 'string' || lessonSlug === '') {
      throw new TypeError(`ProgressStore: lessonSlug must be a non-empty string, got ${JSON.stringify(lessonSlug)}`);
    }
    this.saved = this.load();
    this.drafts = new AnswerDrafts(storage, lessonSlug);
    storage.watch(this.key, () => this.takeFromAnotherTab());
  }

  private get key(): string {
    return `progress:${this.lessonSlug}`;
  }

  /** The storage key (after the site's prefix) holding what could not be read, so nobody's answers vanish. */
  get setAsideKey(): string {
    return `progress-set-aside:${this.lessonSlug}`;
  }

  private load(): SavedProgress {
    const text = this.storage.get(this.key);
    if (text === null) return emptySavedProgress();
    const { saved, setAside, unreadable } = readSavedProgress(text);
    const dropped = Object.keys(setAside).length;
    if (unreadable) {
      this.keepAside({ text });
      this.notice = t('progress.unreadable');
    } else if (dropped > 0) {
      this.keepAside({ entries: setAside });
      this.notice = t('progress.setAside', { dropped });
    }
    this.see(saved);
    if (unreadable || dropped > 0) this.storage.set(this.key, writeSavedProgress(saved));
    return saved;
  }

  // Adds to what earlier loads set aside, so a second bad entry does not push out the first.
  private keepAside(found: { text?: string; entries?: Record<string, unknown> }): void {
    let before: { entries?: Record<string, unknown> } = {};
    try {
      const old: unknown = JSON.parse(this.storage.get(this.setAsideKey) ?? '{}');
      if (typeof old === 'object' && old !== null) before = old;
    } catch {
      // an unreadable backup is replaced by the new one
    }
    const entries = { ...before.entries, ...found.entries };
    const setAsideAt = new Date().toISOString();
    this.storage.set(this.setAsideKey, JSON.stringify({ ...before, ...found, entries, setAsideAt }));
  }

  get current(): QuizProgress {
    return this.saved.answers;
  }

  /** Records changed answers (entries not in `progress` are kept: `reset` erases). */
  replace(progress: QuizProgress): void {
    if (!isQuizProgress(progress)) throw new TypeError('ProgressStore.replace: progress must be a QuizProgress');
    const at = this.tick();
    const stamps: Record<string, number> = {};
    for (const id of Object.keys(progress)) {
      const unchanged = Object.hasOwn(this.saved.answers, id) && this.saved.answers[id] === progress[id];
      Object.defineProperty(stamps, id, { value: unchanged ? (this.saved.stamps[id] ?? 0) : at, enumerable: true });
    }
    this.commit({ ...this.saved, answers: progress, stamps });
  }

  /** Predict-first moments by widget id, kept with the answers. */
  get predictions(): PredictionRecords {
    return this.saved.predictions ?? {};
  }

  /** Keeps one widget's prediction; `record.at` stamps it (a result added later keeps the guess's stamp). */
  recordPrediction(widgetId: string, record: PredictionRecord): void {
    if (typeof widgetId !== 'string' || widgetId === '')
      throw new TypeError('ProgressStore.recordPrediction: widgetId must be a non-empty string');
    const predictions = mergePredictions({ [widgetId]: record }, this.predictions);
    this.commit({ ...this.saved, predictions });
  }

  /** Predictions kept elsewhere (an LMS's suspend data), merged with these: the later record of a widget wins. */
  mergePredictions(records: PredictionRecords): void {
    this.commit({ ...this.saved, predictions: mergePredictions(this.predictions, records, this.saved.resetAt) });
  }

  reset(): void {
    this.commit({ answers: {}, stamps: {}, resetAt: this.tick() });
  }

  /** Calls listener after every change (here or in another tab); returns the function that stops it. */
  subscribe(listener: (progress: QuizProgress, source: ProgressSource) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('ProgressStore.subscribe: listener must be a function');
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tick(): number {
    this.clock = Math.max(Date.now(), this.clock + 1);
    return this.clock;
  }

  private see(saved: SavedProgress): void {
    this.clock = Math.max(this.clock, latestStamp(saved));
  }

  private stored(): SavedProgress {
    const text = this.storage.get(this.key);
    return text === null ? emptySavedProgress() : readSavedProgress(text).saved;
  }

  // Read, merge, write: another tab may have saved since this one last looked.
  private commit(mine: SavedProgress): void {
    const stored = this.stored();
    this.see(stored);
    this.saved = mergeSavedProgress(mine, stored);
    this.storage.set(this.key, writeSavedProgress(this.saved));
    this.listeners.forEach((listener) => listener(this.saved.answers, 'here'));
  }

  private takeFromAnotherTab(): void {
    const stored = this.stored();
    this.see(stored);
    const merged = mergeSavedProgress(this.saved, stored);
    if (writeSavedProgress(merged) === writeSavedProgress(this.saved)) return;
    this.saved = merged;
    this.listeners.forEach((listener) => listener(this.saved.answers, 'another tab'));
  }
}
