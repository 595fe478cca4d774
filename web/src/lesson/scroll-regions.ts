// Equations and tables wider than a phone scroll sideways; while they overflow they must be reachable by keyboard.

const selector = '.math-display, .table-scroll';

function update(region: HTMLElement): void {
  if (region.scrollWidth > region.clientWidth + 1) {
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', region.matches('.math-display') ? 'Equation (scrolls sideways)' : 'Table (scrolls sideways)');
  } else {
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
}

export function keepOverflowFocusable(root: HTMLElement): void {
  const regions = Array.from(root.querySelectorAll<HTMLElement>(selector));
  regions.forEach(update);
  // Math widens when its web fonts arrive, without the box itself changing size.
  document.fonts?.ready.then(() => regions.forEach(update), () => undefined);
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => entries.forEach((entry) => {
    const target = entry.target as HTMLElement;
    update(target.matches(selector) ? target : (target.parentElement as HTMLElement));
  }));
  for (const region of regions) {
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
  }
}
