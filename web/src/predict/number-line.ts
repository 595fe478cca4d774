// The guess and the result of a marker prediction on one number line (log or linear, as the marker moved), drawn from
// the two numbers and named by them for screen readers.
import { t } from '../i18n/messages.js';
import { svgNs } from '../charts/svg.js';
import { formatValue } from '../format.js';
import type { MarkerPrediction } from './types.js';

const width = 320;
const height = 58;
/** Room beside the line for its two ends' numbers, so a guess at an end never covers them. */
const pad = 40;

export function numberLine(p: MarkerPrediction, result: number, guess: number | undefined): SVGSVGElement {
  const [low, high] = p.range;
  const along = (x: number) => {
    const clamped = Math.min(high, Math.max(low, x));
    const share = p.log ? Math.log(clamped / low) / Math.log(high / low) : (clamped - low) / (high - low);
    return pad + share * (width - 2 * pad);
  };
  const withUnit = (x: number) => t('predict.valueWithUnit', { value: formatValue(x), unit: p.unit ?? '' }).trim();
  const svg = element('svg', {
    class: 'chart predict-line',
    role: 'img',
    viewBox: `0 0 ${width} ${height}`,
  }) as SVGSVGElement;
  const line = { low, high, result: withUnit(result) };
  svg.setAttribute(
    'aria-label',
    guess === undefined
      ? t('predict.lineResult', line)
      : t('predict.lineGuessAndResult', { ...line, guess: withUnit(guess) }),
  );
  const y = 30;
  svg.append(
    element('line', { class: 'axis', x1: pad, x2: width - pad, y1: y, y2: y }),
    label(pad - 6, y + 4, String(low), 'end'),
    label(width - pad + 6, y + 4, String(high), 'start'),
    element('circle', { class: 'predict-result', cx: along(result), cy: y, r: 6 }),
    label(
      along(result),
      y - 12,
      t('predict.resultMark', { value: formatValue(result) }),
      'middle',
      'predict-result-label',
    ),
  );
  if (guess !== undefined)
    svg.append(
      element('line', { class: 'reference guess', x1: along(guess), x2: along(guess), y1: y - 9, y2: y + 9 }),
      label(along(guess), height - 4, t('predict.guessShort', { value: formatValue(guess) }), 'middle', 'guess-label'),
    );
  return svg;
}

function element(tag: string, attributes: Record<string, string | number>): SVGElement {
  const made = document.createElementNS(svgNs, tag) as SVGElement;
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  return made;
}

function label(x: number, y: number, text: string, anchor: string, className = 'tick'): SVGElement {
  const made = element('text', {
    x,
    y,
    class: className.includes('tick') ? className : `tick ${className}`,
    'text-anchor': anchor,
  });
  made.textContent = text;
  return made;
}
