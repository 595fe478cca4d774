// What happens in a lesson, for whoever listens (the embed bridge posts these to a host page). The answer key rides
// only in `attempt`, for an LMS record: the bridge copies named fields, never `attempt`.
import type { CompiledPrediction, PredictionRecord } from '../predict/types.js';
import type { AnsweredAttempt } from '../quiz/index.js';

export interface LessonEventMap {
  ready: { lesson: string; questions: number; widgets: string[] };
  answered: {
    lesson: string;
    questionId: string;
    correct: boolean;
    attempts: number;
    /** Given after the worked solution of its numbers was shown: right or not, it earns no points. */
    afterSolution?: boolean;
    variant?: { index: number; key: string; params: Record<string, number | string> };
    attempt?: AnsweredAttempt;
  };
  /**
   * points: right answers count 1 (0 when given after the worked solution was shown), a wrong multi-select its partial
   * credit; afterSolution: questions right only by such an answer.
   */
  progress: {
    lesson: string;
    answered: number;
    correct: number;
    total: number;
    points: number;
    afterSolution: number;
  };
  /** A predict-first moment was decided: a guess whose result is known, or a skip. Never part of any score. */
  predicted: { lesson: string; widget: string; prediction: CompiledPrediction; record: PredictionRecord };
  /** score: points ÷ total, so a question right only after its solution lowers it. */
  completed: { lesson: string; score: number; correct: number; total: number };
}

export type LessonEventName = keyof LessonEventMap;
type Listener<K extends LessonEventName> = (detail: LessonEventMap[K]) => void;

export class LessonEvents {
  private readonly listeners = new Map<LessonEventName, Set<Listener<never>>>();

  on<K extends LessonEventName>(name: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends LessonEventName>(name: K, detail: LessonEventMap[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as Listener<K>)(detail);
      } catch (error) {
        console.warn(`attention-lab: a "${name}" listener failed`, error); // a listener never breaks the lesson
      }
    }
  }
}
