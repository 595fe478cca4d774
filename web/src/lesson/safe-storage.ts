// localStorage behind a wrapper that keeps working when storage throws, is partitioned, or is full.

export type StorageMode = 'persistent' | 'memory';

export class SafeStorage {
  private readonly memory = new Map<string, string>();
  private backing: Storage | undefined;
  /** Why progress cannot be kept across visits, for a visible notice; empty when storage works. */
  problem = '';

  constructor(private readonly prefix: string, probe: () => Storage | undefined = () => globalThis.localStorage) {
    try {
      const storage = probe();
      if (!storage) throw new Error('no localStorage in this context');
      const key = `${prefix}:probe`;
      storage.setItem(key, '1');
      storage.removeItem(key);
      this.backing = storage;
    } catch (error) {
      this.problem = 'This browser is not letting the page save anything, so your progress lasts only until you close the tab.';
    }
  }

  get mode(): StorageMode {
    return this.backing ? 'persistent' : 'memory';
  }

  get(key: string): string | null {
    const full = `${this.prefix}:${key}`;
    if (this.backing) {
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
    } catch {
      this.fallBack();
    }
  }

  remove(key: string): void {
    const full = `${this.prefix}:${key}`;
    this.memory.delete(full);
    try {
      this.backing?.removeItem(full);
    } catch {
      this.fallBack();
    }
  }

  // Storage that worked at first can start throwing (quota, settings changed): keep going in memory.
  private fallBack(): void {
    this.backing = undefined;
    this.problem = 'Saving stopped working in this browser, so from now on your progress lasts only until you close the tab.';
  }
}
