// Client-credentials access tokens for AGS and NRPS, through ltijs: the Platform object signs the JWT assertion with
// the tool's key for that platform, asks the platform's token endpoint and caches the token in the database.
import { PermanentRefusal } from './score-outcome.js';

/** What the scores part needs of ltijs's Provider (typed here: ltijs ships no types). */
export interface LtiPlatforms {
  getPlatformById(platformId: string): Promise<LtiPlatform | false>;
  Database: { Delete(table: string, info: Record<string, string>): Promise<unknown> };
}

interface LtiPlatform {
  platformUrl(): Promise<string>;
  platformClientId(): Promise<string>;
  platformActive(): Promise<boolean>;
  platformAccessToken(scopes: string): Promise<{ token_type: string; access_token: string }>;
}

export interface PlatformTokens {
  /** The `Authorization` header for `scope` at the platform: a cached token, or a fresh one. */
  authorization(platformId: string, scope: string): Promise<string>;
  /** Drops the cached token the platform refused (HTTP 401), so the next try asks for a fresh one. */
  forget(platformId: string, scope: string): Promise<void>;
}

async function platformOf(lti: LtiPlatforms, platformId: string): Promise<LtiPlatform> {
  const platform = await lti.getPlatformById(platformId);
  if (!platform) throw new PermanentRefusal(`platform ${platformId} is no longer registered with the tool`);
  return platform;
}

// got (inside ltijs) says "Response code 401 (Unauthorized)"; the token endpoint's own words are in the body.
function tokenError(error: unknown): Error {
  const { message, response } = error as { message?: string; response?: { body?: unknown } };
  const body = typeof response?.body === 'string' ? `: ${response.body.slice(0, 300)}` : '';
  return new Error(`the platform's token endpoint refused: ${message ?? String(error)}${body}`, { cause: error });
}

export function ltijsTokens(lti: LtiPlatforms): PlatformTokens {
  // One request per platform and scope at a time in this process; ltijs caches the answer for the others.
  const pending = new Map<string, Promise<string>>();
  const ask = async (platformId: string, scope: string): Promise<string> => {
    const platform = await platformOf(lti, platformId);
    if (!(await platform.platformActive())) throw new Error(`platform ${platformId} is deactivated in the tool`);
    try {
      const token = await platform.platformAccessToken(scope);
      return `${token.token_type} ${token.access_token}`;
    } catch {
      // Another instance caching the same token at the same moment makes ltijs's insert fail once: read it again.
      try {
        const token = await platform.platformAccessToken(scope);
        return `${token.token_type} ${token.access_token}`;
      } catch (error) {
        throw tokenError(error);
      }
    }
  };
  return {
    authorization(platformId, scope) {
      const key = `${platformId}\n${scope}`;
      let request = pending.get(key);
      if (!request) {
        request = ask(platformId, scope).finally(() => pending.delete(key));
        pending.set(key, request);
      }
      return request;
    },
    async forget(platformId, scope) {
      const platform = await platformOf(lti, platformId);
      const [platformUrl, clientId] = [await platform.platformUrl(), await platform.platformClientId()];
      await lti.Database.Delete('accesstoken', { platformUrl, clientId, scopes: scope });
    },
  };
}
