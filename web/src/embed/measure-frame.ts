// "Embed this" measures a snippet's height in a hidden frame of the lesson page's own origin. That frame keeps nothing
// (the instructor's progress in this browser stays as it was) and shows the notice a frame without storage shows.
import { SafeStorage } from '../lesson/safe-storage.js';

/** The name the lesson page gives its measuring frame. */
export const measuringFrameName = 'attention-lab-measure';

/** Whether this page is the lesson page's measuring frame: named so, and framed by a page of this very origin. */
export function isMeasuringFrame(win: Window = window): boolean {
  if (win.name !== measuringFrameName || win.parent === win) return false;
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    return false; // another origin framed us under that name: an ordinary embed
  }
}

/** Storage that keeps nothing, as in a browser that refuses all storage, so its notice is part of the height. */
export const measuringStorage = (): SafeStorage =>
  new SafeStorage(
    'attention-lab',
    () => undefined,
    undefined,
    () => undefined,
  );
