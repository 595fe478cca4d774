// The bootstrap's refusal path: where it cannot install, it names exactly what to install and exits non-zero.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const sysroot = mkdtempSync(join(tmpdir(), 'attention-lab-sysroot-'));
chmodSync(sysroot, 0o755); // readable by the unprivileged user of the second test
after(() => rmSync(sysroot, { recursive: true, force: true }));
const allPackages = 'binaryen chromium cmake doctest-dev emscripten g++ libeigen3-dev';

function setup(env, asUser) {
  const command = asUser ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'bash', 'scripts/setup.sh']] : ['bash', ['scripts/setup.sh']];
  return spawnSync(command[0], command[1], { encoding: 'utf8', env: { ...process.env, ...env } });
}

test('on a system that is not Debian it prints the apt-get line and exits 1', () => {
  const result = setup({ ATTENTION_LAB_SYSROOT: sysroot });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /cannot install system packages \(this is not a Debian system with apt-get\)/);
  assert.ok(result.stderr.includes(`  apt-get install -y ${allPackages}\n`), result.stderr);
});

test('as a user who is not root it prints the apt-get line and exits 1', { skip: process.getuid?.() !== 0 && 'needs root to drop to another user' }, () => {
  mkdirSync(join(sysroot, 'etc'), { recursive: true });
  writeFileSync(join(sysroot, 'etc', 'debian_version'), '12.0\n');
  const result = setup({ ATTENTION_LAB_SYSROOT: sysroot }, true);
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /cannot install system packages \(this script is not running as root\)/);
  assert.ok(result.stderr.includes(`Install these (Debian 12 names), then run the command again:\n  apt-get install -y ${allPackages}\n`));
});
