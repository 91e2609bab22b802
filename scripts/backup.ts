/**
 * npm run backup — while the server runs, asks it (it holds the embedded database's lock); otherwise
 * opens the database itself. Prints the file and the row counts.
 */
import { closeDatabase, pgliteDataDir } from '~/db/client.server';
import { lockHolder } from '~/db/lock.server';
import { backupToken, createBackup } from '~/server/backup.server';
import { getEnv } from '~/server/env.server';

async function main() {
  const env = getEnv();
  const running = env.DATABASE_URL ? null : lockHolder(`${pgliteDataDir()}.lock`);
  let result: { file: string; counts: Record<string, number> };
  if (running) {
    const url = `http://127.0.0.1:${env.PORT}/api/interno/backup`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${backupToken()}` } });
    } catch {
      throw new Error(`O servidor (processo ${running}) usa o banco, mas não respondeu em ${url}. Confira PORT ou pare o servidor e rode o backup de novo.`);
    }
    if (!response.ok) throw new Error(`O servidor recusou o backup (HTTP ${response.status}). AUTH_SECRET e DATA_DIR precisam ser os mesmos do servidor.`);
    result = (await response.json()) as typeof result;
  } else {
    result = await createBackup();
    await closeDatabase();
  }
  console.log(`Backup salvo em ${result.file}`);
  console.log(
    Object.entries(result.counts)
      .map(([t, n]) => `  ${t}: ${n}`)
      .join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
