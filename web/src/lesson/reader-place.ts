// Where the reader is in the lesson, kept while the live lesson replaces the prerendered one and across reloads. Far
// sections are laid out only when they come near (content-visibility), so before that their heights are estimates
// and a scroll offset means a different place on every load: the place is a block of a section (its children are the
// same, in the same order, in the prerendered and the live lesson) and how far the window's top is past that block's.

export interface ReaderPlace {
  /** The id of the section the top of the window is in. */
  section: string;
  /** Which child element of that section (heading, paragraph, figure, question…) starts nearest above the top. */
  block: number;
  /** That block's top relative to the window's, in CSS pixels (0 or less, unless the section starts with a gap). */
  top: number;
}

// What a reload finds in the page's history entry: the place, and the plain offset for a place outside any section.
interface SavedPlace {
  place?: ReaderPlace;
  y: number;
}

const stateKey = 'readerPlace';
// A scroll that moves the reader's block further than this was not the page keeping it: the reader moved on.
const movedOn = 48;
// The place being restored after a reload: until the reader moves, it is theirs, whatever the page shows meanwhile.
let held: ReaderPlace | undefined;
// The last place saved below the first screen: a reader who goes up to the page's top bar came from there.
let lastRead: ReaderPlace | undefined;

const isPlace = (value: unknown): value is ReaderPlace => {
  const place = value as ReaderPlace;
  return (
    typeof place === 'object' &&
    place !== null &&
    typeof place.section === 'string' &&
    Number.isInteger(place.block) &&
    place.block >= 0 &&
    Number.isFinite(place.top)
  );
};

/** The reader's place in `root`, or undefined at the top of the page or outside the lesson's sections. */
export function readerPlace(root: HTMLElement): ReaderPlace | undefined {
  if (!(root instanceof HTMLElement)) throw new TypeError('readerPlace: root must be an HTMLElement');
  if (held) return held;
  if (window.scrollY <= 0) return undefined;
  // Sections first: a skipped section's own box is cheap, its children's boxes would lay it out.
  const section = [...root.querySelectorAll<HTMLElement>('.lesson-body > section')].find((candidate) => {
    const { top, bottom } = candidate.getBoundingClientRect();
    return top <= 1 && bottom > 0;
  });
  if (!section?.id) return undefined;
  const blocks = [...section.children];
  let block = 0;
  blocks.forEach((child, index) => {
    if (child.getBoundingClientRect().top <= 1) block = index;
  });
  return { section: section.id, block, top: blocks[block]?.getBoundingClientRect().top ?? 0 };
}

// Where the place's block is now: its top relative to the window's, or undefined when the page has no such block.
function blockTop(place: ReaderPlace): number | undefined {
  return document.getElementById(place.section)?.children[place.block]?.getBoundingClientRect().top;
}

/**
 * Where the reader has been reading: the place now, or, within the first screen (where the page's top bar and its
 * language switch are), the last place saved further down, if any.
 */
export function readingPlace(root: HTMLElement): ReaderPlace | undefined {
  const now = readerPlace(root);
  return window.scrollY > window.innerHeight ? now : (lastRead ?? now);
}

/** Scrolls so that the block at `place` is where it was; false when the page has no such block. */
export function keepReaderPlace(place: ReaderPlace | undefined): boolean {
  if (place === undefined) return false;
  if (!isPlace(place))
    throw new TypeError(`keepReaderPlace: place must be { section, block, top }, got ${JSON.stringify(place)}`);
  const now = blockTop(place);
  if (now === undefined) return false;
  if (Math.abs(now - place.top) >= 1) window.scrollBy(0, now - place.top);
  return true;
}

function savedPlace(): SavedPlace | undefined {
  const state: unknown = history.state;
  const saved = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[stateKey] : undefined;
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { place, y } = saved as SavedPlace;
  if (!Number.isFinite(y)) return undefined;
  return isPlace(place) ? { place, y } : { y };
}

function savePlace(root: HTMLElement): void {
  const state: unknown = history.state;
  const saved: SavedPlace = { place: readerPlace(root), y: window.scrollY };
  if (saved.place && window.scrollY > window.innerHeight) lastRead = saved.place;
  try {
    history.replaceState({ ...(typeof state === 'object' ? state : {}), [stateKey]: saved }, '');
  } catch {
    // A sandboxed frame may refuse: a reload then starts at the top, as without this.
  }
}

// Back at the saved place, and kept there while the sections above get their real heights, the live lesson replaces
// the prerendered one and fonts arrive; until the reader scrolls, clicks or types.
function holdPlace(saved: SavedPlace, root: HTMLElement, done: () => void): void {
  let lastY = Number.NaN;
  const correct = () => {
    if (!saved.place || !keepReaderPlace(saved.place)) window.scrollTo(0, saved.y);
    lastY = window.scrollY;
  };
  const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(correct);
  const stop = () => {
    observer?.disconnect();
    inputs.forEach((type) => window.removeEventListener(type, stop, true));
    window.removeEventListener('scroll', scrolled);
    document.documentElement.style.removeProperty('overflow-anchor');
    held = undefined;
    done();
  };
  // Any other scroll is the reader's (the scroll bar) or a script's: the browser's own anchoring is off meanwhile, as
  // it may keep another element than the reader's block in place.
  const scrolled = () => {
    if (window.scrollY === lastY) return;
    const now = saved.place ? blockTop(saved.place) : undefined;
    const away = now === undefined ? Math.abs(window.scrollY - saved.y) : Math.abs(now - (saved.place?.top ?? 0));
    if (away > movedOn) stop();
    else lastY = window.scrollY;
  };
  document.documentElement.style.setProperty('overflow-anchor', 'none');
  held = saved.place;
  correct();
  inputs.forEach((type) => window.addEventListener(type, stop, { capture: true, passive: true }));
  window.addEventListener('scroll', scrolled, { passive: true });
  observer?.observe(document.body);
  observer?.observe(root);
}

/**
 * Keeps the reader's place across reloads: saved in the page's history entry as they scroll (a place belongs to this
 * tab's visit, not to the learner's progress), and restored on the next load of that entry; `arriving` is a place
 * brought from the same lesson in another language (language-choice.ts), restored when the entry has none of its own.
 */
export function keepPlaceAcrossReloads(root: HTMLElement, arriving?: ReaderPlace): void {
  if (!(root instanceof HTMLElement)) throw new TypeError('keepPlaceAcrossReloads: root must be an HTMLElement');
  if (!('scrollRestoration' in history)) return;
  // The browser's own restoring would land on the estimated heights: the page restores the place itself.
  history.scrollRestoration = 'manual';
  let holding = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A place brought from the page in another language counts only on the first load of this entry.
  const saved = savedPlace() ?? (isPlace(arriving) ? { place: arriving, y: window.scrollY } : undefined);
  if (saved) {
    holding = true;
    holdPlace(saved, root, () => (holding = false));
  }
  const save = () => {
    if (!holding) savePlace(root);
  };
  // Saved once the scrolling pauses: browsers limit how often a page may change its history entry.
  window.addEventListener('scroll', () => {
    clearTimeout(timer);
    timer = setTimeout(save, 100);
  });
}
