// A variant's worked-solution flags as one small number, for stores that pack progress tightly (SCORM suspend data):
// 1 = its solution was shown, 2 = its latest answer came after that. 0 (or nothing) = neither.
import type { VariantProgress } from './attempts.js';

export function packSolutionFlags(variant: VariantProgress): number {
  return (variant.solutionShown ? 1 : 0) + (variant.afterSolution ? 2 : 0);
}

/** The flags to spread into a VariantProgress; anything but 1 or 3 adds none (an after-solution answer needs 1). */
export function unpackSolutionFlags(flags: unknown): Pick<VariantProgress, 'solutionShown' | 'afterSolution'> {
  if (flags === 1) return { solutionShown: true };
  if (flags === 3) return { solutionShown: true, afterSolution: true };
  return {};
}
