// What the learner must see in the float16 figure, and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence:
    'In float16, dividing by √dₖ after the product is too late: scores past 65504 become ∞ and the softmax turns ' +
    'them into NaN; scaling q before the product keeps every score finite.',
  /** The settings the test compares the orders at: dₖ = 4096 with entries of spread 6 (overflow from 4). */
  dk: 4096,
  spread: 6,
} as const;
