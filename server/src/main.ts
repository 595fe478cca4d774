// `node dist/server/main.js`: the LTI tool. Applies the migrations, sets ltijs up on the database, registers the
// platforms file, then listens. Settings come from the environment (see config.ts; scripts/lti.mjs sets them).
import { createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot, readConfig } from './config.js';
import { migrate, readMigrations } from './db/migrate.js';
import { loadCatalog } from './lessons/catalog.js';
import { readPlatforms } from './lti/platforms.js';
import { registerPlatforms } from './lti/registry.js';
import { mountRoutes, setUpTool } from './tool.js';

// ltijs creates its tables and registers platforms without a lock of its own: instances starting together take turns.
const setupLock = 4_137_552;

async function main(): Promise<void> {
  const config = readConfig();
  const catalog = loadCatalog(config.lessonsFolder);
  const platforms = config.platformsFile ? readPlatforms(config.platformsFile) : [];
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 8 });
  await migrate(pool, readMigrations(join(projectRoot, 'server', 'migrations')));
  const lock = await pool.connect();
  let tool;
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [setupLock]);
    tool = await setUpTool(config, pool, catalog);
    if (config.platformsFile) await registerPlatforms(tool.lti, pool, platforms);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [setupLock]).catch(() => undefined);
    lock.release();
  }
  mountRoutes(tool, { config, catalog, pool });
  const server = createServer(tool.app);
  await new Promise<void>((done, fail) => server.once('error', fail).listen(config.port, config.host, done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const registered = platforms.length ? `${platforms.length} platform(s) registered` : 'no platform registered yet';
  console.log(`attention-lab lti: listening on http://${config.host}:${port}/ (${registered})`);
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void Promise.allSettled([tool.lti.close({ silent: true }), pool.end()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
}

// ltijs leaves some database calls unawaited; a failure there is logged, and the tool keeps answering.
process.on('unhandledRejection', (error) => {
  console.error(`attention-lab lti: ${(error as Error)?.stack ?? String(error)}`);
});

main().catch((error: Error) => {
  console.error(`attention-lab lti: ${error.message}`);
  process.exit(1);
});
