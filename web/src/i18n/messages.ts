// The page's words: t(key) formats a message of the page's locale (its <html lang>), translate() of a given one.
import { en } from './catalogs/en.js';
import { catalogs as written } from './catalogs.generated.js';
import { formatMessage, type MessageValues } from './format-message.js';
import { defaultLocale, toLocale, type Locale } from './locales.js';

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;
export type { MessageValues };

// Every catalog in catalogs/, as scripts/locale-index.mjs lists them.
export const catalogs: Record<Locale, Catalog> = written;

/** The page's locale: `<html lang>`, set by the prerendered page or the embed before the lesson mounts. */
export function pageLocale(): Locale {
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  return toLocale(root?.lang) ?? defaultLocale;
}

/** A message of `locale`, for code that runs without a page (the quiz engine on the server). */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const catalog = catalogs[locale] ?? catalogs[defaultLocale];
  return formatMessage(locale, catalog[key] ?? en[key], values);
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
