// Versioned migrations against a real PostgreSQL: each applied once, two instances starting together do not race.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { migrate, readMigrations } from '../../dist/server/db/migrate.js';
import { throwawayPostgres } from './postgres.mjs';

let cluster;
let pool;
const folder = mkdtempSync(join(tmpdir(), 'attention-lab-migrations-'));
before(async () => {
  cluster = await throwawayPostgres();
  pool = new pg.Pool({ connectionString: cluster.url, max: 4 });
});
after(async () => {
  await pool?.end();
  cluster?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('each migration is applied once, in order, even when two instances start together', async () => {
  writeFileSync(join(folder, '002_add_note.sql'), 'ALTER TABLE marks ADD COLUMN note text;');
  writeFileSync(join(folder, '001_create_marks.sql'), 'CREATE TABLE marks (id serial PRIMARY KEY);');
  const migrations = readMigrations(folder);
  assert.deepEqual(
    migrations.map((m) => m.version),
    ['001_create_marks', '002_add_note'],
  );
  const [first, second] = await Promise.all([migrate(pool, migrations), migrate(pool, migrations)]);
  assert.deepEqual([...first, ...second].sort(), ['001_create_marks', '002_add_note']);
  assert.deepEqual(await migrate(pool, migrations), []);
  const columns = await pool.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'marks'");
  assert.deepEqual(columns.rows.map((row) => row.column_name).sort(), ['id', 'note']);
});

test('a failing migration rolls back, names itself, and is tried again next time', async () => {
  writeFileSync(join(folder, '003_broken.sql'), 'CREATE TABLE half (id int); SELECT no_such_function();');
  await assert.rejects(migrate(pool, readMigrations(folder)), /migration 003_broken failed: .*no_such_function/);
  const half = await pool.query("SELECT to_regclass('half') AS name");
  assert.equal(half.rows[0].name, null);
  writeFileSync(join(folder, '003_broken.sql'), 'CREATE TABLE half (id int);');
  assert.deepEqual(await migrate(pool, readMigrations(folder)), ['003_broken']);
});

test('a file not named NNN_name.sql is refused by name, not skipped', () => {
  writeFileSync(join(folder, 'notes.sql'), '');
  assert.throws(() => readMigrations(folder), /server\/migrations\/notes\.sql: expected a name like 001_/);
});
