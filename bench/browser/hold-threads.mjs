// A page's workers slowed as a CPU `rate` times slower would run them: hold_threads.cpp beside this file stops each
// worker's thread with ptrace for (rate − 1) times the CPU time it used in each quantum, less the time it waited for a
// CPU (a phone's worker has a core of its own), with no round trip to CDP.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const source = new URL('./hold_threads.cpp', import.meta.url);
// Short, so a worker's reply to one slider step is slowed evenly, not by one long stop after it.
const quantumMs = 2;

let built;
/** The helper, compiled once per bench run; undefined (with the reason on stderr) where there is no compiler. */
function helper() {
  built ??= (() => {
    const folder = mkdtempSync(join(tmpdir(), 'attention-lab-hold-'));
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    const binary = join(folder, 'hold_threads');
    try {
      execFileSync('c++', ['-O2', '-std=c++17', '-o', binary, source.pathname], { stdio: 'pipe' });
      return binary;
    } catch (error) {
      console.error(`bench:browser: could not build the worker holder: ${error.message.split('\n')[0]}`);
      return undefined;
    }
  })();
  return built;
}

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

function list(folder) {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** Thread ids of every dedicated worker in the Chromium processes this Node process started. */
export function workerThreads(root = process.pid) {
  const found = [];
  const visit = (pid) => {
    for (const tid of list(`/proc/${pid}/task`))
      if (read(`/proc/${pid}/task/${tid}/comm`).trim() === 'DedicatedWorker') found.push(Number(tid));
    for (const child of read(`/proc/${pid}/task/${pid}/children`).split(' ').filter(Boolean)) visit(Number(child));
  };
  visit(root);
  return found;
}

/** A thread's time on a CPU and waiting for one (ms), from the kernel's scheduler statistics; undefined off Linux. */
export function threadTimes(tid) {
  const [cpu, wait] = read(`/proc/${tid}/schedstat`).split(' ').map(Number);
  return Number.isFinite(cpu) && Number.isFinite(wait) ? { cpu: cpu / 1e6, wait: wait / 1e6 } : undefined;
}

/**
 * Starts the helper at `rate`: { hold(), on(value), close() }, or undefined where it cannot run (no compiler, no
 * /proc, ptrace refused). hold() adds the worker threads not yet held and resolves to how many it holds.
 */
export async function startHolder(rate) {
  const binary = helper();
  if (!binary) return undefined;
  const child = spawn(binary, [String(rate), String(quantumMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = [];
  createInterface({ input: child.stdout }).on('line', (line) => answers.shift()?.(line));
  const ended = new Promise((resolve) => child.on('exit', resolve));
  const ask = (line) =>
    new Promise((resolve) => {
      answers.push(resolve);
      child.stdin.write(`${line}\n`);
    });
  const held = new Set();
  const holder = {
    async hold() {
      for (const tid of workerThreads()) {
        if (held.has(tid)) continue;
        const answer = await ask(`add ${tid}`);
        if (!answer.startsWith('added')) throw new Error(`could not hold worker thread ${tid}: ${answer}`);
        held.add(tid);
      }
      return held.size;
    },
    on: (value) => ask(value ? 'on' : 'off'),
    async close() {
      child.stdin.end();
      await ended;
    },
  };
  return holder;
}
