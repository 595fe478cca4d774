// Which language the reader gets: at the site root on a visit from elsewhere, the language they chose with the switch
// (remembered), else the first of the browser's languages the site has; and the switch itself, which takes the reader's
// place and the page's URL state along to the same lesson in the other language. Progress needs no carrying: it is
// kept per learner and lesson, and both languages are the same lesson.
import { defaultLocale, toLocale, type Locale } from '../i18n/locales.js';
import { readingPlace, type ReaderPlace } from './reader-place.js';
import type { SafeStorage } from './safe-storage.js';

/** Where the reader's explicit choice is kept (in SafeStorage, so a browser that keeps nothing still works). */
export const languageChoiceKey = 'language';
// The place on its way to the other language's page: this tab's only, like the place kept across reloads.
const carriedKey = 'attention-lab:carried-place';

/** The first of the browser's languages (most wanted first) that the site speaks. */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  if (!Array.isArray(languages)) throw new TypeError('browserLocale: languages must be an Array of language tags');
  for (const tag of languages) {
    const locale = toLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}

// The page's versions in every language, from the alternates the build wrote into its head.
function versions(): Map<Locale, string> {
  const found = new Map<Locale, string>();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const locale = toLocale(link.hreflang);
    if (locale && link.href) found.set(locale, link.href);
  }
  return found;
}

// A reader who arrives from another page of this site has already been where they want to be (and may have used the
// switch in a browser that keeps nothing): only a visit from elsewhere is sent on.
function cameFromThisSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * At the site root: sends the reader on to the root in the language they chose before, or on a first visit in the
 * browser's language. True when the page is being left (the caller then starts nothing).
 */
export function goToChosenLanguage(storage: SafeStorage): boolean {
  const page = document.documentElement;
  if (!page.hasAttribute('data-site-root')) return false;
  const chosen = toLocale(storage.get(languageChoiceKey));
  const wanted = chosen ?? (cameFromThisSite() ? undefined : browserLocale(navigator.languages ?? []));
  const here = toLocale(page.lang) ?? defaultLocale;
  const href = wanted && wanted !== here ? versions().get(wanted) : undefined;
  if (!href) return false;
  const target = new URL(href);
  target.search = location.search;
  target.hash = location.hash;
  location.replace(target.href);
  return true;
}

interface CarriedPlace {
  slug: string;
  place: ReaderPlace;
  /** The nearest block at or above the place that has an id (a figure, a question), and how many blocks past it. */
  anchor?: { id: string; after: number };
}

// Figures and questions are the same in both languages, paragraphs need not be: the place is found from the nearest
// of them above it, then counted on, and never past the next of them.
function anchorOf(place: ReaderPlace): CarriedPlace['anchor'] {
  const blocks = [...(document.getElementById(place.section)?.children ?? [])];
  for (let i = Math.min(place.block, blocks.length - 1); i >= 0; i--)
    if (blocks[i]?.id) return { id: blocks[i]!.id, after: place.block - i };
  return undefined;
}

function placeFrom(carried: CarriedPlace): ReaderPlace {
  const anchor = carried.anchor && document.getElementById(carried.anchor.id);
  const section = anchor?.parentElement;
  if (!anchor || !carried.anchor || section?.id !== carried.place.section) return carried.place;
  const blocks = [...section.children];
  const start = blocks.indexOf(anchor);
  let block = start;
  while (block < start + carried.anchor.after && block + 1 < blocks.length && !blocks[block + 1]?.id) block++;
  return { ...carried.place, block };
}

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined; // refused: the link's section anchor still brings the reader near their place
  }
}

/** The place the reader brought from the other language's page of `slug`, once: a reload keeps its own. */
export function arrivingPlace(slug: string | null): ReaderPlace | undefined {
  const storage = tabStorage();
  try {
    const text = storage?.getItem(carriedKey);
    if (!text) return undefined;
    storage?.removeItem(carriedKey);
    const carried = JSON.parse(text) as CarriedPlace;
    return carried.slug === slug ? placeFrom(carried) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes the page's language switch keep the reader: a click remembers the choice, carries the place they were reading
 * (section and block, through this tab's storage, and the section as the link's anchor where that storage is refused;
 * see readingPlace for a reader who came up to the switch) and the URL's widget state to the same lesson in the other
 * language.
 */
export function carryPlaceAcrossLanguages(root: HTMLElement, slug: string, storage: SafeStorage): void {
  if (!(root instanceof HTMLElement)) throw new TypeError('carryPlaceAcrossLanguages: root must be an HTMLElement');
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a.language-switch')) {
    const base = link.href;
    link.addEventListener('click', () => {
      const locale = toLocale(link.dataset.locale);
      if (locale) storage.set(languageChoiceKey, locale);
      const place = readingPlace(root);
      const target = new URL(base);
      target.search = location.search;
      target.hash = location.hash;
      if (place) {
        let carried = false;
        try {
          tabStorage()?.setItem(carriedKey, JSON.stringify({ slug, place, anchor: anchorOf(place) } as CarriedPlace));
          carried = tabStorage() !== undefined;
        } catch {
          // Full or refused: the section's anchor brings the reader near their place.
        }
        // An anchor would scroll the new page after it has put the reader back: only where nothing was carried.
        target.hash = carried ? '' : place.section;
      }
      // The browser follows the link after this handler, to the address as it is now.
      link.href = target.href;
    });
  }
}
