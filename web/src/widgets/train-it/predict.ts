// What a lesson may ask a learner to predict in "Train it": which run reaches the accuracy goal first, and when.
import type { Measured, WidgetPredictions } from '../../predict/types.js';
import { GoalStreak } from '../../training/session.js';
import { kindOf, runNames, type RunName, type TrainingParams } from './training.js';

const firstOutcomes = ['scaled', 'unscaled', 'together', 'neither'] as const;

/** From the step each run reached the goal at (undefined: not within the run), as the widget marks them. */
export function measured(reachedAt: Partial<Record<RunName, number>>): Measured {
  const { scaled, unscaled } = reachedAt;
  if (scaled === undefined && unscaled === undefined) return { first: 'neither' };
  const step = Math.min(scaled ?? Infinity, unscaled ?? Infinity);
  const first = scaled === unscaled ? 'together' : step === scaled ? 'scaled' : 'unscaled';
  return { first, firstStep: step };
}

export const predict = {
  quantities: {
    first: {
      doc: 'which run reaches 90 % accuracy (10 batches in a row) first: scaled, unscaled, together or neither',
      type: 'outcome',
      outcomes: firstOutcomes,
    },
    firstStep: { doc: 'the step at which the first run to get there reached 90 %', type: 'number' },
  },
  // The runs as the page trains them: the same core, seed, steps and goal.
  measure(core, params) {
    const reached: Partial<Record<RunName, number>> = {};
    for (const run of runNames) {
      const trainer = core.createTrainer({
        keyCount: params.keys,
        dk: params.dk,
        kind: kindOf[run],
        seed: params.seed,
      });
      try {
        const goal = new GoalStreak();
        // The core trains at most 1000 steps a call.
        for (let done = 0; done < params.steps; done += 1000)
          goal.add(done, trainer.run(Math.min(1000, params.steps - done)).accuracy);
        if (goal.reachedAt !== undefined) reached[run] = goal.reachedAt;
      } finally {
        trainer.delete();
      }
    }
    return measured(reached);
  },
} satisfies WidgetPredictions<TrainingParams>;
