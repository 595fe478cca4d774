// localStorage behind a wrapper that keeps working when storage throws, is partitioned, or is full. Where localStorage
// is refused (a third-party frame in some browsers), sessionStorage may still work: answers then last for the tab.

import { t } from '../i18n/messages.js';

export type StorageMode = 'persistent' | 'memory';
/** How long what the page keeps lasts: across visits, until the tab closes (reloads included), or until it reloads. */
export type StorageLifetime = 'visits' | 'tab' | 'page';

// What the notices promise is what each lifetime does: tests/e2e/embed-storage.test.mjs reloads and reopens to check.
// Read when shown, in the page's language.
export const storageNotices = {
  get tab() {
    return t('storage.tab');
  },
  get page() {
    return t('storage.page');
  },
};

const messages = {
  get fullAtStart() {
    return t('storage.fullAtStart');
  },
  get fullNow() {
    return t('storage.fullNow');
  },
  get stopped() {
    return t('storage.stopped');
  },
  get works() {
    return t('storage.works');
  },
  get worksForTab() {
    return t('storage.worksForTab');
  },
};

// A storage that throws on first touch, or is missing, is no storage.
function usable(probe: () => Storage | undefined, key: string): Storage | undefined {
  try {
    const storage = probe();
    if (!storage) return undefined;
    storage.getItem(key);
    return storage;
  } catch {
    return undefined;
  }
}

export class SafeStorage {
  private readonly memory = new Map<string, string>();
  // Keys whose latest value only memory holds, because writing them failed: written back once storage works again.
  private readonly unsaved = new Set<string>();
  private readonly listeners = new Set<(message: string) => void>();
  private backing: Storage | undefined;
  private failing = false;
  // localStorage was refused and sessionStorage stands in: saved for the tab, not for the next visit.
  private tabOnly = false;
  /** Why progress cannot be kept across visits, for a visible notice; empty when storage works. */
  problem = '';

  constructor(
    private readonly prefix: string,
    probe: () => Storage | undefined = () => globalThis.localStorage,
    private readonly events: Pick<EventTarget, 'addEventListener'> | undefined = globalThis.window,
    tabProbe: () => Storage | undefined = () => globalThis.sessionStorage,
  ) {
    if (typeof prefix !== 'string' || prefix === '') {
      throw new TypeError(`SafeStorage: prefix must be a non-empty string, got ${JSON.stringify(prefix)}`);
    }
    const probeKey = `${prefix}:probe`;
    const storage = usable(probe, probeKey);
    if (!storage) {
      // Refused: the tab's own storage keeps answers across reloads, where the browser allows that much.
      this.backing = usable(tabProbe, probeKey);
      this.tabOnly = this.backing !== undefined;
      this.problem = this.tabOnly ? storageNotices.tab : storageNotices.page;
      return;
    }
    this.backing = storage;
    try {
      storage.setItem(probeKey, '1');
      storage.removeItem(probeKey);
    } catch {
      // Full (or read-only): what was saved can still be read, so keep reading it and keep trying to write.
      this.failing = true;
      this.problem = messages.fullAtStart;
    }
  }

  /** How long what is saved now lasts. */
  get lifetime(): StorageLifetime {
    if (!this.backing || this.failing) return 'page';
    return this.tabOnly ? 'tab' : 'visits';
  }

  get mode(): StorageMode {
    return this.lifetime === 'visits' ? 'persistent' : 'memory';
  }

  /** Told when saving stops working mid-session and when it works again, with a sentence for the learner. */
  onSavingChange(listener: (message: string) => void): void {
    if (typeof listener !== 'function') throw new TypeError('SafeStorage.onSavingChange: listener must be a function');
    this.listeners.add(listener);
  }

  /** Calls `listener` when another tab of this site changes `key` (or clears storage). */
  watch(key: string, listener: () => void): void {
    if (typeof listener !== 'function') throw new TypeError('SafeStorage.watch: listener must be a function');
    const full = `${this.prefix}:${key}`;
    this.events?.addEventListener('storage', (event) => {
      const { key: changed, storageArea } = event as StorageEvent;
      if (this.backing && storageArea === this.backing && (changed === full || changed === null)) listener();
    });
  }

  get(key: string): string | null {
    const full = `${this.prefix}:${key}`;
    if (this.backing && !this.unsaved.has(full)) {
      try {
        return this.backing.getItem(full);
      } catch {
        this.fallBack();
      }
    }
    return this.memory.get(full) ?? null;
  }

  set(key: string, value: string): void {
    const full = `${this.prefix}:${key}`;
    this.memory.set(full, value);
    if (!this.backing) return;
    try {
      this.backing.setItem(full, value);
      this.unsaved.delete(full);
      if (this.failing) this.writeBack();
    } catch {
      this.unsaved.add(full);
      this.startFailing();
    }
  }

  remove(key: string): void {
    const full = `${this.prefix}:${key}`;
    this.memory.delete(full);
    this.unsaved.delete(full);
    try {
      this.backing?.removeItem(full);
    } catch {
      this.fallBack();
    }
  }

  private tell(message: string): void {
    this.listeners.forEach((listener) => listener(message));
  }

  private startFailing(): void {
    if (this.failing) return;
    this.failing = true;
    this.problem = messages.fullNow;
    this.tell(messages.fullNow);
  }

  // A write went through, so there is room again: save what only memory holds.
  private writeBack(): void {
    try {
      for (const full of this.unsaved) this.backing?.setItem(full, this.memory.get(full) ?? '');
    } catch {
      return;
    }
    this.unsaved.clear();
    this.failing = false;
    this.problem = this.tabOnly ? storageNotices.tab : '';
    this.tell(this.tabOnly ? messages.worksForTab : messages.works);
  }

  // Storage that worked at first can start throwing on every touch (settings changed): keep going in memory.
  private fallBack(): void {
    if (!this.backing) return;
    this.backing = undefined;
    this.problem = messages.stopped;
    this.tell(this.problem);
  }
}
