// A throwaway PostgreSQL cluster for one test file: started before its tests, stopped and deleted after them.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../../scripts/postgres.mjs';

export async function throwawayPostgres() {
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-pg-'));
  chmodSync(folder, 0o755); // as root the cluster belongs to the postgres user, who must enter this folder
  const cluster = await startPostgres({ folder: join(folder, 'data'), throwaway: true });
  return {
    url: cluster.url,
    port: cluster.port,
    stop() {
      cluster.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
