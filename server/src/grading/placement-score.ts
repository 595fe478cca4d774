// The placement's running score, as a counted attempt reports it to the gradebook (AGS): points by the page's rules.
import { isLocked, scoreOf } from 'attention-lab/quiz';
import type { GradedPolicy, QuizProgress } from 'attention-lab/quiz';

export interface PlacementScore {
  scoreGiven: number;
  scoreMaximum: number;
  /** Completed once every question is right or out of attempts. */
  activityProgress: 'InProgress' | 'Completed';
  /** Every answer is graded as it arrives. */
  gradingProgress: 'FullyGraded';
  /** When the attempt was graded (ISO 8601), so a score sent late still says when it was earned. */
  timestamp?: string;
}

export function placementScore(progress: QuizProgress, questionIds: string[], policy: GradedPolicy): PlacementScore {
  const { points, total } = scoreOf(progress, questionIds);
  const settled = questionIds.every((id) => {
    const entry = Object.hasOwn(progress, id) ? progress[id] : undefined;
    return entry !== undefined && (entry.correct || isLocked(policy, entry.attempts));
  });
  return {
    // Partial credits are thirds and the like: four decimals are plenty for a gradebook.
    scoreGiven: Math.round(points * 10_000) / 10_000,
    scoreMaximum: total,
    activityProgress: settled ? 'Completed' : 'InProgress',
    gradingProgress: 'FullyGraded',
  };
}
