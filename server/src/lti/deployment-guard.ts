// ltijs checks that a launch names a deployment id, not that the id is one the platform registered. It stores the
// validated token (its 'idtoken' record) before any cookie or ltik exists: refusing that write refuses the launch
// there, after the signature and nonce checks and before any session starts.
import Database from 'ltijs-sequelize';

export type DeploymentCheck = (issuer: string, clientId: string, deploymentId: string) => Promise<boolean>;

export class DeploymentGuardedDatabase extends Database {
  constructor(
    database: string,
    user: string,
    password: string,
    options: Record<string, unknown>,
    private readonly isRegistered: DeploymentCheck,
  ) {
    super(database, user, password, options);
  }

  override async Replace(
    key: string | false,
    table: string,
    info: Record<string, unknown>,
    item: Record<string, unknown>,
    index?: Record<string, unknown>,
  ): Promise<boolean> {
    if (table === 'idtoken') {
      const [iss, clientId, deploymentId] = [info.iss, info.clientId, info.deploymentId].map(String) as [
        string,
        string,
        string,
      ];
      if (!(await this.isRegistered(iss, clientId, deploymentId)))
        throw new Error(`DEPLOYMENT_NOT_REGISTERED:${deploymentId}`);
    }
    return super.Replace(key, table, info, item, index);
  }
}
