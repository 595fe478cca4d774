// A horizontal bar chart as SVG text, drawn on the server (the instructor page runs no script): one labelled bar per
// row, its value written beside it. Its accessible name is the title, its description the summary; the table next
// to it holds the same numbers.
import { escapeHtml } from './escape-html.js';

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader should see it, e.g. "75 %" or "3". */
  text: string;
}

export interface BarChartSvg {
  id: string;
  title: string;
  summary: string;
  bars: Bar[];
  /** The value of a full-length bar (1 for a rate; the largest count otherwise). */
  max: number;
}

const labelWidth = 180;
const barWidth = 320;
const valueWidth = 70;
const row = 26;
const maxLabel = 26;

const shorten = (label: string) => (label.length > maxLabel ? `${label.slice(0, maxLabel - 1)}…` : label);

export function barChartSvg({ id, title, summary, bars, max }: BarChartSvg): string {
  const width = labelWidth + barWidth + valueWidth;
  const height = Math.max(1, bars.length) * row + 8;
  const marks = bars.map((bar, i) => {
    const y = 4 + i * row;
    const length = max > 0 ? Math.max(0, Math.min(1, bar.value / max)) * barWidth : 0;
    return (
      `<g class="bar"><title>${escapeHtml(`${bar.label}: ${bar.text}`)}</title>` +
      `<text class="bar-label" x="${labelWidth - 8}" y="${y + row / 2}" text-anchor="end" dominant-baseline="middle">` +
      `${escapeHtml(shorten(bar.label))}</text>` +
      `<rect class="bar-track" x="${labelWidth}" y="${y + 4}" width="${barWidth}" height="${row - 8}"/>` +
      `<rect class="bar-value" x="${labelWidth}" y="${y + 4}" width="${length.toFixed(1)}" height="${row - 8}"/>` +
      `<text class="bar-text" x="${labelWidth + barWidth + 8}" y="${y + row / 2}" dominant-baseline="middle">` +
      `${escapeHtml(bar.text)}</text></g>`
    );
  });
  return (
    `<svg class="bar-chart" id="${id}" role="img" aria-labelledby="${id}-title ${id}-desc" ` +
    `viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(summary)}</desc>` +
    `${marks.join('')}</svg>`
  );
}
