// A finished training run comes back after a reload. Only its settings are kept, in the storage that holds the
// learner's progress and under the lesson's name; the page then trains the run again from them at full speed, which
// gives the same curves to the bit (the core's training is deterministic). Curves themselves would not fit.
import type { SafeStorage } from '../lesson/safe-storage.js';

export type RunSettings = Record<string, number | string | boolean>;
/** What was kept for a widget: its finished run's settings, nothing, or something that cannot be read. */
export type KeptRun = { settings: RunSettings } | 'unreadable' | undefined;

let place: { storage: SafeStorage; lesson: string } | undefined;
const waiting: (() => void)[] = [];

/** Where this page keeps finished runs; widgets that asked before this is known are answered now. */
export function keepFinishedRunsIn(storage: SafeStorage, lesson: string): void {
  if (typeof lesson !== 'string' || lesson === '')
    throw new TypeError(`keepFinishedRunsIn: lesson must be a non-empty string, got ${JSON.stringify(lesson)}`);
  place = { storage, lesson };
  waiting.splice(0).forEach((then) => then());
}

/** Calls `then` once the page says where runs are kept (never on a page that keeps none, such as an embed). */
export function whenRunsAreKept(then: () => void): void {
  if (place) then();
  else waiting.push(then);
}

const keyOf = (widgetId: string) => `finished-run:${place?.lesson}:${widgetId}`;

const isSetting = (value: unknown) => ['number', 'string', 'boolean'].includes(typeof value);

export function keptRun(widgetId: string): KeptRun {
  const text = place?.storage.get(keyOf(widgetId));
  if (text === null || text === undefined) return undefined;
  try {
    const kept: unknown = JSON.parse(text);
    const settings = (kept as { settings?: unknown } | null)?.settings;
    if (typeof settings === 'object' && settings !== null && Object.values(settings).every(isSetting))
      return { settings: settings as RunSettings };
  } catch {
    // not JSON: unreadable, like a wrong shape
  }
  return 'unreadable';
}

export function keepFinishedRun(widgetId: string, settings: RunSettings): void {
  place?.storage.set(keyOf(widgetId), JSON.stringify({ settings }));
}

export function forgetFinishedRun(widgetId: string): void {
  place?.storage.remove(keyOf(widgetId));
}

/** The same settings, whatever order their keys were written in. */
export function sameSettings(a: RunSettings, b: RunSettings): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}
