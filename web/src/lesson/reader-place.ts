// Where the reader is in the lesson, kept while the live lesson replaces the prerendered one: the new one is taller
// (questions with their forms), and scroll anchoring cannot follow an element that has been replaced.

export interface ReaderPlace {
  /** The id of the element that starts nearest above the top of the window (a section, a figure, a question). */
  id: string;
  /** Its top relative to the window's, in CSS pixels (0 or less). */
  top: number;
}

/** The reader's place in `root`, or undefined at the top of the page (nothing to keep there). */
export function readerPlace(root: HTMLElement): ReaderPlace | undefined {
  if (!(root instanceof HTMLElement)) throw new TypeError('readerPlace: root must be an HTMLElement');
  if (window.scrollY <= 0) return undefined;
  let place: ReaderPlace | undefined;
  for (const element of root.querySelectorAll<HTMLElement>('[id]')) {
    const { top, bottom } = element.getBoundingClientRect();
    if (top <= 1 && bottom > 0 && (!place || top > place.top)) place = { id: element.id, top };
  }
  return place;
}

/** Scrolls so that the element now carrying place.id is where its namesake was. */
export function keepReaderPlace(place: ReaderPlace | undefined): void {
  if (place === undefined) return;
  if (typeof place.id !== 'string' || !Number.isFinite(place.top))
    throw new TypeError(`keepReaderPlace: place must be { id, top }, got ${JSON.stringify(place)}`);
  const again = document.getElementById(place.id);
  if (again) window.scrollBy(0, again.getBoundingClientRect().top - place.top);
}
