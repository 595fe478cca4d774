// The command line of compile-lessons.mjs, read without side effects so a test can check every case.
import { resolve } from 'node:path';

const valued = ['--lessons', '--out'];
const flags = ['--write'];

/**
 * Reads [--lessons DIR] [--out DIR] [--write] [FILE…]; relative paths are taken from the current folder.
 * Throws an Error naming the bad argument.
 */
export function readCompileOptions(args, root) {
  if (!Array.isArray(args)) throw new TypeError(`readCompileOptions: args must be an Array, got ${typeof args}`);
  if (typeof root !== 'string' || root === '') throw new TypeError('readCompileOptions: root must be a folder path');
  const given = {};
  const files = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (valued.includes(arg)) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) {
        throw new Error(`${arg} needs a folder after it; allowed: ${arg} DIR`);
      }
      if (given[arg] !== undefined) throw new Error(`${arg} is given twice; allowed: once`);
      given[arg] = resolve(value);
      i++;
    } else if (flags.includes(arg)) {
      given[arg] = true;
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}; allowed: ${[...valued, ...flags].join(', ')}, or lesson files`);
    } else {
      files.push(resolve(arg));
    }
  }
  if (files.length > 0 && given['--lessons'] !== undefined) {
    const why = '--lessons reads every lesson in a folder, so it cannot be given with lesson files';
    throw new Error(`${why}; allowed: one or the other`);
  }
  return {
    lessonsDir: given['--lessons'] ?? resolve(root, 'lessons'),
    outDir: given['--out'] ?? resolve(root, 'web', 'generated', 'lessons'),
    files,
    write: files.length === 0 || given['--write'] === true,
  };
}
