/**
 * Size and time of the full archive of bench:reading's signed-in reader (bench_leitora, 2,000 entries), after
 * bench/catalog-fill.ts and bench/reading-fill.ts. Not yet an npm script (work in progress, decision 0031).
 */
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { closeDatabase, queryRows } from '~/db/client.server';
import { archiveData } from '~/features/export/archive.server';

async function main() {
  const [reader] = await queryRows<{ id: string; n: number }>(
    sql`SELECT u.id, (SELECT count(*)::int FROM shelf_entries s WHERE s.user_id = u.id) AS n FROM users u WHERE u.username = 'bench_leitora'`,
  );
  if (!reader) throw new Error('no bench_leitora');
  const started = performance.now();
  const { data, images } = await archiveData(reader.id);
  const read = performance.now();
  const json = strToU8(JSON.stringify(data, null, 2));
  const zip = zipSync({ 'data.json': json }, { level: 6 });
  const done = performance.now();
  console.log(
    JSON.stringify({
      entries: reader.n,
      sections: Object.fromEntries(
        Object.entries(data)
          .filter(([, v]) => Array.isArray(v))
          .map(([k, v]) => [k, (v as unknown[]).length]),
      ),
      images: images.length,
      jsonBytes: json.byteLength,
      zipBytes: zip.byteLength,
      readMs: Math.round(read - started),
      zipMs: Math.round(done - read),
      rssMB: Math.round(process.memoryUsage().rss / 1e6),
    }),
  );
  await closeDatabase();
}
void main();
