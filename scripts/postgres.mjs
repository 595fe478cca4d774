// A PostgreSQL cluster in a folder of the project's own, for the LTI tool and its tests: created on first use,
// started on a loopback port, stopped by whoever started it. Debian's `postgresql` package provides the binaries.
// Postgres refuses to run as root, so as root the cluster belongs to Debian's `postgres` user.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

const databaseName = 'attention_lab';
const superuser = 'lab';

/** The newest Debian PostgreSQL's binaries, or a clear error naming the package to install. */
export function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error(
      "PostgreSQL is not installed: run 'apt-get install -y postgresql' (Debian 12), or `npm run lti` as root",
    );
  }
  return join(root, versions[0], 'bin');
}

function owner() {
  if (process.getuid?.() !== 0) return null;
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) throw new Error("running as root needs Debian's 'postgres' user (package postgresql)");
  return { uid: Number(ids.stdout), gid: Number(gid.stdout) };
}

function run(user, command, args) {
  const [program, programArgs] = user ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(program, programArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`'${command} ${args.join(' ')}' failed: ${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout;
}

/** A free TCP port on loopback, for a cluster of its own. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

// The postgres user must be able to enter every folder above the cluster's; we never loosen folders we did not make.
function checkReachable(dataDir, user) {
  if (!user) return;
  const reach = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dirname(dataDir)]);
  if (reach.status !== 0) {
    throw new Error(`the postgres user cannot reach ${dirname(dataDir)}: choose a cluster folder it can (LTI_PG_DIR)`);
  }
}

/**
 * Starts (creating it first when missing) the cluster in `folder`, listening on 127.0.0.1:`port` only, with trust
 * authentication for loopback: a private cluster for one machine. `throwaway` (tests) trades durability for speed.
 * Returns its connection URL and a `stop()`.
 */
export async function startPostgres({ folder, port, throwaway = false } = {}) {
  const bin = postgresBin();
  const user = owner();
  const dataDir = resolve(folder);
  const chosenPort = port ?? (await freePort());
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (user) chownSync(dataDir, user.uid, user.gid);
    checkReachable(dataDir, user);
    const initArgs = ['-D', dataDir, '-U', superuser, '--auth=trust', '-E', 'UTF8', '--no-instructions'];
    run(user, join(bin, 'initdb'), throwaway ? [...initArgs, '--no-sync'] : initArgs);
  }
  checkReachable(dataDir, user);
  // A throwaway cluster (tests) skips fsync: it is deleted after the run, and a crash there loses nothing of value.
  const durability = throwaway ? ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off' : '';
  const listen = `-c listen_addresses=127.0.0.1 -c port=${chosenPort} -c unix_socket_directories='${dataDir}'`;
  const options = listen + durability;
  run(user, join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']);
  const psql = (sql) =>
    run(user, join(bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(chosenPort),
      '-U',
      superuser,
      '-d',
      'postgres',
      '-tAc',
      sql,
    ]);
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${databaseName}'`).trim() !== '1') {
    psql(`CREATE DATABASE ${databaseName}`);
  }
  const url = `postgres://${superuser}@127.0.0.1:${chosenPort}/${databaseName}`;
  let stopped = false;
  return {
    url,
    port: chosenPort,
    stop() {
      if (stopped) return;
      stopped = true;
      run(user, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

// As a command: `node scripts/postgres.mjs start <folder> [port]` prints the URL; `stop <folder>` stops it.
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [verb, folder, port] = process.argv.slice(2);
  try {
    if (verb === 'start' && folder) {
      const cluster = await startPostgres({ folder, port: port ? Number(port) : undefined });
      writeFileSync(join(folder, 'url'), `${cluster.url}\n`);
      console.log(cluster.url);
    } else if (verb === 'stop' && folder) {
      const user = owner();
      run(user, join(postgresBin(), 'pg_ctl'), ['-D', resolve(folder), '-m', 'fast', '-w', 'stop']);
    } else {
      console.error('usage: node scripts/postgres.mjs start <folder> [port] | stop <folder>');
      process.exit(2);
    }
  } catch (error) {
    console.error(`attention-lab postgres: ${error.message}`);
    process.exit(1);
  }
}
