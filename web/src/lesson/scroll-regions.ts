// Equations, tables and code wider than a phone scroll sideways; while they overflow they must be reachable by
// keyboard, and the edge that hides more content says so (data-overflow, which the CSS turns into a fade).
import { t } from '../i18n/messages.js';

const selector = '.math-display, .table-scroll, .lesson-body pre';

const labels: [string, 'region.equation' | 'region.code' | 'region.table'][] = [
  ['.math-display', 'region.equation'],
  ['pre', 'region.code'],
  ['.table-scroll', 'region.table'],
];

interface Overflow {
  overflows: boolean;
  /** Which edges have content beyond them: '', 'left', 'right' or 'both'. */
  edges: string;
}

function measure(region: HTMLElement): Overflow {
  const left = region.scrollLeft > 1;
  const right = region.scrollLeft + region.clientWidth < region.scrollWidth - 1;
  return {
    overflows: region.scrollWidth > region.clientWidth + 1,
    edges: left && right ? 'both' : left ? 'left' : right ? 'right' : '',
  };
}

function apply(region: HTMLElement, { overflows, edges }: Overflow): void {
  if (overflows) {
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    const kind = t(labels.find(([match]) => region.matches(match))?.[1] ?? 'region.content');
    region.setAttribute('aria-label', t('region.scrolls', { kind }));
  } else {
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
  if (edges) region.dataset.overflow = edges;
  else delete region.dataset.overflow;
}

// A region in a section far from the screen has no layout (content-visibility: auto): measuring it would make the
// browser lay that section out. It is measured when the browser lays it out anyway, by the ResizeObserver below.
const laidOut = (region: HTMLElement) => region.checkVisibility?.({ contentVisibilityAuto: true }) ?? true;

// Every region measured before any is written: a write between two reads would make the browser lay the whole page
// out again for the next read, once per equation, while a phone's learner is already moving the first figure.
function update(regions: readonly HTMLElement[]): void {
  const measured = regions.filter(laidOut).map((region) => [region, measure(region)] as const);
  measured.forEach(([region, overflow]) => apply(region, overflow));
}

export function keepOverflowFocusable(root: HTMLElement): void {
  if (!(root instanceof HTMLElement)) throw new TypeError('keepOverflowFocusable: root must be an HTMLElement');
  const regions = Array.from(root.querySelectorAll<HTMLElement>(selector));
  if (root.matches(selector)) regions.push(root);
  update(regions);
  for (const region of regions) region.addEventListener('scroll', () => update([region]), { passive: true });
  // Math widens when its web fonts arrive, without the box itself changing size.
  document.fonts?.ready.then(
    () => update(regions),
    () => undefined,
  );
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => {
    const resized = entries.map(({ target }) => (target.matches(selector) ? target : target.parentElement));
    update([...new Set(resized)].filter((region): region is HTMLElement => region instanceof HTMLElement));
  });
  for (const region of regions) {
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
  }
}
