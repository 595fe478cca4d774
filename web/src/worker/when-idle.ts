// Work that must not compete with a figure's first draw or a keystroke: run when the page is idle, at most `timeout`
// ms later; where requestIdleCallback is missing, soon after.
export function whenIdle(run: () => void, timeout = 1000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout });
  else setTimeout(run, 50);
}
