// Progress and completion as hosts hear them, the same for the lesson page and an embed: one report per change.
import { scoreOf } from '../quiz/index.js';
import type { LessonEvents } from './lesson-events.js';
import type { ProgressStore } from './progress-store.js';

export type Score = ReturnType<typeof scoreOf>;

/** Follows the store for these questions; calls onScore with every new score; stop() ends it. */
export function reportProgress(
  store: ProgressStore,
  questionIds: readonly string[],
  lesson: string,
  events: LessonEvents | undefined,
  onScore: (score: Score) => void = () => undefined,
): () => void {
  let complete: boolean | undefined;
  const report = () => {
    const score = scoreOf(store.current, [...questionIds]);
    const { answered, correct, total, points, afterSolution } = score;
    events?.emit('progress', { lesson, answered, correct, total, points, afterSolution });
    const now = score.total > 0 && score.correct === score.total;
    // Only a change to complete is news; a page that opens complete says so once too. Every question is right then;
    // the score is the points, which answers given after a worked solution did not earn.
    if (now && complete !== true)
      events?.emit('completed', {
        lesson,
        score: score.points / score.total,
        correct: score.correct,
        total: score.total,
      });
    complete = now;
    onScore(score);
  };
  report();
  return store.subscribe(report);
}
