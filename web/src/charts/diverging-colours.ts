// A blue–white–orange diverging scale (colour-blind safe: it differs in lightness and in blue/orange, never red/green).
import { interpolateRgb, piecewise } from 'd3-interpolate';
import { scaleDiverging } from 'd3-scale';

// Hand-picked stops from dark blue (most negative) through near-white (0) to dark orange (most positive).
const stops = ['#1d4f91', '#4f86c6', '#a9c8ea', '#f5f5f2', '#fbc58f', '#ec8a37', '#a2490b'];

/** t in [0, 1] to a colour, interpolated in RGB between neighbouring stops. */
export const blueWhiteOrange = piecewise(interpolateRgb, stops);

/** Symmetric around 0, so white always means "no effect" and the two sides are comparable. */
export function divergingScale(limit: number) {
  return scaleDiverging((t: number) => blueWhiteOrange(Number.isFinite(t) ? t : 0.5))
    .domain([-limit, 0, limit])
    .clamp(true);
}

// d3 writes colours as "rgb(r, g, b)".
function channels(colour: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Near-black or white, whichever contrasts more with the cell it is written on. */
export function textOn(colour: string): string {
  let text = textColours.get(colour);
  if (text === undefined) {
    const l = luminance(colour);
    text = (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
    // A heatmap step repaints every cell: the few hundred colours it meets are worked out once, not per cell.
    if (textColours.size >= 4096) textColours.clear();
    textColours.set(colour, text);
  }
  return text;
}

const textColours = new Map<string, string>();
