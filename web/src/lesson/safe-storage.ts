// localStorage behind a wrapper that keeps working when storage throws, is partitioned, or is full.

export type StorageMode = 'persistent' | 'memory';

const messages = {
  blocked: 'This browser is not letting the page save anything, so your progress lasts only until you close the tab.',
  fullAtStart:
    "This browser's storage for this site is full, so new answers last only until you close the tab. " +
    'Answers saved before are still here, and the page saves again as soon as there is room.',
  fullNow:
    "This browser's storage for this site is full, so your new answers are kept only until you close the tab. " +
    'The page tries again with every answer.',
  stopped: 'Saving stopped working in this browser, so from now on your progress lasts only until you close the tab.',
  works: 'Saving works again: the answers you gave meanwhile are now saved in this browser.',
};

export class SafeStorage {
  private readonly memory = new Map<string, string>();
  // Keys whose latest value only memory holds, because writing them failed: written back once storage works again.
  private readonly unsaved = new Set<string>();
  private readonly listeners = new Set<(message: string) => void>();
  private backing: Storage | undefined;
  private failing = false;
  /** Why progress cannot be kept across visits, for a visible notice; empty when storage works. */
  problem = '';

  constructor(
    private readonly prefix: string,
    probe: () => Storage | undefined = () => globalThis.localStorage,
    private readonly events: Pick<EventTarget, 'addEventListener'> | undefined = globalThis.window,
  ) {
    if (typeof prefix !== 'string' || prefix === '') {
      throw new TypeError(`SafeStorage: prefix must be a non-empty string, got ${JSON.stringify(prefix)}`);
    }
    let storage: Storage | undefined;
    try {
      storage = probe();
      if (!storage) throw new Error('no localStorage in this context');
      storage.getItem(`${prefix}:probe`);
    } catch {
      this.problem = messages.blocked;
      return;
    }
    this.backing = storage;
    try {
      storage.setItem(`${prefix}:probe`, '1');
      storage.removeItem(`${prefix}:probe`);
    } catch {
      // Full (or read-only): what was saved can still be read, so keep reading it and keep trying to write.
      this.failing = true;
      this.problem = messages.fullAtStart;
    }
  }

  get mode(): StorageMode {
    return this.backing && !this.failing ? 'persistent' : 'memory';
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
    this.problem = '';
    this.tell(messages.works);
  }

  // Storage that worked at first can start throwing on every touch (settings changed): keep going in memory.
  private fallBack(): void {
    if (!this.backing) return;
    this.backing = undefined;
    this.problem = messages.stopped;
    this.tell(this.problem);
  }
}
