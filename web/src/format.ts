// How numbers from the core are written for learners: enough digits to see a weight die, never a misleading 0.0000.

export function formatWeight(p: number): string {
  if (p === 0) return '0';
  if (p < 0.001) return p.toExponential(2);
  return p.toFixed(4);
}

export function formatScore(x: number): string {
  return x.toFixed(2).replace('-', '−');
}

/** Reads back what formatWeight or formatScore wrote (used by tests and the data table). */
export function parseShown(text: string): number {
  return Number(text.replace('−', '-'));
}
