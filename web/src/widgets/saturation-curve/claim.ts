// What the learner must see in the saturation curve, and the numbers the e2e test checks it with on the picture.
export const claim = {
  sentence: 'p₁ climbs from 1/n to almost 1 within a lead of a few units: it passes 0.99 at the marked point.',
  threshold: 0.99,
} as const;
