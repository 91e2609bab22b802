/**
 * npm run bench:import (after npm run build, with BENCH_DATABASE_URL) — figures, not tests. On the 100k-edition
 * catalogue (bench/catalog-fill.ts, reused when filled), a new reader imports a generated Goodreads export of
 * 10,000 rows and then one of 50,000 through the built server, as a browser would (upload, preview, confirm),
 * while a probe asks for a catalogue search and the reader's /estante every half second. Prints, per file: the
 * preview's time (read, match, store), the job's time to the report, the server's memory growth, and the slowest
 * probe answer. Rows: 60 % by ISBN, 25 % by title and author only, 15 % books (of 300 authors) the catalogue lacks.
 * Targets (issue "Your data"): 10,000 rows ≤ 10 s, 50,000 ≤ 60 s, memory growth ≤ 300 MB, pages < 1 s.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { benchEnv, pgUrl, rssMb, runScript, signIn, startServer, stopServer, verdict, waitFor } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3340);
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '10000,50000').split(',').map(Number);
const TARGET_SECONDS: Record<number, number> = { 10_000: 10, 50_000: 60 };
const MEMORY_TARGET_MB = 300;
const PAGE_TARGET_MS = 1000;
const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

type Sample = { isbn13: string | null; title: string; author: string };

/** A Goodreads export of `size` rows built from the catalogue's own editions, plus books it lacks. */
function goodreadsFile(size: number, editions: Sample[], run: string): string {
  const shelves = ['to-read', 'currently-reading', 'read', 'read', 'read'];
  const lines = [HEADER];
  for (let i = 0; i < size; i++) {
    const kind = i % 20 < 12 ? 'isbn' : i % 20 < 17 ? 'title' : 'new';
    const edition = editions[(i * 7919) % editions.length]!;
    const title = kind === 'new' ? `Livro importado ${run} número ${i}` : edition.title;
    // Books the catalogue lacks come by 300 authors it lacks too, new on every run (so runs do not meet earlier runs' pending editions).
    const author = kind === 'new' ? `Autora Inédita ${run.replace(/[^a-z0-9]/gi, '')}x${i % 300}` : edition.author;
    const isbn = kind === 'isbn' && edition.isbn13 ? `="${edition.isbn13}"` : '=""';
    const shelf = shelves[i % shelves.length]!;
    const day = String((i % 28) + 1).padStart(2, '0');
    const cells = [
      String(900000 + i),
      title,
      author,
      '',
      '',
      '=""',
      isbn,
      String(i % 6),
      '3.9',
      '',
      'Paperback',
      '200',
      '2019',
      '2001',
      shelf === 'read' ? `2024/0${(i % 9) + 1}/${day}` : '',
      `2023/1${i % 3}/${day}`,
      i % 10 === 0 ? 'favoritos' : '',
      '',
      shelf,
      i % 25 === 0 ? 'Gostei muito, recomendo.' : '',
      '',
      '',
      shelf === 'read' ? '1' : '0',
      String(i % 2),
    ];
    lines.push(cells.map(quote).join(','));
  }
  return lines.join('\n');
}

async function main() {
  if (!pgUrl) {
    console.error('bench:import needs BENCH_DATABASE_URL (the catalogue is sampled from the database while the server holds it).');
    process.exit(1);
  }
  const { env, base, dataDir } = benchEnv(PORT);
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    runScript('bench/catalog-fill.ts', env, true);
    await client.connect();
    const editions = (
      await client.query<Sample>(`
        SELECT e.isbn13, e.title, coalesce((SELECT a.name FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id ORDER BY wa.position LIMIT 1), '') AS author
        FROM editions e WHERE e.pending_since IS NULL ORDER BY md5(e.id) LIMIT 20000`)
    ).rows;
    const server = startServer(env);
    await waitFor(`${base}/~offline`);
    try {
      const run = Date.now().toString(36);
      const username = `imp_${run}`.slice(0, 20);
      const signUp = await fetch(`${base}/auth/signin`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
        body: new URLSearchParams({
          intent: 'criar',
          callbackUrl: '/',
          email: `${username}@bench.maratona.app`,
          username,
          password: 'importa-bench-2026',
          birthDate: '1990-01-01',
        }),
      });
      if (signUp.status !== 200) throw new Error(`sign-up failed (${signUp.status})`);
      // A new account signs in once its address is confirmed (decision 0034): the bench confirms it in the database.
      await client.query('UPDATE users SET email_verified = true WHERE username = $1', [username]);
      const cookie = await signIn(base, { username, password: 'importa-bench-2026' });
      const rows: Record<string, string | number>[] = [];
      for (const size of SIZES) {
        const text = goodreadsFile(size, editions, `${run}-${size}`);
        const rssBefore = rssMb(server.pid!);
        let rssPeak = rssBefore;
        let slowest = 0;
        const slowestOf: Record<string, number> = {};
        let phase = 'preview';
        let probing = true;
        // The probe: a catalogue search and the importing reader's /estante, one after the other, all along.
        const probe = (async () => {
          const pages = ['/catalogo?q=amor', '/estante'];
          for (let i = 0; probing; i++) {
            const started = performance.now();
            const response = await fetch(`${base}${pages[i % 2]}`, { headers: { Cookie: cookie } });
            await response.arrayBuffer();
            const ms = performance.now() - started;
            slowest = Math.max(slowest, ms);
            const key = `${pages[i % 2]} (${phase})`;
            slowestOf[key] = Math.max(slowestOf[key] ?? 0, Math.round(ms));
            rssPeak = Math.max(rssPeak, rssMb(server.pid!));
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        })();

        const form = new FormData();
        form.append('arquivo', new File([text], `goodreads-${size}.csv`, { type: 'text/csv' }));
        const uploadStarted = performance.now();
        const upload = await fetch(`${base}/configuracoes/importar`, {
          method: 'POST',
          body: form,
          redirect: 'manual',
          headers: { Cookie: cookie, Origin: base },
        });
        const location = upload.headers.get('location');
        if (!location) throw new Error(`upload of ${size} rows failed (${upload.status}): ${(await upload.text()).slice(0, 300)}`);
        const previewMs = performance.now() - uploadStarted;
        const id = location.split('/').at(-1)!;
        phase = 'job';
        const confirmStarted = performance.now();
        const confirm = await fetch(`${base}${location}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ intent: 'confirmar' }),
        });
        if (confirm.status !== 302 && confirm.status !== 303) throw new Error(`confirming failed (${confirm.status})`);
        let status = 'queued';
        let counts: Record<string, number> = {};
        while (status !== 'done') {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const [record] = (
            await client.query<{ status: string; counts: Record<string, number> }>('SELECT status, counts FROM reader_imports WHERE id = $1', [id])
          ).rows;
          status = record?.status ?? 'missing';
          counts = record?.counts ?? {};
          if (status === 'missing') throw new Error('the import disappeared');
        }
        const applyMs = performance.now() - confirmStarted;
        probing = false;
        await probe;
        const totalSeconds = (previewMs + applyMs) / 1000;
        rows.push({
          rows: size,
          'preview s': (previewMs / 1000).toFixed(1),
          'job s': (applyMs / 1000).toFixed(1),
          'total s': `${totalSeconds.toFixed(1)} (≤ ${TARGET_SECONDS[size] ?? '?'}: ${verdict(totalSeconds <= (TARGET_SECONDS[size] ?? Infinity))})`,
          'RSS growth MB': `${Math.round(rssPeak - rssBefore)} (${verdict(rssPeak - rssBefore <= MEMORY_TARGET_MB)})`,
          'slowest page ms': `${Math.round(slowest)} (${verdict(slowest < PAGE_TARGET_MS)})`,
          counts: JSON.stringify(counts),
        });
        console.log(`${size} rows, slowest answer of each page (ms):`, JSON.stringify(slowestOf));
      }
      console.table(rows);
    } finally {
      await stopServer(server);
    }
  } finally {
    await client.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
