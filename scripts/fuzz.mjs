// Runs every libFuzzer harness of tests/fuzz at once, one process each (built by `build.mjs --for fuzz|test`), and
// beside them the Embind harness (tests/fuzz/embind): rejected calls into every entry point of the WASM module.
//   node scripts/fuzz.mjs <seconds>       fuzz that long; new crashing inputs are kept in tests/fuzz/corpus/<harness>/;
//                                         the Embind harness makes 10⁶ rejected calls per entry point, however long
//   node scripts/fuzz.mjs --smoke [runs]  the committed corpus, then new inputs up to that many runs, and that many
//                                         rejected calls per entry point (a test layer)
// Exits non-zero if any harness crashed, leaked, timed out or ran out of memory, or a rejected call did not end in its
// documented error or left the module changed.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const built = 'build/sanitize/fuzz';
const corpusRoot = 'tests/fuzz/corpus';
const smoke = process.argv.includes('--smoke');
const number = process.argv.slice(2).find((arg) => /^\d+$/.test(arg));
const seconds = smoke ? 0 : Number(number ?? 60);
const smokeRuns = smoke ? Number(number ?? 4000) : 0;

const embindModule = 'web/generated/wasm-testing/attention_core_testing.wasm';
for (const needed of [built, embindModule, 'dist/lib/src/core/api.js']) {
  if (existsSync(needed)) continue;
  console.error(`fuzz: ${needed} is missing; build the harnesses with: node scripts/build.mjs --for fuzz`);
  process.exit(1);
}
const harnesses = readdirSync(built)
  .filter((name) => name.endsWith('_fuzz'))
  .sort();
if (harnesses.length === 0) {
  console.error(`fuzz: ${built} holds no *_fuzz harness`);
  process.exit(1);
}

function runHarness(binary) {
  const name = binary.replace(/_fuzz$/, '');
  const seeds = join(corpusRoot, name);
  // libFuzzer adds what it finds to its first corpus folder: a scratch one, so the committed seeds stay as they are.
  const scratch = join('build/sanitize', smoke ? 'fuzz-smoke' : 'fuzz-corpus', name);
  const crashes = join('build/sanitize/fuzz-crashes', name);
  if (smoke) rmSync(scratch, { recursive: true, force: true });
  for (const folder of [seeds, scratch, crashes]) mkdirSync(folder, { recursive: true });
  const budget = smoke ? [`-runs=${smokeRuns}`, '-seed=1'] : [`-max_total_time=${seconds}`];
  const args = [
    ...budget,
    '-max_len=4096',
    '-timeout=60',
    '-rss_limit_mb=2048',
    '-print_final_stats=1',
    `-artifact_prefix=${crashes}/`,
    scratch,
    seeds,
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(join(built, binary), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.length > 4_000_000) log = log.slice(-2_000_000); // the tail holds the report and the final stats
    });
    child.on('close', (code) => {
      const executions = Number(/stat::number_of_executed_units:\s*(\d+)/.exec(log)?.[1] ?? NaN);
      resolve({ name, code, executions, seconds: (Date.now() - started) / 1000, log, crashes, seeds });
    });
  });
}

// The Embind harness in its own Node process, so a trap or a runaway heap there cannot take this script down with it.
function runEmbind() {
  const calls = smoke ? smokeRuns : 1000000;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tests/fuzz/embind/run.mjs', '--calls', String(calls)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('close', (code) => resolve({ code, log, seconds: (Date.now() - started) / 1000 }));
  });
}

console.log(
  smoke
    ? `fuzz: smoke run, ${smokeRuns} runs per harness: its corpus, then new inputs; ` +
        `${smokeRuns} rejected calls per WASM entry point`
    : `fuzz: ${harnesses.length} harnesses for ${seconds} s each, all at once, ` +
        'and 10⁶ rejected calls per WASM entry point',
);
const [embind, ...results] = await Promise.all([runEmbind(), ...harnesses.map(runHarness)]);
let failed = 0;
for (const r of results) {
  const rate = r.seconds > 0 ? Math.round(r.executions / r.seconds) : 0;
  console.log(
    `fuzz: ${r.name.padEnd(10)} ${String(r.executions).padStart(10)} executions in ${r.seconds.toFixed(1)} s` +
      ` (${rate}/s)${r.code === 0 ? '' : ' FAILED'}`,
  );
  if (r.code === 0) continue;
  failed += 1;
  const report = r.log
    .split('\n')
    .filter((line) => /ERROR|runtime error|expectation failed|SUMMARY|Test unit written/.test(line));
  console.log(
    report
      .slice(0, 12)
      .map((line) => `  ${line}`)
      .join('\n'),
  );
  // Crashing inputs become regression seeds of that harness (commit them once the defect is fixed).
  for (const file of readdirSync(r.crashes)) {
    copyFileSync(join(r.crashes, file), join(r.seeds, file));
    console.log(`  kept ${join(r.seeds, file)}; reproduce: ${join(built, `${r.name}_fuzz`)} ${join(r.seeds, file)}`);
    rmSync(join(r.crashes, file));
  }
}
process.stdout.write(embind.log);
if (embind.code !== 0) {
  failed += 1;
  console.log(`fuzz: the Embind harness FAILED (exit ${embind.code}) after ${embind.seconds.toFixed(1)} s`);
}
console.log(`fuzz: ${results.length + 1 - failed} passed, ${failed} failed (${results.length} libFuzzer, 1 Embind)`);
process.exit(failed ? 1 : 0);
