// Registration: the platforms file goes into ltijs (issuer, client id, URLs; ltijs makes the tool's key pair for
// each) and the deployment ids into lti_deployments, which every launch is checked against.
import type { Pool } from 'pg';
import type { LtiProvider } from 'ltijs';
import type { PlatformEntry } from './platforms.js';

/** Registers every platform and makes the file's deployment ids the only ones accepted. */
export async function registerPlatforms(lti: LtiProvider, pool: Pool, platforms: PlatformEntry[]): Promise<void> {
  for (const platform of platforms) {
    await lti.registerPlatform({
      url: platform.issuer,
      name: platform.name,
      clientId: platform.clientId,
      authenticationEndpoint: platform.authUrl,
      accesstokenEndpoint: platform.tokenUrl,
      authConfig: { method: 'JWK_SET', key: platform.jwksUrl },
    });
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('DELETE FROM lti_deployments');
    for (const platform of platforms)
      for (const deploymentId of platform.deploymentIds)
        await client.query('INSERT INTO lti_deployments (issuer, client_id, deployment_id) VALUES ($1, $2, $3)', [
          platform.issuer,
          platform.clientId,
          deploymentId,
        ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function isRegisteredDeployment(
  pool: Pool,
  issuer: string,
  clientId: string,
  deploymentId: string,
): Promise<boolean> {
  const found = await pool.query(
    'SELECT 1 FROM lti_deployments WHERE issuer = $1 AND client_id = $2 AND deployment_id = $3',
    [issuer, clientId, deploymentId],
  );
  return (found.rowCount ?? 0) > 0;
}
