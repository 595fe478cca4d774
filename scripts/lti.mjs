// `npm run lti`: the LTI 1.3 tool with a PostgreSQL cluster of its own (.lti/postgres), or the database DATABASE_URL
// names. `npm run lti -- register …` adds a platform to the platforms file; `npm run lti -- platforms` lists them.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stateFolder = join(root, '.lti');
const platformsFile = resolve(process.env.LTI_PLATFORMS ?? join(stateFolder, 'platforms.json'));
const toolMain = join(root, 'dist', 'server', 'main.js');
const shown = (path) => (path.startsWith(root) ? relative(root, path) : path);

const usage = `usage:
  npm run lti                         start the tool (its own PostgreSQL in .lti/postgres, or DATABASE_URL)
  npm run lti -- register --issuer URL --client-id ID --auth-url URL --token-url URL --jwks-url URL
                          --deployment-id ID [--deployment-id ID …] [--name NAME]
  npm run lti -- platforms            list the registered platforms
Environment: DATABASE_URL, LTI_PG_DIR, LTI_KEY, LTI_PLATFORMS, HOST, PORT, LTI_URL, LTI_TRUST_PROXY (see README).`;

class UsageError extends Error {}

async function platformsModule() {
  if (!existsSync(toolMain)) throw new Error('the tool is not built yet: run `npm run lti` once (it builds it)');
  return import(join(root, 'dist', 'server', 'lti', 'platforms.js'));
}

// --name value or --name=value; --deployment-id may repeat.
function parseFlags(args) {
  const names = { issuer: 'issuer', 'client-id': 'clientId', 'auth-url': 'authUrl', 'token-url': 'tokenUrl' };
  Object.assign(names, { 'jwks-url': 'jwksUrl', name: 'name', 'deployment-id': 'deploymentIds' });
  const flags = { deploymentIds: [] };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s);
    const key = names[flag.replace(/^--/, '')];
    if (!flag.startsWith('--') || !key) throw new UsageError(`unknown argument ${args[i]}`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (key === 'deploymentIds') flags.deploymentIds.push(value);
    else flags[key] = value;
  }
  return flags;
}

function toolUrls(base) {
  return [
    `  OIDC login initiation URL   ${base}/login`,
    `  Redirect / target link URI  ${base}/launch`,
    `  Deep Linking URL            ${base}/launch`,
    `  Public JWKS URL             ${base}/keys`,
  ].join('\n');
}

async function register(args) {
  const { checkPlatform, savePlatform } = await platformsModule();
  const flags = parseFlags(args);
  const needed = { issuer: 'issuer', clientId: 'client-id', authUrl: 'auth-url', tokenUrl: 'token-url' };
  Object.assign(needed, { jwksUrl: 'jwks-url' });
  const missing = Object.entries(needed).flatMap(([key, flag]) => (flags[key] ? [] : [`--${flag}`]));
  if (!flags.deploymentIds.length) missing.push('--deployment-id');
  if (missing.length) throw new UsageError(`register needs ${missing.join(', ')}`);
  const platform = checkPlatform(flags, 'the platform');
  mkdirSync(stateFolder, { recursive: true, mode: 0o755 });
  const { added, platform: saved } = savePlatform(platformsFile, platform, { named: flags.name !== undefined });
  console.log(
    `attention-lab lti: ${added ? 'registered' : 'updated'} ${saved.name} (issuer ${saved.issuer}, client id ` +
      `${saved.clientId}, deployments ${saved.deploymentIds.join(', ')}) in ${shown(platformsFile)}.\n` +
      'A running tool applies it when it restarts.',
  );
}

async function listPlatforms() {
  const { readPlatforms } = await platformsModule();
  const platforms = readPlatforms(platformsFile);
  if (!platforms.length) console.log(`No platform in ${shown(platformsFile)} yet: npm run lti -- register …`);
  for (const p of platforms)
    console.log(
      `${p.name}\n  issuer ${p.issuer}\n  client id ${p.clientId}\n  deployments ${p.deploymentIds.join(', ')}`,
    );
}

// The secret every instance shares: LTI_KEY, or one made once and kept in .lti/key (readable by this user only).
function toolKey() {
  if (process.env.LTI_KEY) return process.env.LTI_KEY;
  const file = join(stateFolder, 'key');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const portIsFree = (port, host) =>
  new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });

// As root the cluster belongs to the postgres user, who cannot enter a checkout under /root: then it lives in a folder
// of this checkout's own in that user's home.
function fallbackClusterFolder() {
  const home = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).stdout.split(':')[5];
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return join(home || '/var/lib/postgresql', 'attention-lab', checkout, 'postgres');
}

async function startCluster() {
  if (process.env.LTI_PG_DIR) return startPostgres({ folder: process.env.LTI_PG_DIR });
  try {
    return await startPostgres({ folder: join(stateFolder, 'postgres') });
  } catch (error) {
    if (!/cannot reach/.test(error.message)) throw error;
    const folder = fallbackClusterFolder();
    console.log(`attention-lab lti: the postgres user cannot enter this checkout; the cluster lives in ${folder}`);
    mkdirSync(join(folder, '..'), { recursive: true, mode: 0o755 });
    return startPostgres({ folder });
  }
}

async function start() {
  mkdirSync(stateFolder, { recursive: true, mode: 0o755 });
  chmodSync(stateFolder, 0o755); // as root, the postgres user enters it to reach .lti/postgres
  const host = process.env.HOST ?? '127.0.0.1';
  const wanted = Number(process.env.PORT ?? 3000);
  const port = process.env.PORT || (await portIsFree(wanted, host)) ? wanted : 0;
  const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
  if (cluster) console.log(`attention-lab lti: PostgreSQL is up at ${cluster.url}`);
  const stopCluster = () => {
    try {
      cluster?.stop();
    } catch (error) {
      console.error(`attention-lab lti: stopping PostgreSQL: ${error.message}`);
    }
  };
  const tool = spawn(process.execPath, [toolMain], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL ?? cluster.url,
      LTI_KEY: toolKey(),
      LTI_PLATFORMS: platformsFile,
      HOST: host,
      PORT: String(port),
    },
  });
  tool.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const listening = /listening on (http:\/\/\S+?)\/? /.exec(String(chunk));
    if (listening) {
      const base = process.env.LTI_URL?.replace(/\/+$/, '') ?? listening[1];
      console.log(`Register the tool in your platform with (README, "LTI 1.3 tool"):\n${toolUrls(base)}`);
      const also = cluster ? ' and PostgreSQL' : '';
      console.log(`Platforms: ${shown(platformsFile)} (npm run lti -- register …). Ctrl+C stops the tool${also}.`);
    }
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    tool.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  tool.on('exit', (code, signal) => {
    stopCluster();
    if (stopping) console.log(`attention-lab lti: stopped the tool${cluster ? ' and PostgreSQL' : ''}`);
    else console.error(`attention-lab lti: the tool stopped (${code ?? signal})`);
    process.exit(stopping ? 0 : (code ?? 1));
  });
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === undefined || command === 'start') await start();
  else if (command === 'register') await register(rest);
  else if (command === 'platforms') await listPlatforms();
  else if (command === 'help' || command === '--help') console.log(usage);
  else throw new UsageError(`unknown command ${command}`);
} catch (error) {
  console.error(`attention-lab lti: ${error.message}`);
  if (error instanceof UsageError) console.error(usage);
  process.exit(error instanceof UsageError ? 2 : 1);
}
