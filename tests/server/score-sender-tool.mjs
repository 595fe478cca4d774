// The tool's score sender as a process of its own, for tests that kill it and start it again: ltijs on the test's
// Postgres (one Provider per process), the platform registered once, the sender started with the env's timings.
// Prints `ready {JSON}` when ready: { platformId, publicKey } (the key the platform checks the token request with).
import ltijs from 'ltijs';
import Database from 'ltijs-sequelize';
import pg from 'pg';
import { migrate, readMigrations } from '../../dist/server/db/migrate.js';
import { ltijsTokens, senderSettings, startScoreSender } from '../../dist/server/scores/index.js';

const { DATABASE_URL, PLATFORM_URL } = process.env;
const url = new URL(DATABASE_URL);
const lti = ltijs.Provider;
const database = new Database(url.pathname.slice(1), decodeURIComponent(url.username), '', {
  host: url.hostname,
  port: Number(url.port),
  dialect: 'postgres',
  logging: false,
});
lti.setup('a test key, not a secret', { plugin: database }, { cookies: { secure: true, sameSite: 'None' } });
await lti.deploy({ serverless: true, silent: true });

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 6 });
await migrate(pool, readMigrations(new URL('../../server/migrations/', import.meta.url).pathname));
const platform = await lti.registerPlatform({
  url: PLATFORM_URL,
  name: 'Loopback platform',
  clientId: 'attention-lab-tool',
  authenticationEndpoint: `${PLATFORM_URL}/auth`,
  accesstokenEndpoint: `${PLATFORM_URL}/token`,
  authConfig: { method: 'JWK_SET', key: `${PLATFORM_URL}/jwks` },
});
const sender = startScoreSender({ pool, tokens: ltijsTokens(lti), ...senderSettings() });
const ready = { platformId: await platform.platformId(), publicKey: await platform.platformPublicKey() };
process.stdout.write(`ready ${JSON.stringify(ready)}\n`);
process.on('SIGTERM', async () => {
  await sender.stop();
  await pool.end();
  process.exit(0);
});
