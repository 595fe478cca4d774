// The languages the page speaks. A third language is one more entry here, its catalog and its lesson files.

export const locales = ['en', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/**
 * The locale a language tag asks for (case-insensitive): 'zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-SG' → 'zh-CN';
 * 'en', 'en-US', … → 'en'; undefined for any other language or a tag that is not one.
 */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const wanted = tag.trim().toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(wanted)) return undefined;
  const exact = locales.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  // Traditional script or regions that write it are not Simplified Chinese.
  if (language === 'zh' && /-(hant|tw|hk|mo)(-|$)/.test(wanted)) return undefined;
  return locales.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
}
