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
const allPackages =
  'binaryen chromium clang-14 clang-format cmake doctest-dev emscripten g++ libclang-rt-14-dev libeigen3-dev ' +
  'libxml2-utils';

// A stand-in apt-get that fails as apt does when another process holds its lock.
function failingAptOnPath() {
  const bin = join(sysroot, 'fake-bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'apt-get'),
    '#!/bin/sh\necho "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2\nexit 100\n',
    { mode: 0o755 },
  );
  return `${bin}:${process.env.PATH}`;
}

function setup(env, asUser, args = []) {
  const command = asUser
    ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'bash', 'scripts/setup.sh', ...args]]
    : ['bash', ['scripts/setup.sh', ...args]];
  return spawnSync(command[0], command[1], { encoding: 'utf8', env: { ...process.env, ...env } });
}

test('on a system that is not Debian it prints the apt-get line and exits 1', () => {
  const result = setup({ ATTENTION_LAB_SYSROOT: sysroot });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /cannot install system packages \(this is not a Debian system with apt-get\)/);
  assert.ok(result.stderr.includes(`  apt-get install -y ${allPackages}\n`), result.stderr);
});

test('for tests it also names PostgreSQL, the site generators, LibreOffice Calc, llvm-cov and CJK fonts', () => {
  const forTest = setup({ ATTENTION_LAB_SYSROOT: sysroot }, false, ['--for', 'test']);
  assert.equal(forTest.status, 1);
  assert.ok(
    forTest.stderr.includes(
      `  apt-get install -y ${allPackages} postgresql\n` +
        '  apt-get install -y --no-install-recommends fonts-noto-cjk hugo jekyll jupyter-nbconvert ' +
        'libreoffice-calc-nogui llvm-14 mkdocs ' +
        'python3-ipykernel python3-sphinx\n',
    ),
    forTest.stderr,
  );
  const forStart = setup({ ATTENTION_LAB_SYSROOT: sysroot }, false, ['--for', 'start']);
  assert.equal(forStart.status, 1);
  assert.ok(forStart.stderr.endsWith(`  apt-get install -y ${allPackages}\n`), forStart.stderr);
  // The LTI tool server needs PostgreSQL, which the lesson alone never does.
  const forLti = setup({ ATTENTION_LAB_SYSROOT: sysroot }, false, ['--for', 'lti']);
  assert.equal(forLti.status, 1);
  assert.ok(forLti.stderr.endsWith(`  apt-get install -y ${allPackages} postgresql\n`), forLti.stderr);
});

test(
  'as a user who is not root it prints the apt-get line and exits 1',
  { skip: process.getuid?.() !== 0 && 'needs root to drop to another user' },
  () => {
    mkdirSync(join(sysroot, 'etc'), { recursive: true });
    writeFileSync(join(sysroot, 'etc', 'debian_version'), '12.0\n');
    const result = setup({ ATTENTION_LAB_SYSROOT: sysroot }, true);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /cannot install system packages \(this script is not running as root\)/);
    assert.ok(
      result.stderr.includes(
        `Install these (Debian 12 names), then run the command again:\n  apt-get install -y ${allPackages}\n`,
      ),
    );
  },
);

test(
  'when apt-get itself fails it still prints the exact install line and exits 1',
  { skip: process.getuid?.() !== 0 && 'the install path runs only as root' },
  () => {
    mkdirSync(join(sysroot, 'etc'), { recursive: true });
    writeFileSync(join(sysroot, 'etc', 'debian_version'), '12.0\n');
    const result = setup({ ATTENTION_LAB_SYSROOT: sysroot, PATH: failingAptOnPath() });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /Could not get lock/);
    assert.ok(
      result.stderr.includes(
        `apt-get could not install the packages (see its message above).\nFix that, or install these yourself, ` +
          `then run the command again:\n  apt-get install -y ${allPackages}\n`,
      ),
      result.stderr,
    );
  },
);
