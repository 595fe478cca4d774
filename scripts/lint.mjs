// `npm run lint`: ESLint (strict-CSP rules included), Prettier's check, clang-format's check, and lines of at most
// 120 characters in the code we write. Exits non-zero when any of them finds something.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const maxLine = 120;
const tracked = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean);
const script = (name) => /\.(ts|mjs|js)$/.test(name) && !name.includes('node_modules/') && !name.startsWith('dist/');
const cpp = (name) => /\.(cpp|hpp|h)$/.test(name) && !name.startsWith('build/');
const scripts = tracked.filter(script);
const sources = tracked.filter(cpp);

const checks = [
  ['ESLint', 'npx', ['--no-install', 'eslint', '--max-warnings', '0', ...scripts]],
  ['Prettier', 'npx', ['--no-install', 'prettier', '--check', '--log-level', 'warn', ...scripts]],
  ['clang-format', 'clang-format', ['--dry-run', '--Werror', ...sources]],
];

let failed = 0;
for (const [name, command, args] of checks) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.log(`lint: ${name} found problems${name === 'ESLint' ? '' : ' (npm run format fixes them)'}`);
    failed++;
  }
}
const long = [...scripts, ...sources].flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => ([...line].length > maxLine ? [`${file}:${i + 1}: ${[...line].length} characters`] : [])),
);
if (long.length) {
  console.log(`lint: lines over ${maxLine} characters:\n  ${long.join('\n  ')}`);
  failed++;
}
console.log(`lint: ${checks.length + 1 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
