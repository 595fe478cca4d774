// A checkout copied with its build/ keeps CMake caches that point at the old folder, and cmake refuses them
// ("does not match the source … used to generate cache"): find such build folders so the build can start afresh.
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The source folder a CMakeCache.txt was made for, or undefined when it names none. */
export function cacheSourceFolder(cacheText) {
  if (typeof cacheText !== 'string') {
    throw new TypeError(`cacheSourceFolder: cacheText must be a string, got ${typeof cacheText}`);
  }
  const match = /^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m.exec(cacheText);
  return match?.[1]?.trim() || undefined;
}

function requireFolder(fn, checkout) {
  if (typeof checkout !== 'string' || checkout === '') throw new TypeError(`${fn}: checkout must be a folder path`);
}

// The same folder reached through a symlink or with a trailing slash is still the same checkout.
function canonical(folder) {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}

/** True when the cache was made for another checkout than `checkout`. */
export function isForeignCache(cacheText, checkout) {
  requireFolder('isForeignCache', checkout);
  const source = cacheSourceFolder(cacheText);
  return source !== undefined && canonical(source) !== canonical(checkout);
}

/** Removes every build/<name> whose CMakeCache.txt belongs to another checkout; returns the folders removed. */
export function removeForeignBuilds(checkout) {
  requireFolder('removeForeignBuilds', checkout);
  const buildRoot = join(checkout, 'build');
  if (!existsSync(buildRoot)) return [];
  const removed = [];
  for (const entry of readdirSync(buildRoot, { withFileTypes: true })) {
    const cache = join(buildRoot, entry.name, 'CMakeCache.txt');
    if (!entry.isDirectory() || !existsSync(cache)) continue;
    if (!isForeignCache(readFileSync(cache, 'utf8'), checkout)) continue;
    rmSync(join(buildRoot, entry.name), { recursive: true, force: true });
    removed.push(`build/${entry.name}`);
  }
  return removed;
}
