import { PGlite } from '@electric-sql/pglite';
import { spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase, pgliteExtensions, queryRows, type Database } from '~/db/client.server';
import { lockHolder } from '~/db/lock.server';
import { getEnv } from './env.server';

/**
 * Backups of the embedded database are PGlite data-directory dumps (.tar.gz); of PostgreSQL, pg_dump
 * custom-format files. A running server makes the embedded backup itself (it holds the lock); the
 * `npm run backup` script asks it through /api/interno/backup with a token derived from the secret.
 */
export const backupToken = () => createHmac('sha256', getEnv().authSecret).update('maratona-backup').digest('hex');

export function isBackupTokenValid(token: string | null): boolean {
  const expected = Buffer.from(backupToken());
  const given = Buffer.from(token ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function tableRowCounts(database: Database = getDatabase()): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    database.db,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`, database.db);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

export async function createBackup(database: Database = getDatabase()): Promise<{ file: string; counts: Record<string, number> }> {
  const dir = path.join(getEnv().dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  const counts = await tableRowCounts(database);
  if (database.kind === 'pglite') {
    const dump = await database.pglite.dumpDataDir('gzip');
    const file = path.join(dir, `maratona-${stamp()}.pglite.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    writeFileSync(`${file}.counts.json`, JSON.stringify(counts, null, 2));
    return { file, counts };
  }
  const file = path.join(dir, `maratona-${stamp()}.pgdump`);
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, database.url], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      `pg_dump falhou: ${result.error?.message ?? result.stderr.trim()}. Instale o cliente do PostgreSQL (pacote postgresql-client) na mesma versão do servidor.`,
    );
  }
  writeFileSync(`${file}.counts.json`, JSON.stringify(counts, null, 2));
  return { file, counts };
}

/** Restores into a stopped, empty data directory (PGlite) or an empty database (PostgreSQL). */
export async function restoreBackup(file: string): Promise<Record<string, number>> {
  if (!existsSync(file)) throw new Error(`Arquivo não encontrado: ${file}`);
  const env = getEnv();
  if (file.endsWith('.pglite.tar.gz')) {
    if (env.DATABASE_URL) throw new Error('Este backup é do banco embutido; remova DATABASE_URL para restaurá-lo.');
    const dir = path.join(env.dataDir, 'db');
    const holder = lockHolder(`${dir}.lock`);
    if (holder) throw new Error(`O servidor (processo ${holder}) está usando ${dir}. Pare-o antes de restaurar.`);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} não está vazio. Mova-o para outro lugar antes de restaurar.`);
    mkdirSync(dir, { recursive: true });
    const pglite = new PGlite(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([readFileSync(file)]) });
    await pglite.waitReady;
    await pglite.close();
  } else {
    if (!env.DATABASE_URL) throw new Error('Este backup é do PostgreSQL; defina DATABASE_URL com um banco vazio.');
    const result = spawnSync('pg_restore', ['--no-owner', `--dbname=${env.DATABASE_URL}`, file], { encoding: 'utf8' });
    if (result.error || result.status !== 0) throw new Error(`pg_restore falhou: ${result.error?.message ?? result.stderr.trim()}`);
  }
  try {
    return await tableRowCounts(getDatabase());
  } finally {
    await closeDatabase();
  }
}
