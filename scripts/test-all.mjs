// `npm test` after setup: every test layer in one run, each printing its runner's summary; non-zero if any fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const testFiles = (folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => `${folder}/${name}`);

const layers = [
  { name: 'native core (doctest via ctest)', command: 'ctest', args: ['--preset', 'native', '-j', '2'] },
  {
    name: 'native core under ASan + UBSan (doctest via ctest, clang-14)',
    command: 'ctest',
    args: ['--preset', 'sanitize', '-j', '2'],
  },
  {
    name: 'fuzz smoke: every libFuzzer harness (its corpus, then new inputs) and the Embind harness, 20000 runs each',
    command: 'node',
    args: ['scripts/fuzz.mjs', '--smoke', '20000'],
  },
  {
    name: 'WASM core and front end in Node (node:test)',
    command: 'node',
    args: ['--test', '--test-reporter=spec', ...testFiles('tests/js')],
  },
  {
    name: 'lesson page in Chromium (node:test + playwright-core)',
    command: 'node',
    args: ['--test', '--test-concurrency=1', '--test-reporter=spec', ...testFiles('tests/e2e')],
  },
  {
    name: 'LTI tool server on PostgreSQL (node:test; its own clusters, started and stopped here)',
    command: 'node',
    args: ['--test', '--test-concurrency=1', '--test-reporter=spec', ...testFiles('tests/server')],
  },
  { name: 'line coverage of core/ (gcov, at least 90%)', command: 'bash', args: ['scripts/coverage.sh'] },
  { name: 'lint (ESLint, Prettier, clang-format, 120 columns)', command: 'node', args: ['scripts/lint.mjs'] },
  {
    name: 'TypeScript type check (tsc)',
    command: 'npx',
    args: ['--no-install', 'tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
];

const failed = [];
for (const layer of layers) {
  console.log(`\n=== ${layer.name}`);
  const started = Date.now();
  const result = spawnSync(layer.command, layer.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`=== ${layer.name}: passed in ${seconds} s`);
  else {
    console.log(`=== ${layer.name}: FAILED in ${seconds} s`);
    failed.push(layer.name);
  }
}
console.log(`\nlayers: ${layers.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) {
  console.log(`failed: ${failed.join('; ')}`);
  process.exit(1);
}
