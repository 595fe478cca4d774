// A blue–white–orange diverging scale (colour-blind safe: it differs in lightness and in blue/orange, never red/green).
import { scaleDiverging } from 'd3-scale';

// Hand-picked stops from dark blue (most negative) through near-white (0) to dark orange (most positive).
const stops = ['#1d4f91', '#4f86c6', '#a9c8ea', '#f5f5f2', '#fbc58f', '#ec8a37', '#a2490b'];

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** t in [0, 1] to a colour, by linear interpolation between neighbouring stops. */
export function blueWhiteOrange(t: number): string {
  const at = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0.5)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const a = channels(stops[i] ?? '#000000');
  const b = channels(stops[i + 1] ?? '#000000');
  const mix = a.map((c, k) => Math.round(c + ((b[k] ?? 0) - c) * (at - i)));
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Symmetric around 0, so white always means "no effect" and the two sides are comparable. */
export function divergingScale(limit: number) {
  return scaleDiverging(blueWhiteOrange).domain([-limit, 0, limit]).clamp(true);
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Near-black or white, whichever contrasts more with the cell it is written on. */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
}
