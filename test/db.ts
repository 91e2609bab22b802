import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createPostgresPool, drizzleOptions, pgliteExtensions, useDatabaseForTests, type Database, type Db } from '~/db/client.server';
import { resetAuthForTests } from '~/features/accounts/auth.server';
import { closeRealtime } from '~/server/realtime.server';
import { withDatabase } from './global-setup';

/**
 * Gives every test in the file a fresh, migrated database: a clone of an in-memory PGlite template, or a
 * copy of the PostgreSQL template database when DATABASE_URL is set.
 */
export function useTestDatabase() {
  let template: PGlite | undefined;
  let current: Database | undefined;
  const pgTemplate = inject('pgTemplate');

  beforeAll(async () => {
    if (pgTemplate) return;
    template = new PGlite({ extensions: pgliteExtensions });
    await migrate(drizzlePglite(template), { migrationsFolder: path.resolve('app/db/migrations') });
  });

  beforeEach(async () => {
    resetAuthForTests();
    current = await openCopy(pgTemplate, template);
    useDatabaseForTests(current);
  });

  afterEach(async () => {
    await closeRealtime();
    useDatabaseForTests(undefined);
    await current?.close();
    current = undefined;
  });

  afterAll(async () => {
    await template?.close();
  });
}

/** A fresh copy of the migrated template: a PostgreSQL database made from it, or a PGlite clone. */
async function openCopy(pgTemplate: string | null, template: PGlite | undefined): Promise<Database> {
  if (pgTemplate) {
    const url = process.env.DATABASE_URL ?? '';
    const name = `maratona_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const pool = createPostgresPool(withDatabase(url, name), 4);
    // Dropping the database ends idle connections; that is expected here.
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      db: drizzleNodePg(pool, drizzleOptions) as unknown as Db,
      pool,
      url: withDatabase(url, name),
      close: async () => {
        await pool.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const pglite = (await template?.clone()) as PGlite;
  return { kind: 'pglite', db: drizzlePglite(pglite, drizzleOptions) as unknown as Db, pglite, dataDir: 'memory', close: () => pglite.close() };
}

/**
 * One database for the whole file, filled once by `fill` (the demo catalogue, say): for read-only
 * suites where re-creating the data per test would cost more than the tests.
 */
/** Filling a whole demo catalogue takes seconds on an idle machine and much longer on a busy CI one. */
const FILL_TIMEOUT_MS = 240_000;

export function useSharedTestDatabase(fill: () => Promise<void>) {
  let template: PGlite | undefined;
  let current: Database | undefined;
  const pgTemplate = inject('pgTemplate');

  beforeAll(async () => {
    resetAuthForTests();
    if (!pgTemplate) {
      template = new PGlite({ extensions: pgliteExtensions });
      await migrate(drizzlePglite(template), { migrationsFolder: path.resolve('app/db/migrations') });
    }
    current = await openCopy(pgTemplate, template);
    useDatabaseForTests(current);
    await fill();
  }, FILL_TIMEOUT_MS);

  afterAll(async () => {
    await closeRealtime();
    useDatabaseForTests(undefined);
    await current?.close();
    await template?.close();
  });
}
