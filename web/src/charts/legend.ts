// A legend of coloured swatches (and dashes for lines), so series differ by more than colour alone.

export interface LegendItem {
  className: string;
  label: string;
  /** 'line' draws a short stroke in the series' dash pattern; 'box' a filled square. */
  kind?: 'box' | 'line';
}

export function legend(items: LegendItem[]): HTMLElement {
  const element = document.createElement('p');
  element.className = 'legend';
  items.forEach((item, i) => {
    const swatch = document.createElement('span');
    swatch.className = `swatch ${item.kind ?? 'box'} ${item.className}`;
    swatch.setAttribute('aria-hidden', 'true');
    const entry = document.createElement('span');
    entry.className = 'legend-item';
    entry.append(swatch, ` ${item.label}`);
    element.append(entry, i < items.length - 1 ? ' ' : '');
  });
  return element;
}
