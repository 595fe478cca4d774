// A Storage that lives only as long as the page: for progress kept elsewhere (the LMS), so nothing lingers on a shared
// computer and no "cannot save" notice is shown.
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  [name: string]: unknown;

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}
