// The languages the page speaks: one per catalog in catalogs/, listed with the tags it answers by
// scripts/locale-index.mjs, so a third language is its lessons' translations and its catalog, nothing else.
import { catalogLocales, localeTags } from './catalogs.generated.js';

export const locales = catalogLocales;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

const answered: readonly { locale: Locale; language: string; except: readonly string[] }[] = localeTags;

/** The locale a BCP 47 tag asks for ('zh', 'zh-Hans-CN', 'zh-SG' → 'zh-CN'; 'en-US' → 'en'), or undefined. */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const [language, ...rest] = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  // Each catalog names its language and the subtags that make another written language (zh-Hant is not zh-CN's).
  return answered.find((a) => a.language === language && !rest.some((part) => a.except.includes(part)))?.locale;
}
