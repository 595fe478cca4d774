// Runs the LTI tool (dist/server/main.js) as a child process, as `npm run lti` does: ltijs is one provider per
// process, so each tool gets its own. Ready when its health route answers; stop() ends it and waits for the exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/postgres.mjs';

const main = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));
/** The key tests share between instances (it signs ltiks and cookies; two instances must agree on it). */
export const testKey = 'attention-lab-test-key-0123456789abcdef';

/**
 * Starts a tool on `host` against `databaseUrl`, with `platforms` (entries of the platforms file, e.g. from the
 * double's registration()) registered at start. `env` adds or overrides variables. Resolves once /health answers.
 */
export async function startTool({ databaseUrl, platforms = [], host = '127.0.0.2', env = {}, key = testKey } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-tool-'));
  const platformsFile = join(folder, 'platforms.json');
  writeFileSync(platformsFile, JSON.stringify({ platforms }));
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LTI_KEY: key,
      LTI_PLATFORMS: platformsFile,
      HOST: host,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  let gone;
  exited.then((result) => (gone = result));
  const tool = {
    url,
    loginUrl: `${url}/login`,
    launchUrl: `${url}/launch`,
    jwksUrl: `${url}/keys`,
    process: child,
    /** Everything the tool printed so far. */
    output: () => output,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
  // Poll the health route: the tool listens only once its database and registrations are ready.
  const deadline = Date.now() + 120_000; // a safety net for a hung start, far beyond a slow one
  for (;;) {
    if (gone) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`the tool exited (${gone.code ?? gone.signal}) before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await tool.stop();
      throw new Error(`the tool did not become ready:\n${output}`);
    }
    const ready = await fetch(`${url}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return tool;
    await new Promise((done) => setTimeout(done, 50));
  }
}
