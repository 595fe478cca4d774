// What the learner must see in "Train it", and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence:
    'At a large dₖ the scaled run reaches 90 % accuracy within tens of steps, while the unscaled run takes more ' +
    'than ten times as long, if it gets there at all: the saturated softmax squeezes out the gradient reaching its ' +
    'scores.',
  /** The setting the tests train at, at every seed Resample offers (tests/js/lesson-training-sentences.test.mjs). */
  dk: 256,
  steps: 400,
  /**
   * The scaled run's 90 % marker lies at least this many times further left than the unscaled one's (or it has none).
   */
  fasterBy: 10,
} as const;
