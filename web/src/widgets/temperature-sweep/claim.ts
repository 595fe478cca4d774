// What the learner must see in the temperature sweep, and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence: 'A colder τ lets one bar tower over the rest; a warmer τ flattens the bars towards 1/n.',
} as const;
