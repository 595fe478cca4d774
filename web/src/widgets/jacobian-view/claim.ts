// What the learner must see in the Jacobian view, and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence:
    'Multiply the logits and the heatmap fades to white: every entry of J, and with it the gradient, shrinks to 0.',
  /** The multipliers the test compares: the cells at the second are paler than at the first. */
  from: 1,
  to: 50,
} as const;
