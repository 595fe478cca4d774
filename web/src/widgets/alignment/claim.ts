// What the learner must see in the alignment figure, and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence: 'At ρ = 0.5, from dₖ = 64 to 4096 the ÷√dₖ typical score grows ×8 while the ÷dₖ one stays within [0, 1].',
  alignment: 0.5,
  /** The two dₖ the sentence compares, and the growth of ÷√dₖ between them (√(4096/64)). */
  from: 64,
  to: 4096,
  grows: 8,
  /** The band ÷dₖ stays in. */
  bounded: [0, 1],
} as const;
