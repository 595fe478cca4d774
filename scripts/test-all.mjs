// `npm test` after setup: every test layer in one run, each printing its runner's summary; non-zero if any fails.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunch, sharedChromiumVariable } from './chromium.mjs';

const testFiles = (folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => `${folder}/${name}`);

const layers = [
  { name: 'native core (doctest via ctest)', command: 'ctest', args: ['--preset', 'native', '-j', '2'] },
  {
    // One instrumented build and run for both: compiling and running the suite a third time cost over a minute.
    name: 'native core under ASan + UBSan, and its line coverage of core/ (doctest via ctest, clang-14, at least 90%)',
    command: 'bash',
    args: ['scripts/coverage.sh'],
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
    // Two files at a time: a file waits on its pages much of the time, so one alone leaves a core idle.
    args: ['--test', '--test-concurrency=2', '--test-reporter=spec', ...testFiles('tests/e2e')],
    // One Chromium for the whole layer: each file connects to it and makes fresh contexts (no launch of its own).
    sharedChromium: true,
  },
  {
    name: 'LTI tool server on PostgreSQL (node:test; its own clusters, started and stopped here)',
    command: 'node',
    args: ['--test', '--test-concurrency=1', '--test-reporter=spec', ...testFiles('tests/server')],
  },
  { name: 'lint (ESLint, Prettier, clang-format, 120 columns)', command: 'node', args: ['scripts/lint.mjs'] },
  {
    name: 'TypeScript type check (tsc)',
    command: 'npx',
    args: ['--no-install', 'tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
];

// Not spawnSync: the shared Chromium's server answers the test files from this process's event loop.
const exitCode = (command, args, env) =>
  new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });

async function runLayer(layer) {
  if (!layer.sharedChromium) return exitCode(layer.command, layer.args, process.env);
  const server = await chromium.launchServer(chromiumLaunch);
  try {
    return await exitCode(layer.command, layer.args, { ...process.env, [sharedChromiumVariable]: server.wsEndpoint() });
  } finally {
    await server.close();
  }
}

const failed = [];
for (const layer of layers) {
  console.log(`\n=== ${layer.name}`);
  const started = Date.now();
  const status = await runLayer(layer).catch((error) => {
    console.log(`${layer.name}: ${error.message}`);
    return 1;
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) console.log(`=== ${layer.name}: passed in ${seconds} s`);
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
