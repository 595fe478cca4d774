// What the learner must see in the near-orthogonality histogram, and the numbers the e2e test checks it with.
export const claim = {
  sentence: 'As d grows the cosines of random pairs crowd around 0: their spread shrinks like 1/√d.',
  /** The drawn spread at d = 16 is at least this many times the spread at d = 1024 (theory: 8). */
  narrows: { from: 16, to: 1024, atLeast: 3 },
} as const;
