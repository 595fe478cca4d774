// The tool's settings, all from the environment (scripts/lti.mjs sets them; a deployment sets its own), each checked
// with a message that names the variable.
import { fileURLToPath } from 'node:url';

/** The checkout (or installed package) the tool runs from: dist/server/config.js is two folders below it. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ToolConfig {
  databaseUrl: string;
  /** Signs ltiks and cookies and encrypts the tool's keys in the database: every instance shares it. */
  key: string;
  host: string;
  port: number;
  /** The platforms file (JSON), registered at start; none when unset. */
  platformsFile?: string;
  /** Practice launches get this folder's pages under /site/ (today's static site). */
  siteRoot: string;
  /** Graded launches get this folder's pages under /graded/ (the answer-free page). */
  gradedRoot: string;
  /** Compiled lessons (with answers; never served): web/generated/lessons. */
  lessonsFolder: string;
  /** The tool's public URL behind a proxy (https://lab.example.edu/lti); else taken from each request. */
  publicUrl?: string;
  /** Express's `trust proxy` setting, for X-Forwarded-Proto and -For behind a reverse proxy. */
  trustProxy?: string;
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set: ${why}`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ToolConfig {
  const databaseUrl = required(
    env,
    'DATABASE_URL',
    'the tool keeps everything in PostgreSQL (postgres://user@host/db)',
  );
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  const key = required(env, 'LTI_KEY', 'a secret of at least 32 characters, the same for every instance');
  if (key.length < 32) throw new Error(`LTI_KEY must be at least 32 characters long, got ${key.length}`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0 to 65535, got ${env.PORT}`);
  const publicUrl = env.LTI_URL?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl))
    throw new Error(`LTI_URL must be the tool's public URL, like https://lab.example.edu/lti; got ${env.LTI_URL}`);
  const siteRoot = env.LTI_SITE_ROOT ?? `${projectRoot}dist/site`;
  return {
    databaseUrl,
    key,
    host: env.HOST ?? '127.0.0.1',
    port,
    platformsFile: env.LTI_PLATFORMS || undefined,
    siteRoot,
    gradedRoot: env.LTI_GRADED_ROOT ?? `${projectRoot}dist/lti-site`,
    lessonsFolder: env.LTI_LESSONS ?? `${projectRoot}web/generated/lessons`,
    publicUrl: publicUrl || undefined,
    trustProxy: env.LTI_TRUST_PROXY || undefined,
  };
}
