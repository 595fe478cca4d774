// How numbers from the core are written for learners: enough digits to see a weight die, never a misleading 0.0000.
import { t } from './i18n/messages.js';

const minus = (text: string) => text.replace('-', '−');

export function formatWeight(p: number): string {
  if (p === 0) return '0';
  if (p < 0.001) return minus(p.toExponential(2));
  return p.toFixed(4);
}

export function formatScore(x: number): string {
  return minus(x.toFixed(2));
}

/** Four significant digits, exponent form for the very small and very large. */
export function formatValue(x: number): string {
  if (x === 0) return '0';
  const magnitude = Math.abs(x);
  if (magnitude < 1e-3 || magnitude >= 1e6) return minus(x.toExponential(2));
  return minus(String(Number(x.toPrecision(4))));
}

export function formatWithError(x: number, standardError: number): string {
  return `${formatValue(x)} ± ${formatValue(standardError)}`;
}

/** A share in [0, 1] as a whole percent, "87 %"; a share just under 1 reads "99 %" so it never claims the whole. */
export function formatShare(share: number): string {
  const percent = share * 100;
  return t('format.percent', { value: percent < 100 ? Math.min(99, Math.round(percent)) : 100 });
}
