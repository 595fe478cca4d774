// The page's words: t(key) formats a message of the page's locale (its <html lang>), translate() of a given one.
import type { en } from './catalogs/en.js';
import { catalogLoaders } from './catalogs.generated.js';
import { formatMessage, type MessageValues } from './format-message.js';
import { defaultLocale, locales, toLocale, type Locale } from './locales.js';

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;
export type { MessageValues };

/** The catalogs loaded so far: every one without a page (Node), on a page those loadCatalog brought in. */
export const catalogs: Partial<Record<Locale, Catalog>> = {};
const loading = new Map<Locale, Promise<Catalog>>();

/** Brings in `locale`'s catalog (once): a page awaits its own language's before it shows any of its words. */
export function loadCatalog(locale: Locale): Promise<Catalog> {
  if (!locales.includes(locale)) throw new RangeError(`loadCatalog: locale must be one of ${locales.join(', ')}`);
  const bundled = catalogs[locale];
  if (bundled) return Promise.resolve(bundled);
  let load = loading.get(locale);
  if (!load) {
    load = catalogLoaders[locale]().then(
      (catalog) => (catalogs[locale] = catalog as Catalog),
      (error: unknown) => {
        loading.delete(locale); // a dropped connection may be tried again
        throw error;
      },
    );
    loading.set(locale, load);
  }
  return load;
}

/**
 * A page's words: `locale`'s catalog, or when it cannot be fetched the original's (and the error, for a notice), so
 * that the page still speaks.
 */
export async function loadPageWords(locale: Locale): Promise<void> {
  try {
    await loadCatalog(locale);
  } catch (error) {
    if (locale !== defaultLocale) await loadCatalog(defaultLocale);
    throw error;
  }
}

/** Whether any catalog is in: t() has words to say. */
export const anyCatalogLoaded = (): boolean => Object.keys(catalogs).length > 0;

// Without a page (the quiz engine on the server, the build's scripts, tests) every language is at hand from the start.
if (typeof document === 'undefined') await Promise.all(locales.map(loadCatalog));

/** The page's locale: `<html lang>`, set by the prerendered page or the embed before the lesson mounts. */
export function pageLocale(): Locale {
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  return toLocale(root?.lang) ?? defaultLocale;
}

/**
 * A message of `locale`; on a page whose catalog of `locale` is not in (an embed asking another language, a failed
 * fetch) it is said in a language the page has, the original first. Throws if none is in: boots load theirs first.
 */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const shown = catalogs[locale] ? locale : [defaultLocale, ...locales].find((other) => catalogs[other]);
  if (shown === undefined) throw new Error(`translate: no catalog is loaded yet; await loadCatalog('${locale}') first`);
  return formatMessage(shown, catalogs[shown]![key], values);
}

/** A message of the page's locale. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(pageLocale(), key, values);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the locale writes it (zh-CN uses the same digits, grouping and point as English). */
export function formatNumber(x: number, options: Intl.NumberFormatOptions = {}, locale = pageLocale()): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(x);
}
