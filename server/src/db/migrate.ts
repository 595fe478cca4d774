// Versioned migrations: server/migrations/NNN_name.sql, applied in order once each, under one advisory lock so that
// two tool instances starting together against one database do not race.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';

const lockKey = 4_137_551; // any constant shared by every instance of this tool

export interface Migration {
  version: string;
  sql: string;
}

/** The migrations in `folder`, in version order; a file not named NNN_name.sql is an error, not skipped. */
export function readMigrations(folder: string): Migration[] {
  return readdirSync(folder)
    .sort()
    .map((name) => {
      const match = /^(\d{3})_[a-z0-9_]+\.sql$/.exec(name);
      if (!match) throw new Error(`server/migrations/${name}: expected a name like 001_what_it_does.sql`);
      return { version: name.replace(/\.sql$/, ''), sql: readFileSync(join(folder, name), 'utf8') };
    });
}

/** Applies the migrations not yet applied; returns the versions it applied. */
export async function migrate(pool: Pool, migrations: Migration[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations' +
        ' (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    client.release();
  }
}
