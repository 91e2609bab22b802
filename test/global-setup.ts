import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * With DATABASE_URL set, the suite runs on real PostgreSQL: one migrated template database per run,
 * copied (CREATE DATABASE … TEMPLATE) for every test. Without it, each test file migrates an in-memory
 * PGlite once and clones it per test (test/db.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
  const template = `maratona_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(url, template);
  const pool = new pg.Pool({ connectionString: templateUrl });
  await migrate(drizzle(pool), { migrationsFolder: path.resolve('app/db/migrations') });
  await pool.end();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
