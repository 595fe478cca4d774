// A copied checkout's build/ holds CMake caches made for the old folder: the build finds and removes exactly those.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cacheSourceFolder, isForeignCache, removeForeignBuilds } from '../../scripts/stale-build.mjs';

const work = mkdtempSync(join(tmpdir(), 'attention-lab-cache-'));
after(() => rmSync(work, { recursive: true, force: true }));

// The lines around the one that matters, as CMake writes them.
const cacheFor = (folder) =>
  [
    '# This is the CMakeCache file.',
    'CMAKE_BUILD_TYPE:STRING=Release',
    `CMAKE_HOME_DIRECTORY:INTERNAL=${folder}`,
    'CMAKE_RANLIB:FILEPATH=/usr/bin/ranlib',
    '',
  ].join('\n');

describe('isForeignCache', () => {
  const checkout = join(work, 'copy');
  const original = join(work, 'original');
  mkdirSync(checkout, { recursive: true });
  mkdirSync(original, { recursive: true });

  test('reads the source folder the cache was made for', () => {
    assert.equal(cacheSourceFolder(cacheFor(original)), original);
    assert.equal(cacheSourceFolder('CMAKE_BUILD_TYPE:STRING=Release\n'), undefined);
  });

  test('a cache made for another folder is foreign, one made here is not', () => {
    assert.equal(isForeignCache(cacheFor(original), checkout), true);
    assert.equal(isForeignCache(cacheFor(checkout), checkout), false);
    assert.equal(isForeignCache(cacheFor(`${checkout}/`), checkout), false);
    // The old checkout may be gone entirely.
    assert.equal(isForeignCache(cacheFor(join(work, 'deleted')), checkout), true);
  });

  test('the same checkout reached through a symlink is not foreign', () => {
    const link = join(work, 'link-to-copy');
    symlinkSync(checkout, link);
    assert.equal(isForeignCache(cacheFor(link), checkout), false);
  });

  test('a cache that names no folder is left alone', () => {
    assert.equal(isForeignCache('', checkout), false);
  });

  test('bad arguments are named', () => {
    assert.throws(() => cacheSourceFolder(undefined), {
      name: 'TypeError',
      message: 'cacheSourceFolder: cacheText must be a string, got undefined',
    });
    assert.throws(() => isForeignCache('', ''), { message: 'isForeignCache: checkout must be a folder path' });
    const message = 'removeForeignBuilds: checkout must be a folder path';
    assert.throws(() => removeForeignBuilds(undefined), { message });
  });
});

describe('removeForeignBuilds', () => {
  test("removes the build folders configured elsewhere and keeps this checkout's", () => {
    const checkout = join(work, 'copied-checkout');
    const elsewhere = join(work, 'elsewhere');
    for (const [name, source] of [
      ['native', elsewhere],
      ['wasm', checkout],
      ['coverage', elsewhere],
    ]) {
      mkdirSync(join(checkout, 'build', name), { recursive: true });
      writeFileSync(join(checkout, 'build', name, 'CMakeCache.txt'), cacheFor(source));
      writeFileSync(join(checkout, 'build', name, 'object.o'), '');
    }
    mkdirSync(join(checkout, 'build', 'no-cache'), { recursive: true });
    assert.deepEqual(removeForeignBuilds(checkout).sort(), ['build/coverage', 'build/native']);
    assert.ok(!existsSync(join(checkout, 'build', 'native')));
    assert.ok(!existsSync(join(checkout, 'build', 'coverage')));
    assert.ok(existsSync(join(checkout, 'build', 'wasm', 'object.o')));
    assert.ok(existsSync(join(checkout, 'build', 'no-cache')));
    assert.deepEqual(removeForeignBuilds(checkout), []);
  });

  test('a checkout never built has nothing to remove', () => {
    assert.deepEqual(removeForeignBuilds(join(work, 'never-built')), []);
  });
});
