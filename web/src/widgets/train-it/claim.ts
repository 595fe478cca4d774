// What the learner must see in "Train it", and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence:
    'At a large dₖ the scaled run reaches 90 % accuracy within tens of steps, while the unscaled run lags far ' +
    'behind or never gets there, its gradient reaching the scores squeezed out by the saturated softmax.',
  /** The setting the test trains at: large enough that the unscaled run stalls for most seeds. */
  dk: 256,
  steps: 400,
  /**
   * The scaled run's 90 % marker lies at least this many times further left than the unscaled one's (or it has none).
   */
  fasterBy: 3,
} as const;
