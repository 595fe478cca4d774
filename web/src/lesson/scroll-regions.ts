// Equations, tables and code wider than a phone scroll sideways; while they overflow they must be reachable by
// keyboard, and the edge that hides more content says so (data-overflow, which the CSS turns into a fade).
import { t } from '../i18n/messages.js';

const selector = '.math-display, .table-scroll, .lesson-body pre';

const labels: [string, 'region.equation' | 'region.code' | 'region.table'][] = [
  ['.math-display', 'region.equation'],
  ['pre', 'region.code'],
  ['.table-scroll', 'region.table'],
];

// Which edges have content beyond them: '', 'left', 'right' or 'both'.
function hiddenEdges(region: HTMLElement): string {
  const left = region.scrollLeft > 1;
  const right = region.scrollLeft + region.clientWidth < region.scrollWidth - 1;
  return left && right ? 'both' : left ? 'left' : right ? 'right' : '';
}

function update(region: HTMLElement): void {
  if (region.scrollWidth > region.clientWidth + 1) {
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    const kind = t(labels.find(([match]) => region.matches(match))?.[1] ?? 'region.content');
    region.setAttribute('aria-label', t('region.scrolls', { kind }));
  } else {
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
  const edges = hiddenEdges(region);
  if (edges) region.dataset.overflow = edges;
  else delete region.dataset.overflow;
}

export function keepOverflowFocusable(root: HTMLElement): void {
  if (!(root instanceof HTMLElement)) throw new TypeError('keepOverflowFocusable: root must be an HTMLElement');
  const regions = Array.from(root.querySelectorAll<HTMLElement>(selector));
  if (root.matches(selector)) regions.push(root);
  regions.forEach(update);
  for (const region of regions) region.addEventListener('scroll', () => update(region), { passive: true });
  // Math widens when its web fonts arrive, without the box itself changing size.
  document.fonts?.ready.then(
    () => regions.forEach(update),
    () => undefined,
  );
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) =>
    entries.forEach((entry) => {
      const target = entry.target as HTMLElement;
      update(target.matches(selector) ? target : (target.parentElement as HTMLElement));
    }),
  );
  for (const region of regions) {
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
  }
}
