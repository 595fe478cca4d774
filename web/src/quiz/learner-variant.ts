// A learner's own variant of a question: a hash of (learner id or seed, question id) picks the index, so the same
// learner always gets the same variant and two learners usually get different ones. No server, no storage needed.

// FNV-1a over UTF-16 code units, 32 bits: small, fast, and the same in every browser.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final avalanche, so ids that differ in their last character still spread over small counts.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** The variant index (0 … count−1) that `learner` gets for `questionId`. */
export function learnerVariantIndex(learner: string, questionId: string, count: number): number {
  if (typeof learner !== 'string' || learner === '')
    throw new TypeError(`learnerVariantIndex: learner must be a non-empty string, got ${JSON.stringify(learner)}`);
  if (typeof questionId !== 'string' || questionId === '')
    throw new TypeError(
      `learnerVariantIndex: questionId must be a non-empty string, got ${JSON.stringify(questionId)}`,
    );
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`learnerVariantIndex: count must be a whole number ≥ 1, got ${String(count)}`);
  return fnv1a(`${learner}\u0000${questionId}`) % count;
}
