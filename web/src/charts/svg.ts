// Small helpers for charts drawn as SVG with attributes only (no inline styles, so the strict CSP holds).
export const svgNs = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number> = {}, text?: string): SVGElementTagNameMap[K] {
  const element = document.createElementNS(svgNs, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

export interface Box {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export function innerSize(box: Box): { width: number; height: number } {
  return { width: box.width - box.margin.left - box.margin.right, height: box.height - box.margin.top - box.margin.bottom };
}

/** A chart root: role="img" with its summary as the accessible name, and a plot group inside the margins. */
export function chartRoot(box: Box, className: string): { root: SVGSVGElement; plot: SVGGElement } {
  const root = svg('svg', { viewBox: `0 0 ${box.width} ${box.height}`, role: 'img', class: `chart ${className}` });
  const plot = svg('g', { transform: `translate(${box.margin.left},${box.margin.top})` });
  root.append(plot);
  return { root, plot };
}

// Widths seen by each chart's ResizeObserver: reading clientWidth on every draw would force a layout of the page.
const knownWidths = new WeakMap<Element, number>();

/** Sizes the viewBox to the width the chart really has, so 12 px text stays 12 px on a phone. */
export function fitWidth(root: SVGSVGElement, box: Box, fallback = 640, minWidth = 300): void {
  const container = root.parentElement;
  const available = (container && knownWidths.get(container)) || container?.clientWidth || 0;
  box.width = Math.round(Math.min(760, Math.max(minWidth, available || fallback)));
  root.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
}

/** Calls redraw when the chart's container changes width (rotation, window resize). */
export function redrawOnResize(root: SVGSVGElement, redraw: () => void): void {
  if (typeof ResizeObserver === 'undefined') return;
  const container = root.parentElement ?? root;
  let lastWidth = 0;
  new ResizeObserver((entries) => {
    const width = Math.round(entries[0]?.contentRect.width ?? 0);
    if (width) knownWidths.set(container, width);
    if (width && Math.abs(width - lastWidth) > 8) {
      lastWidth = width;
      redraw();
    }
  }).observe(container);
}

export function tickLabel(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e4 || magnitude < 1e-3) return value.toExponential(0).replace('-', '−');
  return String(Number(value.toPrecision(3))).replace('-', '−');
}
