import { expect, test } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { E2E_PORT } from '../playwright.config';
import { signUp, uniqueName } from './helpers';

/**
 * The server is killed (SIGKILL, no shutdown) while an import's job writes, then started again on the same
 * embedded database: the job resumes where it stopped and every row is written exactly once. A server of its
 * own, on a data directory of its own, beside the one the other journeys use.
 */
const PORT = E2E_PORT + 3;
const BASE = `http://localhost:${PORT}`;
const ROWS = 1_500;
const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

type Server = {
  process: ChildProcess;
  exited: Promise<unknown>;
  logged: (event: string, times?: number) => Promise<void>;
  /** The path of the last link the server logged (an e-mail without SMTP) containing `part`. */
  loggedLink: (part: string) => string;
};

function startServer(dataDir: string): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES: '1000',
    RATE_LIMIT_EMAILS_PER_ADDRESS_PER_HOUR: '1000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['build/server.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const seen = new Map<string, number>();
  const lines: string[] = [];
  const waiting: { event: string; times: number; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    const event = /"event":"([^"]+)"/.exec(line)?.[1];
    if (!event) return;
    seen.set(event, (seen.get(event) ?? 0) + 1);
    for (const w of waiting.filter((w) => (seen.get(w.event) ?? 0) >= w.times)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  return {
    process: child,
    exited: new Promise((resolve) => child.once('exit', resolve)),
    logged: (event, times = 1) => ((seen.get(event) ?? 0) >= times ? Promise.resolve() : new Promise((resolve) => waiting.push({ event, times, resolve }))),
    loggedLink: (part) => {
      const links = lines.flatMap((line) => line.match(/https?:\/\/[^\s"\\]+/g) ?? []).filter((link) => link.includes(part));
      const link = links.at(-1);
      if (!link) throw new Error(`No logged link with ${part}`);
      return new URL(link).pathname + new URL(link).search;
    },
  };
}

async function waitUntilUp() {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${BASE}/~offline`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

/** What the reader's import wrote, read from the database while no server holds it. */
function counts(dataDir: string, username: string): Record<string, number | string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/import-counts.ts', username], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import-counts failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

test('the server killed in the middle of an import: started again, the job resumes and writes every row exactly once', async ({ browser }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-restart-'));
  let server = startServer(dataDir);
  try {
    await waitUntilUp();
    const page = await (await browser.newContext({ baseURL: BASE })).newPage();
    const username = uniqueName('reinicia');
    // A fresh data directory has no admin to read the outbox: without SMTP the link is in the server's log.
    const current = server;
    await signUp(page, username, 'vidas-secas-1938', undefined, async () => current.loggedLink('/auth/verificar-email'));

    // Books the empty catalogue lacks, each read once: every row creates a pending edition and a reading.
    const lines = [HEADER];
    for (let i = 1; i <= ROWS; i++) {
      const cells: Record<string, string> = {
        Title: `Romance da Retomada ${i}`,
        Author: `Autora Retomada ${i % 97}`,
        'Date Read': `2024/0${(i % 9) + 1}/${String((i % 28) + 1).padStart(2, '0')}`,
        'Exclusive Shelf': 'read',
        'Read Count': '1',
      };
      lines.push(
        HEADER.split(',')
          .map((c) => cells[c] ?? '')
          .join(','),
      );
    }
    await page.goto('/configuracoes/importar/goodreads');
    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n'), 'utf8') });
    await page.getByRole('button', { name: 'Ver prévia' }).click();
    await expect(page.getByText(/1\.500 livros entram no catálogo agora/)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Importar 1.500 livros' }).click();

    // Two batches are committed and the third (the last) is being written. No shutdown, no cleanup.
    await server.logged('imports.batch_applied', 2);
    server.process.kill('SIGKILL');
    await server.exited;
    const cut = counts(dataDir, username);
    test.info().annotations.push({ type: 'killed with', description: JSON.stringify(cut) });
    expect(cut.status).toBe('queued');
    expect(Number(cut.applied)).toBeGreaterThanOrEqual(500);
    expect(Number(cut.applied)).toBeLessThan(ROWS);
    expect(cut.rowsApplied).toBe(cut.applied);
    expect(cut.entries).toBe(cut.applied);

    // Started again on the same data: the page, reloaded, follows the same import to its report.
    server = startServer(dataDir);
    await waitUntilUp();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Importação concluída' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('1.500 livros novos na sua estante')).toBeVisible();
    await expect(page.getByText(/não importad/)).toHaveCount(0);

    server.process.kill('SIGTERM');
    await server.exited;
    expect(counts(dataDir, username)).toEqual({
      status: 'done',
      total: ROWS,
      applied: ROWS,
      rowsApplied: ROWS,
      entries: ROWS,
      editions: ROWS,
      readings: ROWS,
      pending: ROWS,
      pendingTitles: ROWS,
    });
  } finally {
    if (server.process.exitCode === null && server.process.signalCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
