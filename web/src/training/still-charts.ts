// A training chart with no step on it shows only its axes and empty curves. A slider's step that plans the same
// empty picture again (a new dₖ, keys or learning rate: only the steps change the x axis) need not draw it at all.

/** What each chart shows while it has no step on it; absent once it draws curves. */
const stillPictures = new WeakMap<object, string>();

/**
 * Whether `chart` already shows the untrained picture described by `picture`, noting it as shown if not. Charts that
 * draw curves pass undefined: they are always drawn, and the next untrained picture is drawn afresh.
 */
export function alreadyShows(chart: object, picture: string | undefined): boolean {
  if (picture !== undefined && stillPictures.get(chart) === picture) return true;
  if (picture === undefined) stillPictures.delete(chart);
  else stillPictures.set(chart, picture);
  return false;
}
