// The platforms file: every LMS this tool trusts, as its administrator registered it (issuer, the client id the LMS
// gave the tool, the LMS's authorization, token and JWKS URLs, and the deployment ids of the tool in that LMS).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface PlatformEntry {
  name: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  deploymentIds: string[];
}

const urlFields = ['issuer', 'authUrl', 'tokenUrl', 'jwksUrl'] as const;

/** Checks one entry; `where` names it in the message ("platforms.json, platform 2"). */
export function checkPlatform(entry: unknown, where: string): PlatformEntry {
  if (entry === null || typeof entry !== 'object') throw new Error(`${where}: expected an object`);
  const raw = entry as Record<string, unknown>;
  const text = (field: string) => {
    const value = raw[field];
    if (typeof value !== 'string' || !value.trim()) throw new Error(`${where}: "${field}" must be a non-empty string`);
    return value.trim();
  };
  for (const field of urlFields) {
    const value = text(field);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${where}: "${field}" is not a URL: ${value}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`${where}: "${field}" must be an https URL, got ${value}`);
  }
  const ids = raw.deploymentIds;
  if (!Array.isArray(ids) || !ids.length || !ids.every((id) => typeof id === 'string' && id.trim()))
    throw new Error(`${where}: "deploymentIds" must list at least one deployment id (strings)`);
  return {
    name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : text('issuer'),
    issuer: text('issuer'),
    clientId: text('clientId'),
    authUrl: text('authUrl'),
    tokenUrl: text('tokenUrl'),
    jwksUrl: text('jwksUrl'),
    deploymentIds: [...new Set(ids.map((id: string) => id.trim()))],
  };
}

/** The file's platforms; a missing file is none, a malformed one an error naming the file and the entry. */
export function readPlatforms(file: string): PlatformEntry[] {
  if (!existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const list = (parsed as { platforms?: unknown })?.platforms;
  if (!Array.isArray(list)) throw new Error(`${file}: expected { "platforms": [ … ] }`);
  const platforms = list.map((entry, i) => checkPlatform(entry, `${file}, platform ${i + 1}`));
  const seen = new Set<string>();
  for (const platform of platforms) {
    const key = `${platform.issuer} ${platform.clientId}`;
    if (seen.has(key))
      throw new Error(`${file}: ${platform.issuer} with client id ${platform.clientId} is listed twice`);
    seen.add(key);
  }
  return platforms;
}

/**
 * Adds the platform to the file, or updates the entry with its issuer and client id (its deployment ids are added
 * to those already listed; `named: false` keeps the old name). Written whole, then renamed: a crash keeps the old.
 */
export function savePlatform(
  file: string,
  entry: PlatformEntry,
  { named = true }: { named?: boolean } = {},
): { added: boolean; platform: PlatformEntry } {
  const platforms = readPlatforms(file);
  const index = platforms.findIndex((p) => p.issuer === entry.issuer && p.clientId === entry.clientId);
  const old = platforms[index];
  const deploymentIds = [...new Set([...(old?.deploymentIds ?? []), ...entry.deploymentIds])];
  const platform = old ? { ...entry, name: named ? entry.name : old.name, deploymentIds } : entry;
  if (old) platforms[index] = platform;
  else platforms.push(platform);
  writeFileSync(`${file}.new`, `${JSON.stringify({ platforms }, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.new`, file);
  return { added: !old, platform };
}
