// One way to run vite's build of web/vite.config.ts: the site without a mode, or one of its modes (host, single, lti).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds `mode` of the vite config (the site when undefined), with `env` added to the environment (VITE_* variables
 * reach the bundle as import.meta.env); throws naming the command when vite fails.
 */
export function viteBuild(mode, env = {}) {
  if (mode !== undefined && (typeof mode !== 'string' || !/^[a-z]+$/.test(mode)))
    throw new TypeError(`viteBuild: mode must be a lowercase word or undefined, got ${JSON.stringify(mode)}`);
  const args = ['--no-install', 'vite', 'build', '--config', 'web/vite.config.ts'];
  if (mode) args.push('--mode', mode);
  args.push('--logLevel', 'warn');
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`'npx ${args.join(' ')}' failed`);
}
