// For variant=learner without an LMS: a random seed kept in this browser stands in for the learner's id, so the
// learner keeps their variants across visits; where storage is refused it lasts for the tab or the page, and says so.
import { t } from '../i18n/messages.js';
import type { SafeStorage } from '../lesson/safe-storage.js';

const seedKey = 'variant-seed';
const wellFormed = /^[0-9a-f]{16,64}$/;

export const seedNotices = {
  get tab() {
    return t('seed.keptForTab');
  },
  get page() {
    return t('seed.keptNowhere');
  },
};

/** A new random seed, 32 hex digits. */
export function freshSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The seed this browser keeps for the learner (made on first use); `notice` when it will not outlive the visit. */
export function learnerSeed(storage: SafeStorage): { seed: string; notice?: string } {
  if (storage === null || typeof storage !== 'object' || typeof storage.get !== 'function')
    throw new TypeError('learnerSeed: storage must be a SafeStorage');
  const kept = storage.get(seedKey);
  const seed = kept !== null && wellFormed.test(kept) ? kept : freshSeed();
  if (seed !== kept) storage.set(seedKey, seed);
  const { lifetime } = storage;
  return lifetime === 'visits' ? { seed } : { seed, notice: seedNotices[lifetime] };
}
