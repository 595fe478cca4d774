// What this thread's core keeps of its recent draws (core/recent_draws.hpp), mirrored so that a figure can tell what a
// step will cost: per setting, how many draws are kept, the most recent last, the oldest dropped past the core's limit.
export class KeptDraws {
  private readonly kept = new Map<string, number>();
  private core?: object;

  /** `limit` is the core's, in its entries; `perDraw` the entries one draw holds (e.g. dₖ points × scales a trial). */
  constructor(
    private readonly limit: number,
    private readonly perDraw = 1,
  ) {}

  /** How many draws the core keeps for `setting`. */
  count(setting: string): number {
    return this.kept.get(setting) ?? 0;
  }

  /**
   * Mirrors `core` from now on: a core other than the one before keeps nothing yet (the worker's full core, taking
   * over from the first figure's small one).
   */
  follow(core: object): void {
    if (core === this.core) return;
    this.kept.clear();
    this.core = core;
  }

  /** The core drew `count` for `setting`, which is now its most recent. */
  drew(setting: string, count: number): void {
    const most = Math.max(this.count(setting), count);
    this.kept.delete(setting);
    this.kept.set(setting, most);
    let total = [...this.kept.values()].reduce((sum, c) => sum + c * this.perDraw, 0);
    for (const [oldest, c] of this.kept) {
      if (total <= this.limit || oldest === setting) break;
      this.kept.delete(oldest);
      total -= c * this.perDraw;
    }
  }
}
