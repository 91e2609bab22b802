import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { getEnv } from '~/server/env.server';
import { log } from '~/server/logger.server';
import { queryCountLogger } from '~/server/query-count.server';
import { acquireLock } from './lock.server';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database as the process holds it: one PGlite, or a pool plus a dedicated LISTEN client. */
export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; dataDir: string; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

/** How every connection of the app (and of the tests) is wrapped by Drizzle. */
export const drizzleOptions = { schema, casing: 'snake_case', logger: queryCountLogger } as const;

export const pgliteExtensions = { pg_trgm, unaccent };

let current: Database | undefined;

export function pgliteDataDir(): string {
  return path.join(getEnv().dataDir, 'db');
}

/** Opens the configured database once per process (lazily: nothing opens it at module load). */
export function getDatabase(): Database {
  current ??= getEnv().DATABASE_URL ? openPostgres(getEnv().DATABASE_URL ?? '') : openPglite(pgliteDataDir());
  return current;
}

export function getDb(): Db {
  return getDatabase().db;
}

export function openPglite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(`${dataDir}.lock`);
  const pglite = new PGlite(dataDir, { extensions: pgliteExtensions });
  const db = drizzlePglite(pglite, drizzleOptions) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    dataDir,
    close: async () => {
      await pglite.close();
      release();
    },
  };
}

/**
 * Session settings of every PostgreSQL connection. Our statements are short and indexed, so neither JIT nor
 * parallel workers pay for themselves: a feed query whose estimate crossed jit_above_cost spent 774 ms of
 * 1,089 compiling, and a reader's yearly goal took 44 ms with one parallel worker against 11 ms without
 * (bench:reading, /home).
 */
const POSTGRES_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * Statements with parameters run as named (prepared) statements: PostgreSQL parses and plans each text once
 * per connection instead of on every run, which was a quarter of the database's CPU on `/home` (planning
 * the feed's statement alone took 2.8 ms; paired, PostgreSQL's CPU per `/home` is 2.7 times as much without them,
 * decision 0042, docs/upgrading.md). Names are per text, the same on every connection.
 * Texts that vary with a list's length would prepare without end, so a process names at most
 * `STATEMENT_NAMES_MAX` texts and a connection prepares at most `PREPARED_PER_CONNECTION`; the rest run
 * unnamed, as before.
 */
const STATEMENT_NAMES_MAX = 2_000;
export const PREPARED_PER_CONNECTION = 200;
const statementNames = new Map<string, string>();

type StatementConfig = { text: string; name?: string };
const isStatementConfig = (config: unknown): config is StatementConfig =>
  typeof config === 'object' && config !== null && typeof (config as StatementConfig).text === 'string' && !(config as StatementConfig).name;

function withStatementName(config: unknown, values: unknown, prepared: Set<string>): unknown {
  if (!isStatementConfig(config) || !Array.isArray(values) || values.length === 0) return config;
  let name = statementNames.get(config.text);
  if (!name) {
    if (statementNames.size >= STATEMENT_NAMES_MAX) return config;
    name = `maratona_${statementNames.size}`;
    statementNames.set(config.text, name);
  }
  if (!prepared.has(name)) {
    if (prepared.size >= PREPARED_PER_CONNECTION) return config;
    prepared.add(name);
  }
  return { ...config, name };
}

/** The pool of the app (and of the PostgreSQL tests): session options and named statements on every connection. */
export function createPostgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options: POSTGRES_SESSION_OPTIONS });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    const prepared = new Set<string>();
    Object.assign(client, {
      query: (config: unknown, values?: unknown, callback?: unknown) => query(withStatementName(config, values, prepared), values, callback),
    });
  });
  return pool;
}

export function openPostgres(url: string): Database {
  const pool = createPostgresPool(url, 10);
  // An idle connection dropped by the server must not crash the process; the pool reconnects.
  pool.on('error', (error) => log.warn('db.idle_connection_error', { error: error.message }));
  const db = drizzleNodePg(pool, drizzleOptions) as unknown as Db;
  return { kind: 'postgres', db, pool, url, close: () => pool.end() };
}

export async function migrateDatabase(database: Database = getDatabase()): Promise<void> {
  // Servers and scripts run from the repository root, where the committed migrations live.
  const migrationsFolder = path.resolve('app/db/migrations');
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
  } else {
    await migrateNodePg(drizzleNodePg(database.pool), { migrationsFolder });
  }
}

export async function closeDatabase(): Promise<void> {
  const database = current;
  current = undefined;
  await database?.close();
}

/** Tests install their own (cloned, migrated) database. */
export function useDatabaseForTests(database: Database | undefined) {
  current = database;
}

/** Raw SQL rows: both drivers answer `{ rows }`, which the shared database type cannot express. */
export async function queryRows<T>(query: SQL, db: Db | Tx = getDb()): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A row count written into the statement's text instead of sent as a parameter, for the app's own constants
 * only. PostgreSQL plans a parameter LIMIT without its value, so a statement whose LIMIT bounds an index walk
 * was planned again on every run (the following activity: 1.5 ms of planning to 1.6 ms of work on /home).
 */
export function rowCount(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`rowCount: ${count} is not a row count`);
  return sql.raw(String(count));
}

/**
 * A list as one JSON parameter read back as rows, `FROM ${jsonRecords(rows, 'id text, n int')}` (alias `p`):
 * any length, where separate parameters stop at PostgreSQL's 65,535.
 */
export const jsonRecords = (rows: readonly unknown[], columns: string, alias = 'p') =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS ${sql.raw(alias)}(${sql.raw(columns)})`;

/** A list of texts as one JSON parameter read back as a table of one column, `FROM ${jsonTextRows(ids, 'q(id)')}`. */
export const jsonTextRows = (values: readonly string[], alias: string) => sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) AS ${sql.raw(alias)}`;

/** A list of texts as one JSON parameter, for `x IN ${jsonTexts(ids)}`. */
export const jsonTexts = (values: readonly string[]) => sql`(SELECT q.v FROM ${jsonTextRows(values, 'q(v)')})`;
