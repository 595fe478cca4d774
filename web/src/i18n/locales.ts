// The languages the page speaks; a third one is a lesson file, a catalog in catalogs/ and one entry here.
export const locales = ['en', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The locale a BCP 47 tag asks for ('zh', 'zh-Hans-CN', 'zh-SG' → 'zh-CN'; 'en-US' → 'en'), or undefined. */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  const [language, ...rest] = parts;
  if (language === 'en') return 'en';
  // Traditional script (zh-Hant, zh-TW, zh-HK) is another written language: not ours yet.
  if (language === 'zh' && !rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part))) return 'zh-CN';
  return undefined;
}
